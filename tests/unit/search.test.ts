/**
 * The local search proved on the real code paths, without a build: the
 * search plugin's own client module (run by tests/search-client.ts) over small indexes built the
 * way the plugin builds them, autocomplete-js and autocomplete-core (which draw the panel), the
 * index field weights (packages/kestrel-search/indexing/search-field-weights.ts) and the keyboard rules of the search box.
 * tests/after-build/ checks the built index files; tests/e2e/search.spec.ts shows it all in Chromium.
 */
import {readFileSync} from 'node:fs';
import {renderToStaticMarkup} from 'react-dom/server';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {createAutocomplete} from '@algolia/autocomplete-core';
// The function autocomplete-js runs to place its panel (not exported from the package root).
import {getPanelPlacementStyle} from '@algolia/autocomplete-js/dist/esm/getPanelPlacementStyle.js';
import {
  GENERATED_TOKENIZE,
  PLUGIN_SERVER_FILE,
  configuredPluginData,
  indexFileOf,
  loadPluginSearch,
  lunr,
  type IndexedSection,
} from '../search-client';
import {searchOptions, TOKENIZER_SEPARATOR} from '../../packages/kestrel-search/search-options';
import {fieldBoostsOf, weighFields} from '../../packages/kestrel-search/indexing/search-field-weights';
import {isOpenShortcut, isTypingTarget} from '../../packages/kestrel-search/theme/SearchBar/keyboard';

/** The tags Docusaurus gives this site: "default" plus one per docs plugin (tests/after-build checks them). */
const TAGS = ['default', 'docs-default-current', 'docs-api-current'];

/** The plugin's client over one small index built the way the plugin's indexer builds one. */
function searchOver(
  docs: IndexedSection[],
  {
    weighed = true,
    fetch,
  }: {
    weighed?: boolean;
    fetch?: (url: string, file: object) => Promise<{ok: boolean; json: () => Promise<unknown>}>;
  } = {},
) {
  const indexed = indexFileOf(docs);
  const file = {
    ...indexed,
    // As packages/kestrel-search/indexing/search-local.ts writes it after the plugin's postBuild.
    index: weighed ? weighFields(indexed.index, fieldBoostsOf(searchOptions.lunr)) : indexed.index,
  };
  return loadPluginSearch({
    pluginData: configuredPluginData(),
    tags: TAGS,
    fetch: fetch
      ? (url) => fetch(url, file)
      : async (url) =>
          url.endsWith('docs-default-current.json')
            ? {ok: true, json: async () => file}
            : {ok: false, json: async () => ({})},
  });
}
const routes = async (s: ReturnType<typeof searchOver>, query: string) =>
  (await s.search(query)).map((h) => h.document.sectionRoute);

describe('the plugin client as configured', () => {
  const options = searchOver([]).autocompleteOptions;

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
    const [source] = searchOver([{title: 'Alpha', content: 'first page'}]).autocompleteOptions.getSources({
      query: 'zzqxv',
    });
    expect(await source!.getItems()).toEqual([]);
    expect(renderToStaticMarkup(source!.templates.noResults())).toContain('>No results found.<');
  });

  it('answers at most 8 hits, by descending score, each linking its section route', async () => {
    // Twenty sections with the word, in texts of different lengths.
    const s = searchOver(
      Array.from({length: 20}, (_, i) => ({title: `Section ${i}`, content: `kestrel ${'filler '.repeat(i)}`})),
    );
    const hits = await s.search('kestrel');
    expect(hits).toHaveLength(8);
    const scores = hits.map((h) => h.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(hits[0]!.document.sectionRoute).toBe('/p1');
    const [source] = s.autocompleteOptions.getSources({query: 'kestrel'});
    for (const hit of hits) {
      expect(renderToStaticMarkup(source!.templates.item({item: hit}))).toContain(
        `href="${hit.document.sectionRoute}"`,
      );
    }
  });

  it('matches on tags, exactly and by prefix', async () => {
    // The site has no doc tags (they would add /tags routes the portal does not publish).
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
    const plain = await searchOver(docs, {weighed: false}).search('kestrel');
    expect(new Set(plain.map((h) => h.score.toFixed(6))).size).toBe(1);
  });

  it('queries each field exactly and by trailing wildcard, boosted title 5, content 1, tags 3, categories 2', async () => {
    const term = vi.spyOn(lunr.Query.prototype, 'term');
    try {
      await searchOver([{title: 'Alpha', content: 'first page'}]).search('pay invoice');
      const clauses = term.mock.calls.map(([terms, options]) => ({
        terms,
        fields: options?.fields,
        boost: options?.boost,
        wildcard: options?.wildcard ?? 0,
      }));
      const expected = (
        [
          ['title', 5],
          ['content', 1],
          ['tags', 3],
          ['sidebarParentCategories', 2],
        ] as const
      ).flatMap(([field, boost]) => [
        // With the two words written together, for API identifiers (config/search-query-compounds.ts).
        {terms: ['pay', 'invoice', '__payinvoice'], fields: [field], boost, wildcard: 0},
        {terms: ['pay', 'invoice', '__payinvoice'], fields: [field], boost, wildcard: lunr.Query.wildcard.TRAILING},
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

describe('index loading', () => {
  const docs = [{title: 'Webhooks', content: 'webhook deliveries'}];

  it('fetches each tag once: concurrent searches wait on the first request', async () => {
    const release: (() => void)[] = [];
    const s = searchOver(docs, {
      fetch: (url, file) =>
        new Promise((resolve) =>
          release.push(() => resolve({ok: url.includes('docs-default'), json: async () => file})),
        ),
    });
    const pending = [s.search('w'), s.search('we'), s.search('webhook')];
    await vi.waitFor(() => expect(s.fetched).toHaveLength(3));
    expect(s.fetched).toEqual([
      '/search-index-default.json',
      '/search-index-docs-default-current.json',
      '/search-index-docs-api-current.json',
    ]);
    release.forEach((go) => go());
    const results = await Promise.all(pending);
    expect(results[2]).toHaveLength(1);
    await s.search('webhooks');
    expect(s.fetched).toHaveLength(3);
  });

  it('treats a non-OK answer or a failed request as an empty index, without an error', async () => {
    const notOk = searchOver(docs, {fetch: async () => ({ok: false, json: async () => ({})})});
    expect(await notOk.search('webhook')).toEqual([]);
    const failed = searchOver(docs, {fetch: async () => Promise.reject(new TypeError('Failed to fetch'))});
    expect(await failed.search('webhook')).toEqual([]);
    // One failing index leaves the others searchable.
    const partial = searchOver(docs, {
      fetch: async (url, file) =>
        url.includes('docs-api')
          ? Promise.reject(new TypeError('Failed to fetch'))
          : {ok: url.includes('docs-default'), json: async () => file},
    });
    expect((await partial.search('webhook')).map((h) => h.document.sectionRoute)).toEqual(['/p1']);
  });
});

type AutocompleteEnvironment = NonNullable<Parameters<typeof createAutocomplete>[0]['environment']>;
/** autocomplete-core's environment, as far as these tests reach it: the timers (fake ones, once a test asks). */
const timers = () => ({setTimeout, clearTimeout}) as unknown as AutocompleteEnvironment;
type PlacementParams = Parameters<typeof getPanelPlacementStyle>[0];

describe('autocomplete: input cap, stalled state, panel placement', () => {
  afterEach(() => vi.useRealTimers());

  it('caps the input at 512 characters', () => {
    let query = '';
    const autocomplete = createAutocomplete({
      environment: timers(),
      onStateChange: ({state}) => (query = state.query),
      getSources: () => [],
    });
    const props = autocomplete.getInputProps({inputElement: {} as HTMLInputElement});
    expect(props.maxLength).toBe(512);
    // The input event as far as autocomplete-core reads it.
    props.onChange({currentTarget: {value: 'x'.repeat(2000)}, nativeEvent: {}} as unknown as Parameters<
      typeof props.onChange
    >[0]);
    expect(query).toHaveLength(512);
  });

  it('goes loading, then stalled after 300 ms while the items are not in', async () => {
    vi.useFakeTimers();
    const statuses: string[] = [];
    let resolve!: (items: Record<string, unknown>[]) => void;
    const autocomplete = createAutocomplete({
      environment: timers(),
      onStateChange: ({state}) => statuses.push(state.status),
      getSources: () => [{sourceId: 's', getItems: () => new Promise<Record<string, unknown>[]>((r) => (resolve = r))}],
    });
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
      // The elements and environment as far as the placement reads them.
      getPanelPlacementStyle({
        panelPlacement,
        container: element,
        form: element,
        panel: element,
        environment,
      } as unknown as PlacementParams);
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
    expect(server).toContain(
      'generated += `\\\nexport const tokenize = (input) => lunr.tokenizer(input)\n  .map(token => token.str);\\n`;',
    );
    expect(GENERATED_TOKENIZE).toContain('lunr.tokenizer(input)');
    expect(server).toContain('lunr.tokenizer.separator = ${lunrTokenizerSeparator.toString()};');
    expect(searchOptions.lunr.tokenizerSeparator).toBe(TOKENIZER_SEPARATOR);
  });

  it('splits words at punctuation, as code in the guides needs', () => {
    // The words of the text; the identifier words config/search-query-compounds.ts adds after them
    // (marked, starting with "_") are its own test's.
    const words = (text: string) =>
      lunr
        .tokenizer(text)
        .map((t: {str: string}) => t.str)
        .filter((w: string) => !w.startsWith('_'));
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
});

describe('search box keyboard rules', () => {
  const key = (k: string, mods: Partial<KeyboardEvent> = {}) =>
    ({
      key: k,
      ctrlKey: false,
      metaKey: false,
      altKey: false,
      shiftKey: false,
      isComposing: false,
      ...mods,
    }) as KeyboardEvent;

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
