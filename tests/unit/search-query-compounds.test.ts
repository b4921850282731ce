/**
 * Adjacent query words searched written together (packages/kestrel-search/engine/query-compounds.ts):
 * the query's words, and identifiers found in every form a developer types them, by the search
 * box's ranking (tests/search-client.ts) over a small index tagged as
 * packages/kestrel-search/indexing/search-api-terms.ts tags an API page.
 */
import {describe, expect, it} from 'vitest';
import {IDENTIFIER_MARK, joinedRuns} from '../../packages/kestrel-search/engine/query-compounds';
import {queryTerms} from '../../packages/kestrel-search/engine/ranking';
import {indexWords} from '../../packages/kestrel-search/indexing/search-api-terms';
import {lunr, searchOverSections} from '../search-client';

const searchOver = (docs: {title: string; content: string; tags?: string[]}[]) => searchOverSections(docs);

const DOCS = [
  {
    title: 'Issue invoice',
    content: 'Issues an invoice.',
    tags: indexWords({names: ['amount.currency', 'expiresInSeconds', 'description'], values: ['Idempotency-Key']}),
  },
  {title: 'Create a payout originator', content: 'Registers who sends a payout.', tags: []},
  {
    title: 'Find payout originator by ID',
    content: 'Returns one.',
    tags: indexWords({names: ['payoutOriginatorId'], values: []}),
  },
  {title: 'Invoices guide', content: 'An unpaid invoice expires after some seconds.'},
];
const routes = async (s: ReturnType<typeof searchOver>, query: string) =>
  (await s.search(query)).map((h) => h.document.sectionRoute);

describe('query compounds (packages/kestrel-search/engine/query-compounds.ts)', () => {
  it('join every run of two to four adjacent words', () => {
    expect(joinedRuns(['a', 'b', 'c'])).toEqual(['ab', 'abc', 'bc']);
    expect(joinedRuns(['a', 'b', 'c', 'd', 'e'])).toContain('abcd');
    expect(joinedRuns(['a', 'b', 'c', 'd', 'e'])).not.toContain('abcde');
    expect(joinedRuns(['a'])).toEqual([]);
  });

  it('add to the query the marked word of a one-word query, and the joined runs of a longer one', () => {
    const words = (query: string) => queryTerms(query).searched;
    expect(words('expiresInSeconds')).toEqual(['expiresinseconds', `${IDENTIFIER_MARK}expiresinseconds`]);
    expect(words('amount currency')).toEqual(['amount', 'currency', '__amountcurrency']);
    // Typed with its punctuation and no space, the query is one identifier: its run counts twice.
    expect(words('amount.currency')).toEqual(['amount', 'currency', '__amountcurrency', '__amountcurrency']);
    expect(words(' Kestrel-Signature ')).toEqual(['kestrel', 'signature', '__kestrelsignature', '__kestrelsignature']);
    expect(words('fee amount.currency')).toEqual([
      'fee',
      'amount',
      'currency',
      '__feeamount',
      '__feeamountcurrency',
      '__amountcurrency',
    ]);
  });

  it('leave the index builder and lists of values alone', () => {
    const index = lunr(function () {
      this.ref('id');
      this.field('content');
      this.add({id: '1', content: 'amount currency'});
    });
    expect(Object.keys((index as unknown as {invertedIndex: object}).invertedIndex).sort()).toEqual([
      'amount',
      'currenc',
    ]);
    expect(lunr.tokenizer(['Two Words']).map((t) => t.toString())).toEqual(['two words']);
  });

  it('find an identifier as typed, by prefix, as words and with its punctuation', async () => {
    const s = searchOver(DOCS);
    for (const query of ['expiresInSeconds', 'expiresIn', 'amount.currency', 'Idempotency-Key']) {
      expect((await routes(s, query))[0], query).toBe('/p1');
    }
    // As words, the guide that says them in prose may come first; the operation is found only
    // through the joined run (it holds neither word).
    expect((await routes(s, 'expires in seconds')).slice(0, 3)).toContain('/p1');
    expect(await routes(s, 'expires seconds')).not.toContain('/p1');
  });

  it('search a joined run exactly only: a prose query does not reach identifiers that begin with it', async () => {
    const s = searchOver(DOCS);
    const hits = await s.search('payout originator');
    const score = (route: string) => hits.find((h) => h.document.sectionRoute === route)?.score;
    // Both titles hold both words; the by-ID page's `_payoutoriginatorid` adds nothing.
    expect(score('/p3')).toBeLessThanOrEqual(score('/p2')! * 1.5);
    expect(await routes(s, 'payoutoriginator')).toContain('/p3');
  });
});
