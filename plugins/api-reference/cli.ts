/**
 * `npm run gen-api`'s second step (after scripts/bundle-openapi.mjs): the reference pages from
 * the bundled definition, written into api/, and each release's definition for download, copied
 * into static/ (./release-files.ts).
 *
 *   node plugins/api-reference/cli.ts
 */
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {loadDefinition} from '../../definition/index.ts';
import {writePages} from './page-files.ts';
import {writeReleaseFiles} from './release-files.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const API_DIR = path.join(ROOT, 'api');

try {
  const {pages, written, deleted} = writePages(loadDefinition(), API_DIR);
  console.log(`api-reference: ${pages} pages -> api/ (${written} files written, ${deleted} deleted)`);
  const releases = writeReleaseFiles(path.join(ROOT, 'static'));
  console.log(`api-reference: ${releases.length} release definitions -> static${path.dirname(releases[0] ?? '')}/`);
} catch (error) {
  console.error(`api-reference: ${(error as Error).message}`);
  process.exit(1);
}
