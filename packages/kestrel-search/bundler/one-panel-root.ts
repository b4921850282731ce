/**
 * Gives the search plugin's SearchBar one React root per results container
 * (packages/kestrel-search/theme/SearchBar/panelRoot.ts says why): its import of `react-dom/client`
 * becomes ours, for that module only.
 *
 * The check runs as the site loads and fails naming the file when the plugin no longer renders the
 * panel with a new root per render: fixed upstream (then this patch goes), or changed in a way
 * this patch would no longer reach.
 */
import {realpathSync} from 'node:fs';
import path from 'node:path';
import type {ConfigureWebpackUtils} from '@docusaurus/types';
import type {WebpackPluginInstance} from 'webpack';
import {checkedModule, replaceModule} from '../../kestrel-theme/bundler/module-replacement';

const OURS = path.resolve(__dirname, '../theme/SearchBar/panelRoot.ts');

/** What the plugin's SearchBar must still contain for the swap to reach its panel renderer. */
export const NEW_ROOT_PER_RENDER = 'createRoot(container).render(component)';
const IMPORT = 'import { createRoot } from "react-dom/client";';

export function checkSearchBarRenderer(source: string): void {
  if (!source.includes(IMPORT) || !source.includes(NEW_ROOT_PER_RENDER)) {
    throw new Error(
      `one-panel-root: the search plugin's SearchBar no longer renders its panel with \`${NEW_ROOT_PER_RENDER}\` after \`${IMPORT}\`; review packages/kestrel-search/bundler/one-panel-root.ts`,
    );
  }
}

/** The bundler plugin, for the plugin's SearchBar module at `searchBarFile` (its index.js). */
export function onePanelRoot(
  bundler: ConfigureWebpackUtils['currentBundler'],
  searchBarFile: string,
): WebpackPluginInstance {
  const file = realpathSync(checkedModule(searchBarFile, checkSearchBarRenderer));
  return replaceModule(bundler, /^react-dom\/client$/, OURS, (issuer) => issuer === file);
}
