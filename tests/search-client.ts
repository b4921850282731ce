/**
 * Runs the search plugin's own client query code in Node, against the index files of a build.
 *
 * `@cmfcmf/docusaurus-search-local` keeps its query (tokenize, the eight boosted lunr clauses, the
 * per-index cut, the sort by score and the final cut to maxSearchResults) inline in its SearchBar
 * component, in the `getItems` it hands to autocomplete-js. Copying that code into a test would
 * test the copy. Instead this module loads the plugin's compiled SearchBar module itself, with its
 * imports replaced by small stand-ins (React hooks that run effects at once, an autocomplete-js
 * that records the options it is called with, the site's real global data for the boosts), then
 * calls the recorded `getSources(...).getItems()`: the very function the browser runs.
 *
 * The search unit tests use it on small indexes of their own; the tests on the build
 * (tests/after-build/) and the browser tests use it on `build/` with the site's global data
 * (`.docusaurus/globalData.json`), so those need `npm run build` first.
 */
import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import type lunrBuild from '@cmfcmf/docusaurus-search-local/lib/lunr.js';
import type {SerializedIndex} from '../packages/kestrel-search/indexing/search-field-weights';
import path from 'node:path';
import React from 'react';
import {searchOptions} from '../packages/kestrel-search/search-options';
import {registerQueryStopWords} from '../config/search-query-stop-words';
import {registerQuerySynonyms} from '../config/search-synonyms';
import {registerQueryCompounds} from '../config/search-query-compounds';

// __dirname, not import.meta: Playwright loads this file as CommonJS, Vitest as an ES module.
const ROOT = path.resolve(__dirname, '..');
const require = createRequire(path.join(ROOT, 'package.json'));
const PLUGIN = '@cmfcmf/docusaurus-search-local';
export const PLUGIN_SEARCHBAR_FILE = require.resolve(`${PLUGIN}/lib/client/theme/SearchBar/index.js`);
export const PLUGIN_SERVER_FILE = require.resolve(`${PLUGIN}/lib/server/index.js`);

/** The lunr build that both the plugin's indexer and its client use. */
export const lunr = require(`${PLUGIN}/lib/lunr.js`) as typeof lunrBuild;
// As the search box does in the browser (packages/kestrel-search/theme/SearchBar/LoadedSearchBar.tsx): the built index
// files name these query functions in their search pipeline.
registerQueryStopWords(lunr);
registerQuerySynonyms(lunr);

/**
 * The plugin generates its client module `d-s-l-a-generated.js` at build time. For language "en"
 * it sets the configured tokenizer separator on lunr and exports these two (the unit test checks
 * that the plugin's generator still emits exactly that).
 */
export const GENERATED_TOKENIZE =
  'export const tokenize = (input) => lunr.tokenizer(input)\n  .map(token => token.str);\n';
lunr.tokenizer.separator = searchOptions.lunr.tokenizerSeparator;
// As packages/kestrel-search/theme/SearchBar/LoadedSearchBar.tsx does, after the generated module set the separator.
registerQueryCompounds(lunr);
const generated = {
  mylunr: lunr,
  tokenize: (input: string): string[] => lunr.tokenizer(input).map((token: {str: string}) => token.str),
};

export type SearchDocument = {
  id: number;
  pageTitle: string;
  sectionTitle: string;
  sectionRoute: string;
  type: 'docs' | 'blog' | 'page';
};
export type SearchHit = {document: SearchDocument; score: number; terms: string[]};
export type PluginData = {
  titleBoost: number;
  contentBoost: number;
  tagsBoost: number;
  parentCategoriesBoost: number;
  indexDocSidebarParentCategories: number;
  maxSearchResults: number;
};

type GlobalData = {
  'docusaurus-plugin-content-docs': Record<string, {versions: {name: string; isLast: boolean}[]}>;
  '@cmfcmf/docusaurus-search-local': {default: PluginData};
};

export function readGlobalData(root = ROOT): GlobalData {
  return JSON.parse(readFileSync(path.join(root, '.docusaurus', 'globalData.json'), 'utf8'));
}

/** The tags Docusaurus's useContextualSearchFilters gives: "default" plus each docs plugin's version. */
export function searchTags(globalData: GlobalData): string[] {
  const docs = globalData['docusaurus-plugin-content-docs'];
  return [
    'default',
    ...Object.entries(docs).map(([pluginId, {versions}]) => {
      const version = versions.find((v) => v.isLast) ?? versions[0]!;
      return `docs-${pluginId}-${version.name}`;
    }),
  ];
}

/** Turns the plugin's ES module into a function body whose imports come from `__import`. */
export function moduleToFunctionBody(source: string): string {
  const body = source
    .replace(/^import\s+([\s\S]+?)\s+from\s+"([^"]+)";$/gm, (_all, clause: string, spec: string) => {
      const out: string[] = [];
      const named = clause.match(/\{[^}]*\}/)?.[0];
      const def = clause
        .replace(/\{[^}]*\}/, '')
        .replace(/,\s*$/, '')
        .trim();
      if (def) out.push(`const ${def} = __import(${JSON.stringify(spec)}).default;`);
      if (named) out.push(`const ${named} = __import(${JSON.stringify(spec)});`);
      return out.join(' ');
    })
    .replace(/^export default (\w+);$/m, 'return $1;');
  if (/^\s*(import|export)\b/m.test(body)) {
    throw new Error(`${PLUGIN_SEARCHBAR_FILE} has an import or export this loader does not understand`);
  }
  return body;
}

/** The options the plugin passes to autocomplete-js; the tests read these, and the rest as values. */
export type AutocompleteCall = Record<string, unknown> & {
  getSources: (params: {query: string}) => {
    getItems: () => Promise<SearchHit[]>;
    templates: {item(params: {item: SearchHit}): React.ReactElement; noResults(): React.ReactElement};
  }[];
};

export type PluginSearch = {
  /** The options the plugin passed to autocomplete-js's `autocomplete()`. */
  autocompleteOptions: AutocompleteCall;
  /** The index URLs fetched so far, in order. */
  fetched: string[];
  tags: string[];
  pluginData: PluginData;
  /** The plugin's getItems for this query: at most maxSearchResults hits, best first. */
  search: (query: string) => Promise<SearchHit[]>;
};

type Fetch = (url: string) => Promise<{ok: boolean; json: () => Promise<unknown>}>;

/**
 * Mounts the plugin's SearchBar (in Node, without a DOM) and returns its query function.
 * `fetchImpl` answers index requests; by default it reads `{buildDir}/search-index-{tag}.json`.
 */
export function loadPluginSearch(
  options: {buildDir?: string; root?: string; fetch?: Fetch; pluginData?: PluginData; tags?: string[]} = {},
): PluginSearch {
  const root = options.root ?? ROOT;
  const buildDir = options.buildDir ?? path.join(root, 'build');
  // The site's global data, as the browser gets it, unless the caller brings its own (no build).
  const globalData = options.pluginData && options.tags ? undefined : readGlobalData(root);
  const pluginData = options.pluginData ?? globalData![PLUGIN].default;
  const tags = options.tags ?? searchTags(globalData!);
  const fetched: string[] = [];
  const fetchImpl: Fetch =
    options.fetch ??
    (async (url) => {
      const file = path.join(buildDir, url.replace(/^\//, ''));
      const text = readFileSync(file, 'utf8');
      return {ok: true, json: async () => JSON.parse(text)};
    });
  const translations: Record<string, string> = JSON.parse(
    readFileSync(require.resolve(`${PLUGIN}/codeTranslations/en.json`), 'utf8'),
  );

  let call: AutocompleteCall | undefined;
  const stubs: Record<string, Record<string, unknown>> = {
    // Real elements (the result and no-results templates build them), hooks that run at once.
    react: {
      default: React,
      useRef: (initial: unknown) => ({current: initial ?? {}}),
      useEffect: (effect: () => unknown) => void effect(),
      createElement: React.createElement,
      Fragment: React.Fragment,
    },
    'react-dom/client': {createRoot: () => ({render() {}})},
    '@algolia/autocomplete-js': {
      autocomplete: (opts: AutocompleteCall) => {
        call = opts;
        return {destroy() {}};
      },
    },
    '@docusaurus/Translate': {translate: ({message}: {message: string}) => translations[message] ?? message},
    '@docusaurus/router': {useHistory: () => ({push() {}})},
    '@docusaurus/useDocusaurusContext': {default: () => ({siteConfig: {baseUrl: '/'}})},
    './d-s-l-a-generated': generated,
    './HighlightSearchResults': {HighlightSearchResults: () => null},
    '@docusaurus/useGlobalData': {usePluginData: (name: string) => (name === PLUGIN ? pluginData : undefined)},
    '@docusaurus/theme-common': {useContextualSearchFilters: () => ({locale: 'en', tags})},
  };
  const __import = (spec: string) => {
    const stub = stubs[spec];
    if (!stub) throw new Error(`The search plugin imports ${spec}, which this loader does not stub`);
    return stub;
  };
  const body = moduleToFunctionBody(readFileSync(PLUGIN_SEARCHBAR_FILE, 'utf8'));
  const factory = new Function('__import', 'process', 'fetch', 'document', body);
  const SearchBar = factory(
    __import,
    {env: {NODE_ENV: 'production'}},
    (url: string) => {
      fetched.push(url);
      return fetchImpl(url);
    },
    undefined,
  );
  SearchBar();
  if (!call) throw new Error('The search plugin did not call autocomplete()');
  const autocompleteOptions = call;
  return {
    autocompleteOptions,
    fetched,
    tags,
    pluginData,
    search: (query) => autocompleteOptions.getSources({query})[0]!.getItems(),
  };
}

/** The plugin's global data as packages/kestrel-search/search-options.ts configures it: for tests that run without a build. */
export function configuredPluginData(): PluginData {
  const {lunr: l, indexDocSidebarParentCategories, maxSearchResults} = searchOptions;
  return {
    titleBoost: l.titleBoost,
    contentBoost: l.contentBoost,
    tagsBoost: l.tagsBoost,
    parentCategoriesBoost: l.parentCategoriesBoost,
    indexDocSidebarParentCategories,
    maxSearchResults,
  };
}

/** The page a hit belongs to: its section route without the #anchor. */
export function hitPage(hit: SearchHit): string {
  return hit.document.sectionRoute.split('#')[0]!;
}

export type IndexedSection = {title: string; content: string; tags?: string[]; sidebarParentCategories?: string};

/**
 * An index file as the plugin's indexer writes one: one lunr index over the four fields, section
 * i at route `/p{i}`, serialised as JSON.
 */
export function indexFileOf(docs: IndexedSection[]): {documents: SearchDocument[]; index: SerializedIndex} {
  const index = lunr(function () {
    this.ref('id');
    for (const field of ['title', 'content', 'tags', 'sidebarParentCategories']) this.field(field);
    docs.forEach((doc, i) => this.add({id: String(i + 1), ...doc}));
  });
  return {
    documents: docs.map((d, i) => ({
      id: i + 1,
      pageTitle: d.title,
      sectionTitle: d.title,
      sectionRoute: `/p${i + 1}`,
      type: 'docs' as const,
    })),
    index: JSON.parse(JSON.stringify(index)),
  };
}

/**
 * Sections indexed as the plugin indexes them (indexFileOf), searched through the plugin's own
 * client with `pipeline` as the index's query pipeline: for testing the query functions on a
 * small, known set of sections.
 */
export function searchOverSections(docs: IndexedSection[], pipeline: string[]): PluginSearch {
  const indexed = indexFileOf(docs);
  const file = {...indexed, index: {...indexed.index, pipeline}};
  return loadPluginSearch({
    pluginData: configuredPluginData(),
    tags: ['docs-default-current'],
    fetch: async () => ({ok: true, json: async () => JSON.parse(JSON.stringify(file))}),
  });
}
