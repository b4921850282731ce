/**
 * The local search proved on the real code paths, without a build: the ranking the search box and
 * searchBuiltSite share (packages/kestrel-search/engine/ranking.ts) over small indexes built the
 * way the indexer builds them (tests/search-client.ts), the index loading of the search box
 * (packages/kestrel-search/theme/SearchBar/indexFiles.ts), autocomplete-js and autocomplete-core
 * (which draw the panel), and the keyboard rules of the search box. tests/after-build/ checks the
 * built index files; tests/e2e/search.spec.ts shows it all in Chromium.
 */
import {afterEach, describe, expect, it, vi} from 'vitest';
import {createAutocomplete} from '@algolia/autocomplete-core';
// The function autocomplete-js runs to place its panel (not exported from the package root).
import {getPanelPlacementStyle} from '@algolia/autocomplete-js/dist/esm/getPanelPlacementStyle.js';
import {searchOverSections, type IndexedSection} from '../search-client';
import {indexFiles} from '../../packages/kestrel-search/indexing/build-indexes';
import {FIELD_BOOSTS, MAX_SEARCH_RESULTS, createSearch, queryTerms} from '../../packages/kestrel-search/engine/ranking';
import {indexLoader} from '../../packages/kestrel-search/theme/SearchBar/indexFiles';
import {isOpenShortcut, isTypingTarget} from '../../packages/kestrel-search/theme/SearchBar/keyboard';

const routes = async (docs: IndexedSection[], query: string) =>
  (await searchOverSections(docs).search(query)).map((h) => h.document.sectionRoute);

describe('the ranking', () => {
  it('answers at most 8 hits, by descending score, each with its section route', async () => {
    // Twenty sections with the word, in texts of different lengths.
    const hits = await searchOverSections(
      Array.from({length: 20}, (_, i) => ({title: `Section ${i}`, content: `kestrel ${'filler '.repeat(i)}`})),
    ).search('kestrel');
    expect(MAX_SEARCH_RESULTS).toBe(8);
    expect(hits).toHaveLength(8);
    const scores = hits.map((h) => h.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(hits[0]!.document.sectionRoute).toBe('/p1');
    expect(hits[0]!.terms).toEqual(['kestrel']);
  });

  it('finds nothing for a word no section has', async () => {
    expect(await routes([{title: 'Alpha', content: 'first page'}], 'zzqxv')).toEqual([]);
  });

  it('matches whole words and their beginnings, never a misspelling', async () => {
    const docs = [
      {title: 'Alpha', content: 'signature verification'},
      {title: 'Beta', content: 'second page'},
    ];
    expect(await routes(docs, 'signature')).toEqual(['/p1']);
    expect(await routes(docs, 'signatu')).toEqual(['/p1']);
    expect(await routes(docs, 'signatrue')).toEqual([]);
    expect(await routes(docs, 'ignature')).toEqual([]);
  });

  it('matches on tags, exactly and by prefix', async () => {
    const docs = [
      {title: 'Alpha', content: 'first page', tags: ['zebra']},
      {title: 'Beta', content: 'second page', tags: []},
    ];
    expect(await routes(docs, 'zebra')).toEqual(['/p1']);
    expect(await routes(docs, 'zeb')).toEqual(['/p1']);
  });

  it('matches on sidebar parent categories, exactly and by prefix', async () => {
    const docs = [
      {title: 'Alpha', content: 'first page', sidebarParentCategories: 'Operating'},
      {title: 'Beta', content: 'second page', sidebarParentCategories: 'Walkthroughs'},
    ];
    expect(await routes(docs, 'operating')).toEqual(['/p1']);
    expect(await routes(docs, 'walkthroughs')).toEqual(['/p2']);
    // A prefix of the indexed (stemmed) word: "walkthroughs" is indexed as "walkthrough".
    expect(await routes(docs, 'walkthr')).toEqual(['/p2']);
  });

  it('weighs a match by its field: title 5, tags 3, parent categories 2, content 1', async () => {
    expect(FIELD_BOOSTS).toEqual({title: 5, content: 1, tags: 3, sidebarParentCategories: 2});
    // The same word alone in one field of each section; every field has the same length.
    const docs = [
      {title: 'kestrel', content: 'alpha', sidebarParentCategories: 'beta', tags: ['gamma']},
      {title: 'alpha', content: 'kestrel', sidebarParentCategories: 'beta', tags: ['gamma']},
      {title: 'alpha', content: 'beta', sidebarParentCategories: 'gamma', tags: ['kestrel']},
      {title: 'alpha', content: 'beta', sidebarParentCategories: 'kestrel', tags: ['gamma']},
    ];
    const hits = await searchOverSections(docs).search('kestrel');
    const score = (route: string) => hits.find((h) => h.document.sectionRoute === route)!.score;
    expect(score('/p1') / score('/p2')).toBeCloseTo(5, 1);
    expect(score('/p3') / score('/p2')).toBeCloseTo(3, 1);
    expect(score('/p4') / score('/p2')).toBeCloseTo(2, 1);
    expect(hits.map((h) => h.document.sectionRoute)).toEqual(['/p1', '/p3', '/p4', '/p2']);
  });

  it('scores the files of several tags on one scale: as one index, whichever files are searched together', async () => {
    // Guides and API pages in two tags, as on the site.
    const page = (tag: string, i: number, title: string, content: string) => ({
      route: `/${tag}/${i}`,
      tags: [],
      page: {tag, pageTitle: title, sections: [{title, hash: '', content, tags: []}], parentCategories: []},
    });
    const files = indexFiles([
      page('docs-default-current', 1, 'Making payouts', 'payout originator payout originator bank'),
      page('docs-default-current', 2, 'Authorization', 'scopes for payouts and payout originators'),
      page('docs-api-current', 3, 'Create a payout originator', 'creates a payout originator'),
      page('docs-api-current', 4, 'Get payouts', 'lists payouts'),
    ]);
    expect([...files.keys()]).toEqual(['default', 'docs-default-current', 'docs-api-current']);
    expect(files.get('default')!.documents).toEqual([]);
    const together = createSearch([...files.values()]).search('payout originator').hits;
    const reversed = createSearch([...files.values()].reverse()).search('payout originator').hits;
    expect(reversed).toEqual(together);
    // The API file alone gives its documents the scores they have among all.
    const apiAlone = createSearch([files.get('docs-api-current')!]).search('payout originator').hits;
    for (const hit of apiAlone)
      expect(hit.score).toBeCloseTo(together.find((h) => h.document.id === hit.document.id)!.score, 10);
    // The page titled with the query comes first.
    expect(together[0]!.document.sectionRoute).toBe('/docs-api-current/3');
  });

  it('pages through the hits with offset and limit, and counts them all', () => {
    const files = indexFiles(
      Array.from({length: 12}, (_, i) => ({
        route: `/p${i + 1}`,
        tags: [],
        page: {
          tag: 'docs-default-current',
          pageTitle: `Page ${i}`,
          sections: [{title: `Page ${i}`, hash: '', content: `kestrel ${'filler '.repeat(i)}`, tags: []}],
          parentCategories: [],
        },
      })),
    );
    const search = createSearch([...files.values()]);
    const all = search.search('kestrel', {limit: 20});
    expect(all.total).toBe(12);
    expect(all.hits).toHaveLength(12);
    const second = search.search('kestrel', {limit: 5, offset: 5});
    expect(second.total).toBe(12);
    expect(second.hits.map((h) => h.document.id)).toEqual(all.hits.slice(5, 10).map((h) => h.document.id));
  });
});

describe('index loading', () => {
  const file = () =>
    JSON.parse(
      JSON.stringify(
        indexFiles([
          {
            route: '/p1',
            tags: [],
            page: {
              tag: 'docs-default-current',
              pageTitle: 'Webhooks',
              sections: [{title: 'Webhooks', hash: '', content: 'webhook deliveries', tags: []}],
              parentCategories: [],
            },
          },
        ]).get('docs-default-current'),
      ),
    );
  const TAGS = ['default', 'docs-default-current', 'docs-api-current'];
  const answer = (ok: boolean) => new Response(ok ? JSON.stringify(file()) : 'nope', {status: ok ? 200 : 404});

  it('fetches each tag once: concurrent searches wait on the first request', async () => {
    const fetched: string[] = [];
    const release: (() => void)[] = [];
    const loader = indexLoader(((url: string) => {
      fetched.push(url);
      return new Promise<Response>((resolve) => release.push(() => resolve(answer(url.includes('docs-default')))));
    }) as typeof fetch);
    const pending = ['w', 'we', 'webhook'].map(async (q) => (await loader.searchOf('/', TAGS)).search(q).hits);
    await vi.waitFor(() => expect(fetched).toHaveLength(3));
    expect(fetched).toEqual([
      '/search-index-default.json',
      '/search-index-docs-default-current.json',
      '/search-index-docs-api-current.json',
    ]);
    release.forEach((go) => go());
    const results = await Promise.all(pending);
    expect(results[2]).toHaveLength(1);
    await loader.searchOf('/', TAGS);
    expect(fetched).toHaveLength(3);
  });

  it('treats a non-OK answer or a failed request as an empty index, without an error', async () => {
    const hits = async (impl: (url: string) => Promise<Response>) =>
      (await indexLoader(impl as typeof fetch).searchOf('/', TAGS)).search('webhook').hits;
    expect(await hits(async () => answer(false))).toEqual([]);
    expect(await hits(async () => Promise.reject(new TypeError('Failed to fetch')))).toEqual([]);
    // One failing index leaves the others searchable.
    const partial = await hits(async (url) =>
      url.includes('docs-api')
        ? Promise.reject(new TypeError('Failed to fetch'))
        : answer(url.includes('docs-default')),
    );
    expect(partial.map((h) => h.document.sectionRoute)).toEqual(['/p1']);
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
  it('splits words at punctuation, as code in the guides needs', () => {
    // The query's own words; the identifier words it adds (packages/kestrel-search/engine/query-compounds.ts) are their own test's.
    const words = (text: string) => queryTerms(text).terms;
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
