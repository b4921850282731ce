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
import type {OperationTerms} from './indexing/search-api-terms.ts';
import {writeIndexFiles} from './indexing/write-index-files.ts';

const THEME = path.resolve(__dirname, 'theme');

export interface KestrelSearchOptions {
  /**
   * What each API page defines (its parameters, fields, headers, enum values and error codes),
   * asked for after the build: the site reads its API definition, which this package does not know.
   */
  apiTerms?: (siteDir: string) => readonly OperationTerms[];
}

/** The options as given, checked: a wrong `apiTerms` fails the config, naming it. */
function checkedOptions(options: unknown): KestrelSearchOptions {
  const given = (options ?? {}) as {apiTerms?: unknown};
  if (given.apiTerms !== undefined && typeof given.apiTerms !== 'function')
    throw new Error(
      `kestrel-search: the option apiTerms must be a function of the site folder, got ${typeof given.apiTerms}`,
    );
  return given as KestrelSearchOptions;
}

const kestrelSearch: PluginModule = (context, rawOptions): Plugin => {
  const options = checkedOptions(rawOptions);
  return {
    name: 'kestrel-search',
    getThemePath: () => THEME,
    getTypeScriptThemePath: () => THEME,
    async postBuild({outDir, plugins}) {
      const apiTerms = options.apiTerms?.(context.siteDir) ?? [];
      await writeIndexFiles({outDir, baseUrl: context.baseUrl, plugins, apiTerms});
    },
  };
};

export default kestrelSearch;
