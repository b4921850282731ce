/**
 * The API reference's pages, generated from the definition model into the `api` docs folder (as
 * the Docusaurus website's changelog is generated for its blog plugin): the stock docs plugin
 * loads them, and src/components/ApiPage renders them. `npm run gen-api` writes them before a
 * build or `npm start` (./cli.ts); this plugin watches `openapi/` while `npm start` runs and
 * rewrites the pages a saved change touches, which the docs plugin then reloads.
 */
import {existsSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {rebuildReference} from './rebuild.ts';

/** The generated page data (`api/{slug}.json`), which each page imports whole. */
const PAGE_DATA = /[\\/]api[\\/][^\\/]+\.json$/;

export default function apiReference(context: LoadContext): Plugin {
  let loaded = false;
  return {
    name: 'api-reference',
    // Rspack records export information for every nested property of a JSON module, for tree
    // shaking. A page passes its data whole to its component, so nothing below the top level can
    // be shaken, and the records cost memory: with the definition twenty times ours (980 pages,
    // `npm run bench:scale -- 20`) bundling peaked at 4.02 GiB of RSS with them and 2.37 GiB with
    // the top level only, for the same output. (The rule must name the type for Rspack to read its
    // parser options.)
    configureWebpack: () => ({module: {rules: [{test: PAGE_DATA, type: 'json', parser: {exportsDepth: 1}}]}}),
    getPathsToWatch: () => [path.join(context.siteDir, 'openapi', '**', '*')],
    async loadContent() {
      const {siteDir} = context;
      if (!loaded) {
        // The first load of a build or of `npm start`: gen-api has just written the pages.
        loaded = true;
        if (!existsSync(path.join(siteDir, 'api', 'sidebar.ts'))) {
          throw new Error(
            'api-reference: the API pages are missing: run `npm run gen-api` (npm start and npm run build do it).',
          );
        }
        return;
      }
      // A reload: a file under openapi/ changed while `npm start` runs.
      try {
        const {pages, written, deleted} = rebuildReference(siteDir);
        console.log(`[api-reference] openapi/ changed: ${pages} pages, ${written} files rewritten, ${deleted} deleted`);
      } catch (error) {
        console.error(
          `[api-reference] ${(error as Error).message}\n[api-reference] The pages stay as they were before this change.`,
        );
      }
    },
  };
}
