/**
 * `npm run gen-api`'s second step (after scripts/bundle-openapi.mjs): the reference pages from
 * the bundled definition, written into api/.
 *
 *   node plugins/api-reference/cli.ts
 */
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {loadDefinition} from '../../definition/index.ts';
import {writePages} from './page-files.ts';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'api');

try {
  const {pages, written, deleted} = writePages(loadDefinition(), API_DIR);
  console.log(`api-reference: ${pages} pages -> api/ (${written} files written, ${deleted} deleted)`);
} catch (error) {
  console.error(`api-reference: ${(error as Error).message}`);
  process.exit(1);
}
