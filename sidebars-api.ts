import {existsSync} from 'node:fs';
import path from 'node:path';
import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';

// api/sidebar.ts is generated from the definition by `npm run gen-api` (build output).
const generatedFile = path.join(__dirname, 'api', 'sidebar.ts');
if (!existsSync(generatedFile)) {
  throw new Error('api/sidebar.ts is missing: run `npm run gen-api` (npm start and npm run build do it).');
}
// eslint-disable-next-line @typescript-eslint/no-require-imports -- after the check above: an import would fail first, without its hint
const generated = require('./api/sidebar').default as SidebarsConfig[string];

const sidebars: SidebarsConfig = {
  'openapi-sidebar-default': [
    {type: 'doc', id: 'index', label: 'Overview'},
    {type: 'doc', id: 'introduction', label: 'Introduction'},
    ...(generated as unknown[]),
  ] as SidebarsConfig[string],
};

export default sidebars;
