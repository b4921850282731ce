/**
 * The local search (spec 2.4, 3, 4, 5, 7, 8, 9) proved on the real code paths: the search plugin's
 * own client module (run by tests/search-client.ts), the built index files, and autocomplete-js /
 * autocomplete-core, which draw the panel. Needs `npm run build` (reads build/ and .docusaurus/).
 * The browser tests (tests/e2e/search.spec.ts) show the same as a person sees it.
 */
import {existsSync, readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {renderToStaticMarkup} from 'react-dom/server';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {createAutocomplete} from '@algolia/autocomplete-core';
// The function autocomplete-js runs to place its panel (not exported from the package root).
import {getPanelPlacementStyle} from '@algolia/autocomplete-js/dist/esm/getPanelPlacementStyle.js';
import {
  GENERATED_TOKENIZE,
  PLUGIN_SERVER_FILE,
  hitPage,
  loadPluginSearch,
  lunr,
  readGlobalData,
  searchTags,
  type SearchDocument,
} from '../search-client';
import {searchOptions, TOKENIZER_SEPARATOR} from '../../search-options';
import {fieldBoostsOf, weighFields} from '../../plugins/search-field-weights';
import {GUIDE_ROUTES} from '../e2e/fixtures';
import {isOpenShortcut, isTypingTarget} from '../../src/theme/SearchBar/keyboard';

const ROOT = path.resolve(__dirname, '../..');
const BUILD = path.join(ROOT, 'build');
const SPEC = readFileSync(path.resolve(ROOT, '../shared/spec/portal-spec.md'), 'utf8');
const API_SLUGS = [...SPEC.matchAll(/^- [^:]+: (.+)$/gm)]
  .filter((m) => SPEC.indexOf(m[0]) > SPEC.indexOf('### 2.2') && SPEC.indexOf(m[0]) < SPEC.indexOf('### 2.3'))
  .flatMap((m) => m[1]!.split(',').map((s) => s.trim()));

type IndexFile = {documents: SearchDocument[]; index: {fields: string[]; invertedIndex: [string, Record<string, unknown>][]}};
const readIndex = (tag: string): IndexFile =>
  JSON.parse(readFileSync(path.join(BUILD, `search-index-${tag}.json`), 'utf8'));

describe('index files (spec 2.4, 3, 7)', () => {
  const tags = searchTags(readGlobalData());

  it('are one per tag: "default" plus docs-{pluginId}-{versionName} of each docs plugin', () => {
    expect(tags).toEqual(['default', 'docs-default-current', 'docs-api-current']);
    const files = readdirSync(BUILD).filter((f) => /^search-index-.*\.json$/.test(f)).sort();
    expect(files).toEqual(tags.map((t) => `search-index-${t}.json`).sort());
  });

  it('hold documents and a serialized index with the documented fields', () => {
    for (const tag of tags) {
      const file = readIndex(tag);
      expect(Object.keys(file).sort()).toEqual(['documents', 'index']);
      expect(file.index.fields).toEqual(['title', 'content', 'tags', 'sidebarParentCategories']);
      for (const doc of file.documents) {
        expect(Object.keys(doc).sort()).toEqual(['id', 'pageTitle', 'sectionRoute', 'sectionTitle', 'type']);
      }
    }
    expect(readIndex('default').documents).toEqual([]);
  });

  it('index docs only: the guides and the API reference, nothing else', () => {
    const guides = readIndex('docs-default-current').documents;
    const api = readIndex('docs-api-current').documents;
    expect(new Set([...guides, ...api].map((d) => d.type))).toEqual(new Set(['docs']));
    expect(new Set(guides.map((d) => d.sectionRoute.split('#')[0]))).toEqual(new Set(GUIDE_ROUTES));
    const apiPages = new Set(api.map((d) => d.sectionRoute.split('#')[0]));
    for (const slug of API_SLUGS) expect(apiPages, slug).toContain(`/api/${slug}`);
    for (const page of apiPages) expect(page).toMatch(/^\/api\/([a-z0-9-]+)?$/);
  });

  it('link each section by its route with an optional #anchor that exists on the page', () => {
    for (const doc of [...readIndex('docs-default-current').documents, ...readIndex('docs-api-current').documents]) {
      expect(doc.sectionRoute).toMatch(/^\/[^#\s]*(#[a-z0-9-]+)?$/);
      const [page, anchor] = doc.sectionRoute.split('#');
      const html = readFileSync(path.join(BUILD, page!, 'index.html'), 'utf8');
      if (anchor) expect(html, doc.sectionRoute).toMatch(new RegExp(`id="?${anchor}[" >]`));
    }
  });

  it('carry the field weights of the spec boosts (plugins/search-local.ts)', () => {
    // Unweighted, no lunr weight can pass (k1 + 1) times the largest idf of the index; the title
    // field, weighted by 5, passes it.
    for (const tag of ['docs-default-current', 'docs-api-current']) {
      const {documents, index} = readIndex(tag) as any;
      const k1 = 1.2;
      const maxIdf = Math.log(1 + (documents.length - 1 + 0.5) / (1 + 0.5));
      const largest = (field: string) =>
        Math.max(
          ...index.fieldVectors
            .filter(([ref]: [string]) => ref.startsWith(`${field}/`))
            .flatMap(([, el]: [string, number[]]) => el.filter((_, i) => i % 2)),
        );
      expect(largest('content'), tag).toBeLessThanOrEqual((k1 + 1) * maxIdf);
      expect(largest('title'), tag).toBeGreaterThan((k1 + 1) * maxIdf);
    }
  });

  it('index sidebar parent categories at level 1: the nearest category of each guide', () => {
    const inverted = new Map(readIndex('docs-default-current').index.invertedIndex);
    const docsIn = (word: string) => {
      const stem = lunr.stemmer(new lunr.Token(word)).toString();
      const posting = inverted.get(stem) as Record<string, Record<string, unknown>> | undefined;
      return Object.keys(posting?.sidebarParentCategories ?? {}).length;
    };
    const guides = readIndex('docs-default-current').documents;
    const under = (prefix: RegExp) => guides.filter((d) => prefix.test(d.sectionRoute)).length;
    expect(docsIn('operating')).toBe(under(/^\/(rate-limits|maintenance)\//));
    expect(docsIn('walkthroughs')).toBe(under(/^\/walkthrough\//));
  });
});

describe('the plugin client as configured (spec 2.4, 9)', () => {
  const search = loadPluginSearch();
  const options = search.autocompleteOptions;

  it('calls autocomplete-js with the detached panel always, "Search..." and the button labels', () => {
    expect(options.detachedMediaQuery).toBe('');
    expect(options.placeholder).toBe('Search...');
    expect(options.translations).toEqual({
      clearButtonTitle: 'Clear',
      detachedCancelButtonText: 'Cancel',
      submitButtonTitle: 'Submit',
    });
    expect(options.defaultActiveItemId).toBe(0);
    // No panelPlacement: autocomplete-js uses its default, input-wrapper-width.
    expect(options.panelPlacement).toBeUndefined();
  });

  it('says "No results found." when nothing matches', async () => {
    const [source] = options.getSources({query: 'zzqxv'});
    expect(await source!.getItems()).toEqual([]);
    expect(renderToStaticMarkup(source!.templates.noResults())).toContain('>No results found.<');
  });

  it('has the spec boosts, parent categories at level 1 and at most 8 results', () => {
    expect(search.pluginData).toEqual({
      titleBoost: 5,
      contentBoost: 1,
      tagsBoost: 3,
      parentCategoriesBoost: 2,
      indexDocSidebarParentCategories: 1,
      maxSearchResults: 8,
    });
  });

  it('answers at most 8 hits, by descending score, each linking its section route', async () => {
    for (const query of ['payment', 'webhook', 'key', 'invoice quote', 'a', 'rate limits', 'pkce']) {
      const hits = await search.search(query);
      expect(hits.length, query).toBeLessThanOrEqual(8);
      const scores = hits.map((h) => h.score);
      expect(scores, query).toEqual([...scores].sort((a, b) => b - a));
      const [source] = options.getSources({query});
      for (const hit of hits) {
        const html = renderToStaticMarkup(source!.templates.item({item: hit}));
        expect(html).toContain(`href="${hit.document.sectionRoute}"`);
      }
    }
    expect(await search.search('payment')).toHaveLength(8);
  });

  it('matches exactly and by trailing-wildcard prefix', async () => {
    expect((await search.search('pkce')).map(hitPage)).toContain('/kestrel-oauth-connect/');
    // "idempot" is no word of the guides, only the start of "idempotency".
    const prefix = await search.search('idempot');
    expect(prefix.some((h) => /idempotency/i.test(h.document.sectionTitle))).toBe(true);
    expect((await search.search('signatu')).map(hitPage)).toContain('/webhooks/signature-verification');
  });

  /** The plugin's client over one small index built the way the plugin's indexer builds one. */
  function searchOver(docs: {title: string; content: string; tags?: string[]; sidebarParentCategories?: string}[], weighed = true) {
    const index = lunr(function (this: any) {
      this.ref('id');
      for (const field of ['title', 'content', 'tags', 'sidebarParentCategories']) this.field(field);
      docs.forEach((doc, i) => this.add({id: String(i + 1), ...doc}));
    });
    const serialized = JSON.parse(JSON.stringify(index));
    const file = {
      documents: docs.map((doc, i) => ({id: i + 1, pageTitle: doc.title, sectionTitle: doc.title, sectionRoute: `/p${i + 1}`, type: 'docs'})),
      // As plugins/search-local.ts writes it after the plugin's postBuild.
      index: weighed ? weighFields(serialized, fieldBoostsOf(searchOptions.lunr)) : serialized,
    };
    return loadPluginSearch({
      fetch: async (url) =>
        url.endsWith('docs-default-current.json') ? {ok: true, json: async () => file} : {ok: false, json: async () => ({})},
    });
  }
  const routes = async (s: ReturnType<typeof searchOver>, query: string) => (await s.search(query)).map((h) => h.document.sectionRoute);

  it('matches on tags, exactly and by prefix', async () => {
    // The site has no doc tags (they would add /tags routes the spec does not list).
    const s = searchOver([
      {title: 'Alpha', content: 'first page', tags: ['zebra']},
      {title: 'Beta', content: 'second page', tags: []},
    ]);
    expect(await routes(s, 'zebra')).toEqual(['/p1']);
    expect(await routes(s, 'zeb')).toEqual(['/p1']);
  });

  it('matches on sidebar parent categories, exactly and by prefix', async () => {
    const s = searchOver([
      {title: 'Alpha', content: 'first page', sidebarParentCategories: 'Operating'},
      {title: 'Beta', content: 'second page', sidebarParentCategories: 'Walkthroughs'},
    ]);
    expect(await routes(s, 'operating')).toEqual(['/p1']);
    expect(await routes(s, 'walkthroughs')).toEqual(['/p2']);
    // A prefix of the indexed (stemmed) word: "walkthroughs" is indexed as "walkthrough".
    expect(await routes(s, 'walkthr')).toEqual(['/p2']);
  });

  it('weighs a match by its field: title 5, tags 3, parent categories 2, content 1', async () => {
    // The same word alone in one field of each section; every field has the same length.
    const docs = [
      {title: 'kestrel', content: 'alpha', sidebarParentCategories: 'beta', tags: ['gamma']},
      {title: 'alpha', content: 'kestrel', sidebarParentCategories: 'beta', tags: ['gamma']},
      {title: 'alpha', content: 'beta', sidebarParentCategories: 'gamma', tags: ['kestrel']},
      {title: 'alpha', content: 'beta', sidebarParentCategories: 'kestrel', tags: ['gamma']},
    ];
    const score = (hits: {document: {sectionRoute: string}; score: number}[], route: string) =>
      hits.find((h) => h.document.sectionRoute === route)!.score;
    const hits = await searchOver(docs).search('kestrel');
    const content = score(hits, '/p2');
    expect(score(hits, '/p1') / content).toBeCloseTo(5, 1);
    expect(score(hits, '/p3') / content).toBeCloseTo(3, 1);
    expect(score(hits, '/p4') / content).toBeCloseTo(2, 1);
    expect(hits.map((h) => h.document.sectionRoute)).toEqual(['/p1', '/p3', '/p4', '/p2']);
    // Why the index weights exist: with the plugin's query boosts alone, lunr scores each field
    // against its own normalised query, and the four sections tie.
    const plain = await searchOver(docs, false).search('kestrel');
    expect(new Set(plain.map((h) => h.score.toFixed(6))).size).toBe(1);
  });

  it('queries each field exactly and by trailing wildcard, boosted title 5, content 1, tags 3, categories 2', async () => {
    const term = vi.spyOn(lunr.Query.prototype, 'term');
    try {
      await searchOver([{title: 'Alpha', content: 'first page'}]).search('pay invoice');
      const clauses = term.mock.calls.map(([terms, options]: any[]) => ({
        terms,
        fields: options.fields,
        boost: options.boost,
        wildcard: options.wildcard ?? 0,
      }));
      const expected = (
        [
          ['title', 5],
          ['content', 1],
          ['tags', 3],
          ['sidebarParentCategories', 2],
        ] as const
      ).flatMap(([field, boost]) => [
        {terms: ['pay', 'invoice'], fields: [field], boost, wildcard: 0},
        {terms: ['pay', 'invoice'], fields: [field], boost, wildcard: lunr.Query.wildcard.TRAILING},
      ]);
      // The plugin calls term() with the term list (lunr then calls it again for each term), once
      // per index: the three tags.
      const lists = clauses.filter((c) => Array.isArray(c.terms));
      expect(lists).toEqual([...expected, ...expected, ...expected]);
    } finally {
      term.mockRestore();
    }
  });
});

describe('index loading (spec 4, 7, 8)', () => {
  it('fetches each tag once: concurrent searches wait on the first request', async () => {
    const release: (() => void)[] = [];
    const file = readIndex('docs-default-current');
    const search = loadPluginSearch({
      fetch: (url) =>
        new Promise((resolve) => {
          release.push(() => resolve({ok: true, json: async () => (url.includes('default.json') ? readIndex('default') : file)}));
        }),
    });
    const pending = [search.search('w'), search.search('we'), search.search('webhook')];
    await new Promise((r) => setTimeout(r, 10));
    expect(search.fetched).toEqual(['/search-index-default.json', '/search-index-docs-default-current.json', '/search-index-docs-api-current.json']);
    release.forEach((go) => go());
    const results = await Promise.all(pending);
    expect(results[2]!.length).toBeGreaterThan(0);
    await search.search('webhooks');
    expect(search.fetched).toHaveLength(3);
  });

  it('treats a non-OK answer or a failed request as an empty index, without an error', async () => {
    const notOk = loadPluginSearch({fetch: async () => ({ok: false, json: async () => ({})})});
    expect(await notOk.search('webhook')).toEqual([]);
    const failed = loadPluginSearch({fetch: async () => Promise.reject(new TypeError('Failed to fetch'))});
    expect(await failed.search('webhook')).toEqual([]);
    // One failing index leaves the others searchable.
    const partial = loadPluginSearch({
      fetch: async (url) =>
        url.includes('docs-api')
          ? {ok: false, json: async () => ({})}
          : {ok: true, json: async () => JSON.parse(readFileSync(path.join(BUILD, url), 'utf8'))},
    });
    const hits = await partial.search('webhook');
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((h) => !hitPage(h).startsWith('/api/'))).toBe(true);
  });
});

describe('autocomplete: input cap, stalled state, panel placement (spec 4, 5, 8, 9)', () => {
  afterEach(() => vi.useRealTimers());

  it('caps the input at 512 characters', () => {
    let query = '';
    const autocomplete = createAutocomplete({
      environment: {setTimeout, clearTimeout} as any,
      onStateChange: ({state}: any) => (query = state.query),
      getSources: () => [],
    } as any);
    const props = autocomplete.getInputProps({inputElement: {} as any});
    expect(props.maxLength).toBe(512);
    props.onChange({currentTarget: {value: 'x'.repeat(2000)}, nativeEvent: {}} as any);
    expect(query).toHaveLength(512);
  });

  it('goes loading, then stalled after 300 ms while the items are not in', async () => {
    vi.useFakeTimers();
    const statuses: string[] = [];
    let resolve!: (items: unknown[]) => void;
    const autocomplete = createAutocomplete({
      environment: {setTimeout, clearTimeout} as any,
      onStateChange: ({state}: any) => statuses.push(state.status),
      getSources: () => [{sourceId: 's', getItems: () => new Promise<unknown[]>((r) => (resolve = r))}],
    } as any);
    autocomplete.setQuery('w');
    void autocomplete.refresh();
    await vi.advanceTimersByTimeAsync(299);
    expect(statuses.at(-1)).toBe('loading');
    await vi.advanceTimersByTimeAsync(1);
    expect(statuses.at(-1)).toBe('stalled');
    resolve([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(statuses.at(-1)).toBe('idle');
  });

  it('places the panel at start, end, full-width or input-wrapper-width; any other value throws', () => {
    const rect = {top: 10, left: 20, width: 300, height: 40, right: 320, bottom: 50};
    const element = {getBoundingClientRect: () => rect, offsetHeight: 200, style: {}};
    const environment = {
      pageYOffset: 0,
      document: {documentElement: {clientWidth: 1200, clientHeight: 800, scrollTop: 0}, body: {scrollTop: 0}},
      getComputedStyle: () => ({marginTop: '0', marginBottom: '0'}),
    };
    const place = (panelPlacement: string) =>
      getPanelPlacementStyle({panelPlacement, container: element, form: element, panel: element, environment} as any);
    for (const placement of ['start', 'end', 'full-width', 'input-wrapper-width']) {
      expect(place(placement)).toHaveProperty('top', 50);
    }
    expect(() => place('bottom')).toThrow('[Autocomplete] The `panelPlacement` value "bottom" is not valid.');
    expect(() => place('')).toThrow(/panelPlacement/);
  });
});

describe('search configuration', () => {
  it('the plugin generates the client tokenizer these tests reproduce', () => {
    const server = readFileSync(PLUGIN_SERVER_FILE, 'utf8');
    expect(server).toContain('generated += `\\\nexport const tokenize = (input) => lunr.tokenizer(input)\n  .map(token => token.str);\\n`;');
    expect(GENERATED_TOKENIZE).toContain('lunr.tokenizer(input)');
    expect(server).toContain('lunr.tokenizer.separator = ${lunrTokenizerSeparator.toString()};');
    expect(searchOptions.lunr.tokenizerSeparator).toBe(TOKENIZER_SEPARATOR);
  });

  it('splits words at punctuation, as code in the guides needs', () => {
    const words = (text: string) => lunr.tokenizer(text).map((t: {str: string}) => t.str);
    expect(words("verify_kestrel_signature(req.headers['kestrel-signature'])")).toEqual([
      'verify',
      'kestrel',
      'signature',
      'req',
      'headers',
      'kestrel',
      'signature',
    ]);
    expect(words('RateLimit-Remaining: 42')).toEqual(['ratelimit', 'remaining', '42']);
  });

  it('the empty default index exists so the client never fetches a missing file', () => {
    expect(existsSync(path.join(BUILD, 'search-index-default.json'))).toBe(true);
  });
});

describe('search box keyboard rules', () => {
  const key = (k: string, mods: Partial<KeyboardEvent> = {}) =>
    ({key: k, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, isComposing: false, ...mods}) as KeyboardEvent;

  it('opens on Ctrl+K, Cmd+K and "/"', () => {
    expect(isOpenShortcut(key('k', {ctrlKey: true}))).toBe(true);
    expect(isOpenShortcut(key('K', {ctrlKey: true}))).toBe(true);
    expect(isOpenShortcut(key('k', {metaKey: true}))).toBe(true);
    expect(isOpenShortcut(key('/'))).toBe(true);
    expect(isOpenShortcut(key('/', {shiftKey: true}))).toBe(true);
  });

  it('ignores other keys and modifier mixes', () => {
    expect(isOpenShortcut(key('k'))).toBe(false);
    expect(isOpenShortcut(key('k', {ctrlKey: true, altKey: true}))).toBe(false);
    expect(isOpenShortcut(key('k', {ctrlKey: true, shiftKey: true}))).toBe(false);
    expect(isOpenShortcut(key('/', {ctrlKey: true}))).toBe(false);
    expect(isOpenShortcut(key('/', {isComposing: true}))).toBe(false);
    expect(isOpenShortcut(key('Escape'))).toBe(false);
  });

  it('leaves the keys to fields a person types into', () => {
    expect(isTypingTarget({tagName: 'INPUT', type: 'text'})).toBe(true);
    expect(isTypingTarget({tagName: 'INPUT', type: 'search'})).toBe(true);
    expect(isTypingTarget({tagName: 'INPUT'})).toBe(true);
    expect(isTypingTarget({tagName: 'TEXTAREA'})).toBe(true);
    expect(isTypingTarget({tagName: 'SELECT'})).toBe(true);
    expect(isTypingTarget({tagName: 'DIV', isContentEditable: true})).toBe(true);
    expect(isTypingTarget({tagName: 'INPUT', type: 'checkbox'})).toBe(false);
    expect(isTypingTarget({tagName: 'A'})).toBe(false);
    expect(isTypingTarget({tagName: 'BODY'})).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});
