/**
 * The synonym table of the search (packages/kestrel-search/engine/query-synonyms.ts): checked for
 * shape, and applied to queries by the search box's ranking (tests/search-client.ts) over a small
 * index whose pipeline names the synonym filter, as the built index files do.
 */
import {describe, expect, it} from 'vitest';
import {
  QUERY_SYNONYMS,
  SEARCH_SYNONYMS,
  checkSynonyms,
  synonymLookup,
} from '../../packages/kestrel-search/engine/query-synonyms';
import {QUERY_STOP_WORDS} from '../../packages/kestrel-search/engine/query-stop-words';
import {searchOverSections} from '../search-client';
import {loadBundledDefinition} from './openapi-definition';
import {buildDefinition} from '../../definition/index.ts';

const searchWith = (pipeline: string[], docs: {title: string; content: string}[]) => searchOverSections(docs, pipeline);

const PIPELINE = [QUERY_SYNONYMS, 'stemmer', QUERY_STOP_WORDS];
const DOCS = [
  {title: 'Issue invoice', content: 'Issues an invoice payable to your account.'},
  {title: 'Get payouts', content: 'Returns your payouts, newest first.'},
  {title: 'Revoke an API key', content: 'A revoked key stops working at once.'},
  {title: 'Delete subscription', content: 'Stops the deliveries to an endpoint.'},
  {title: 'Create a receive request', content: 'A request for any amount.'},
];
const routes = async (s: ReturnType<typeof searchWith>, query: string) =>
  (await s.search(query)).map((h) => h.document.sectionRoute);

describe('search synonyms (packages/kestrel-search/engine/query-synonyms.ts)', () => {
  it('map to words Kestrel uses: each target word is in an API slug or a guide word the table names', () => {
    checkSynonyms(SEARCH_SYNONYMS);
    const slugs = buildDefinition(loadBundledDefinition()).operations.map((op) => op.slug);
    const slugWords = new Set(slugs.flatMap((s) => s.split('-')));
    // The few targets that are guide words, not slug words.
    const guideWords = new Set(['revoke', 'webhook', 'limit', 'onchain']);
    for (const [key, words] of Object.entries(SEARCH_SYNONYMS)) {
      for (const word of words) expect(slugWords.has(word) || guideWords.has(word), `${key} -> ${word}`).toBe(true);
    }
    expect(SEARCH_SYNONYMS.create).toContain('issue');
    expect(SEARCH_SYNONYMS.list).toContain('get');
    expect(SEARCH_SYNONYMS.remove).toEqual(expect.arrayContaining(['delete', 'revoke']));
  });

  it('find a row by any form of its word', () => {
    const lookup = synonymLookup();
    expect(lookup('withdrawals')).toEqual(['payout']);
    expect(lookup('creating')).toContain('issue');
    expect(lookup('invoice')).toEqual([]);
  });

  it('refuse an entry that is not one lowercase word, naming it', () => {
    expect(() => checkSynonyms({'fx rate': ['exchange']})).toThrow(/"fx rate"/);
    expect(() => checkSynonyms({fx: ['Exchange']})).toThrow(/"fx" lists "Exchange"/);
    expect(() => checkSynonyms({fx: []})).toThrow(/"fx" lists no words/);
  });

  it("are applied to queries: a developer's word finds the page in Kestrel's", async () => {
    const withSynonyms = searchWith(PIPELINE, DOCS);
    const without = searchWith(['stemmer', QUERY_STOP_WORDS], DOCS);
    expect((await routes(withSynonyms, 'create invoice'))[0]).toBe('/p1');
    expect(await routes(withSynonyms, 'create')).toEqual(expect.arrayContaining(['/p1', '/p5']));
    expect(await routes(without, 'create')).toEqual(['/p5']);
    expect((await routes(withSynonyms, 'list payouts'))[0]).toBe('/p2');
    expect(await routes(withSynonyms, 'remove')).toEqual(expect.arrayContaining(['/p3', '/p4']));
    expect(await routes(without, 'remove')).toEqual([]);
    // By prefix too: "withdraw" is searched as "payout*" as well.
    expect(await routes(withSynonyms, 'withdraw')).toEqual(['/p2']);
  });

  it('keep the word typed: "create" still finds what Kestrel creates', async () => {
    expect(await routes(searchWith(PIPELINE, DOCS), 'create')).toContain('/p5');
  });
});
