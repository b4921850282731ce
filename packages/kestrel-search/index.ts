/**
 * Everything about search, as one theme: `@cmfcmf/docusaurus-search-local` with our indexing
 * (./indexing/search-local.ts, and the empty default index of ./indexing/empty-default-search-index.ts)
 * and our search box (./theme/SearchBar), which wraps the plugin's.
 *
 * Our theme folder replaces the plugin's: the plugin's only component is its SearchBar, and
 * `@theme-original/SearchBar` cannot reach it from a theme of our own (it names the last theme's
 * component, ours; `@theme-init/SearchBar` names theme-classic's placeholder). So the plugin's
 * SearchBar is given a name of its own, `@kestrel-search/upstream-search-bar`, read from the
 * plugin's own getThemePath(): the site fails to load, naming the file, if an update moves it.
 */
import {existsSync} from 'node:fs';
import path from 'node:path';
import type {Plugin, PluginModule} from '@docusaurus/types';
import searchLocal from './indexing/search-local';
import emptyDefaultSearchIndex from './indexing/empty-default-search-index';
import {onePanelRoot} from './bundler/one-panel-root';

export {searchOptions} from './search-options';

export const UPSTREAM_SEARCH_BAR = '@kestrel-search/upstream-search-bar';
const THEME = path.resolve(__dirname, 'theme');

/** The plugin's SearchBar folder under its theme path; throws naming the path when it is gone. */
export function upstreamSearchBar(plugin: Plugin): string {
  const themePath = plugin.getThemePath?.();
  const searchBar = themePath && path.join(themePath, 'SearchBar');
  if (!searchBar || !existsSync(path.join(searchBar, 'index.js'))) {
    throw new Error(
      `kestrel-search: the search plugin has no SearchBar/index.js under its theme path (${themePath}); review packages/kestrel-search/index.ts`,
    );
  }
  return searchBar;
}

const kestrelSearch: PluginModule = (context, options): Plugin => {
  const plugin = searchLocal(context, options) as Plugin;
  const upstream = upstreamSearchBar(plugin);
  const emptyDefault = emptyDefaultSearchIndex();
  return {
    ...plugin,
    async postBuild(props) {
      await Promise.all([plugin.postBuild?.(props), emptyDefault.postBuild?.(props)]);
    },
    getThemePath: () => THEME,
    getTypeScriptThemePath: () => THEME,
    configureWebpack(config, isServer, utils, content) {
      // The plugin's own patch (the loader of its generated lunr module), the name of its SearchBar,
      // and one React root for its results panel.
      const own = plugin.configureWebpack?.(config, isServer, utils, content) ?? {};
      return {
        ...own,
        resolve: {...own.resolve, alias: {...own.resolve?.alias, [UPSTREAM_SEARCH_BAR]: upstream}},
        plugins: [...(own.plugins ?? []), onePanelRoot(utils.currentBundler, path.join(upstream, 'index.js'))],
      };
    },
  };
};
kestrelSearch.validateOptions = searchLocal.validateOptions;

export default kestrelSearch;
