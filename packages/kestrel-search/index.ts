/**
 * Everything about search, as one theme plugin: the index files, written after the build
 * (./indexing), and the search box (./theme/SearchBar), which searches them with the ranking of
 * ./engine, as `searchBuiltSite` (./engine/node.ts) does in Node.
 *
 * Only docs are indexed (guides and API pages), never blog or other pages. One file per tag, as
 * the search box asks for them: `search-index-default.json` (no documents) and
 * `search-index-docs-{pluginId}-{versionName}.json`.
 */
import path from 'node:path';
import type {Plugin, PluginModule} from '@docusaurus/types';
import {writeIndexFiles} from './indexing/write-index-files.ts';

const THEME = path.resolve(__dirname, 'theme');

const kestrelSearch: PluginModule = (context): Plugin => ({
  name: 'kestrel-search',
  getThemePath: () => THEME,
  getTypeScriptThemePath: () => THEME,
  async postBuild({outDir, plugins}) {
    await writeIndexFiles({siteDir: context.siteDir, outDir, baseUrl: context.baseUrl, plugins});
  },
});

export default kestrelSearch;
