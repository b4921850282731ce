/**
 * The local search plugin, `@cmfcmf/docusaurus-search-local`, wrapped. Everything is the plugin's
 * (options, indexing, client theme, global data, name) except its postBuild:
 *
 * 1. The plugin indexes a copy of the built pages, made by ./search-index-view.ts (only the parts
 *    of a page it reads: head, article, active sidebar links; front-matter keywords as the page's
 *    tags; an operation's method-and-path line not a section of its own; an API page's
 *    parameter, field and header names, enum values and error codes as its tags, read from the
 *    bundled definition static/openapi.json by ./search-api-terms.ts). The pages served are not
 *    touched.
 * 2. The index files it writes get their field weights, so that the configured boosts weigh
 *    (./search-field-weights.ts explains why the plugin's own boosts cancel out in lunr).
 * 3. Their search pipeline gains the search box's query functions: developers' words first
 *    (config/search-synonyms.ts, before the stemmer, so each added word is stemmed as if typed),
 *    the stop-word filter last (config/search-query-stop-words.ts). The search box registers both
 *    in the browser (packages/kestrel-search/theme/SearchBar/LoadedSearchBar.tsx).
 */
import {mkdtemp, mkdir, readFile, readdir, rm, writeFile} from 'node:fs/promises';
import {existsSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {Plugin, PluginModule} from '@docusaurus/types';
import searchLocal, {validateOptions} from '@cmfcmf/docusaurus-search-local';
import {fieldBoostsOf, weighFields} from './search-field-weights';
import {indexedParts, indexerView} from './search-index-view';
import {apiTerms, indexWords, type Definition} from './search-api-terms';
import {QUERY_STOP_WORDS} from '../../../config/search-query-stop-words';
import {QUERY_SYNONYMS} from '../../../config/search-synonyms';
import {QUERY_COMPOUNDS} from '../../../config/search-query-compounds';

type Options = {lunr: {titleBoost: number; contentBoost: number; tagsBoost: number; parentCategoriesBoost: number}};

/** Pages copied at once for the indexer: enough to keep the disk busy, few enough to hold little. */
const COPY_CONCURRENCY = 8;

/** Runs `task` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({length: Math.min(limit, items.length)}, worker));
}

/** Where the plugin reads a route's page (trailingSlash unset, as on this site). */
const pageFile = (dir: string, route: string, baseUrl: string) =>
  path.join(dir, route.slice(baseUrl.length), 'index.html');

/**
 * The API words of each API page, by route. Every operation and webhook of the definition must
 * have its page among the routes: if the API plugin ever names its pages otherwise, the build
 * stops here, naming the operation, instead of indexing no API words.
 */
async function apiWordsByRoute(
  siteDir: string,
  routes: readonly string[],
  baseUrl: string,
): Promise<Map<string, string[]>> {
  const file = path.join(siteDir, 'static', 'openapi.json');
  if (!existsSync(file))
    throw new Error(`search: ${file} is missing; run \`npm run gen-api\` (the build does) before indexing`);
  const known = new Set(routes);
  const words = new Map<string, string[]>();
  for (const terms of apiTerms(JSON.parse(await readFile(file, 'utf8')) as Definition)) {
    const route = baseUrl.replace(/\/$/, '') + terms.route;
    if (!known.has(route))
      throw new Error(`search: no page ${route} for ${terms.name} of ${file}; the API plugin's page names changed`);
    words.set(route, indexWords(terms));
  }
  return words;
}

const kestrelSearchLocal: PluginModule = (context, validatedOptions): Plugin => {
  const options = validatedOptions as Options;
  const plugin = searchLocal(context, options);
  return {
    ...plugin,
    async postBuild(props) {
      const apiWords = await apiWordsByRoute(context.siteDir, props.routesPaths, props.baseUrl);
      const view = await mkdtemp(path.join(os.tmpdir(), 'kestrel-search-'));
      try {
        // The plugin reads `{outDir}/{route}/index.html` of each docs route and writes its index
        // files to outDir: give it the copies, then take its index files back. A few pages at a
        // time, so that the whole site's HTML is never in memory at once.
        await eachLimited(props.routesPaths, COPY_CONCURRENCY, async (route) => {
          const source = pageFile(props.outDir, route, props.baseUrl);
          if (!existsSync(source)) return;
          const target = pageFile(view, route, props.baseUrl);
          await mkdir(path.dirname(target), {recursive: true});
          await writeFile(target, indexerView(indexedParts(await readFile(source, 'utf8')), apiWords.get(route)));
        });
        await plugin.postBuild!({...props, outDir: view});
        const boosts = fieldBoostsOf(options.lunr);
        // The plugin indexes docs only here (blog and other pages are not searched), so it writes search-index-docs-*.json; the
        // empty "default" index comes from ./empty-default-search-index, whose postBuild runs alongside.
        const files = (await readdir(view)).filter((f) => /^search-index-docs-.*\.json$/.test(f));
        await Promise.all(
          files.map(async (file) => {
            const json = JSON.parse(await readFile(path.join(view, file), 'utf8'));
            const index = weighFields(json.index, boosts);
            index.pipeline = [QUERY_SYNONYMS, QUERY_COMPOUNDS, ...(index.pipeline as string[]), QUERY_STOP_WORDS];
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
