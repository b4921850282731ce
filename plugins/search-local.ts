/**
 * The local search plugin, `@cmfcmf/docusaurus-search-local`, wrapped. Everything is the plugin's
 * (options, indexing, client theme, global data, name) except its postBuild:
 *
 * 1. The plugin indexes a copy of the built pages, made by ./search-index-view.ts (front-matter
 *    keywords as the page's tags; an operation's method-and-path line not a section of its own).
 *    The pages served are not touched.
 * 2. The index files it writes get their field weights, so that the configured boosts weigh
 *    (./search-field-weights.ts explains why the plugin's own boosts cancel out in lunr).
 * 3. Their search pipeline gains the query stop-word filter of the search box
 *    (src/theme/SearchBar/queryStopWords.ts, which registers it in the browser).
 */
/// <reference path="./docusaurus-search-local.d.ts" />
import {mkdtemp, mkdir, readFile, readdir, rm, writeFile} from 'node:fs/promises';
import {existsSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {Plugin, PluginModule} from '@docusaurus/types';
import searchLocal, {validateOptions} from '@cmfcmf/docusaurus-search-local';
import {fieldBoostsOf, weighFields} from './search-field-weights';
import {indexerView} from './search-index-view';
import {QUERY_STOP_WORDS} from '../src/theme/SearchBar/queryStopWords';

type Options = {lunr: {titleBoost: number; contentBoost: number; tagsBoost: number; parentCategoriesBoost: number}};

/** Where the plugin reads a route's page (trailingSlash unset, as on this site). */
const pageFile = (dir: string, route: string, baseUrl: string) => path.join(dir, route.slice(baseUrl.length), 'index.html');

const kestrelSearchLocal: PluginModule = (context, validatedOptions): Plugin => {
  const options = validatedOptions as Options;
  const plugin = searchLocal(context, options);
  return {
    ...plugin,
    async postBuild(props) {
      const view = await mkdtemp(path.join(os.tmpdir(), 'kestrel-search-'));
      try {
        // The plugin reads `{outDir}/{route}/index.html` of each docs route and writes its index
        // files to outDir: give it the copies, then take its index files back.
        await Promise.all(
          props.routesPaths.map(async (route) => {
            const source = pageFile(props.outDir, route, props.baseUrl);
            if (!existsSync(source)) return;
            const target = pageFile(view, route, props.baseUrl);
            await mkdir(path.dirname(target), {recursive: true});
            await writeFile(target, indexerView(await readFile(source, 'utf8')));
          }),
        );
        await plugin.postBuild!({...props, outDir: view});
        const boosts = fieldBoostsOf(options.lunr);
        // The plugin indexes docs only here (blog and other pages are not searched), so it writes search-index-docs-*.json; the
        // empty "default" index comes from ./empty-default-search-index, whose postBuild runs alongside.
        const files = (await readdir(view)).filter((f) => /^search-index-docs-.*\.json$/.test(f));
        await Promise.all(
          files.map(async (file) => {
            const json = JSON.parse(await readFile(path.join(view, file), 'utf8'));
            const index = weighFields(json.index, boosts);
            index.pipeline = [...(index.pipeline as string[]), QUERY_STOP_WORDS];
            await writeFile(path.join(props.outDir, file), JSON.stringify({...json, index}));
          }),
        );
      } finally {
        await rm(view, {recursive: true, force: true});
      }
    },
  };
};
kestrelSearchLocal.validateOptions = validateOptions;

export default kestrelSearchLocal;
