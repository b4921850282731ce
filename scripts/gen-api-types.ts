/**
 * `npm run gen-api`'s types step: the API's TypeScript types from the bundled definition
 * (static/openapi.json; tooling/api-types.ts), one text written where each reader needs it (all
 * build output, none committed): examples/kestrel-api-types.ts for the examples, which stand alone;
 * definition/kestrel-api-types.ts for the sandbox and the MCP server; static/kestrel-api-types.ts,
 * which the site serves at /kestrel-api-types.ts beside the definition, so a reader who copies an
 * example from a page can download the types it imports. A renamed or deleted operation then
 * fails `tsc` where the code names it.
 *
 *   node scripts/gen-api-types.ts [bundled-definition.json]
 */
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {apiTypesSource} from '../tooling/api-types.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const API_TYPES_FILES = [
  'examples/kestrel-api-types.ts',
  'definition/kestrel-api-types.ts',
  'static/kestrel-api-types.ts',
];
const HEADER = `// The Kestrel API's types, generated from its OpenAPI definition by openapi-typescript
// (npm run gen-api): do not edit.`;

async function main(): Promise<void> {
  const input = path.resolve(ROOT, process.argv[2] ?? 'static/openapi.json');
  try {
    const source = await apiTypesSource(
      JSON.parse(readFileSync(input, 'utf8')) as Parameters<typeof apiTypesSource>[0],
      HEADER,
    );
    for (const file of API_TYPES_FILES) writeFileSync(path.join(ROOT, file), source);
    console.log(`gen-api-types: ${path.relative(ROOT, input)} -> ${API_TYPES_FILES.join(', ')}`);
  } catch (error) {
    console.error(`gen-api-types: ${(error as Error).message}`);
    process.exit(1);
  }
}

await main();
