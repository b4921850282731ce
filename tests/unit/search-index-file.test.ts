/**
 * The index files' stored form (packages/kestrel-search/engine/index-file.ts,
 * packages/kestrel-search/indexing/stored-index.ts): each file keeps words, counts and field
 * lengths instead of lunr's vectors, and loads as the index lunr builds, number for number; a file
 * in another form is refused, by the search box as an empty index and in Node with an error.
 */
import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {lunr} from '../search-client';
import {indexFiles, type IndexedPage} from '../../packages/kestrel-search/indexing/build-indexes';
import {indexFileProblem, serializedIndexOf} from '../../packages/kestrel-search/engine/index-file';
import {readIndexFiles} from '../../packages/kestrel-search/engine/node';
import {BM25_B, BM25_K1, FIELD_BOOSTS, INDEX_FIELDS} from '../../packages/kestrel-search/engine/ranking';
import {indexLoader} from '../../packages/kestrel-search/theme/SearchBar/indexFiles';

type Section = {title: string; content: string; tags: string[]; category: string};

const page = (tag: string, i: number, section: Section): IndexedPage => ({
  route: `/${tag}/${i}`,
  tags: section.tags,
  page: {
    tag,
    pageTitle: section.title,
    sections: [{title: section.title, hash: '', content: section.content, tags: section.tags}],
    parentCategories: section.category ? [section.category] : [],
  },
});

const SECTIONS: [string, Section][] = [
  [
    'docs-default-current',
    {
      title: 'Making payouts',
      content: 'A payout sends money to a bank. Payouts, payouts and more payouts.',
      tags: ['payout', 'bank'],
      category: 'Guides',
    },
  ],
  [
    'docs-default-current',
    {
      title: 'Webhooks',
      content: 'Webhook deliveries are signed; verify the signature of every delivery.',
      tags: [],
      category: 'Guides',
    },
  ],
  [
    'docs-api-current',
    {
      title: 'Create a payout',
      content: 'Creates a payout to a bank account.',
      tags: ['_amountcurrency', '_amountcurrency'],
      category: '',
    },
  ],
  ['docs-api-current', {title: 'Get deposit', content: 'Returns one deposit.', tags: ['_id'], category: 'Deposits'}],
];

/** The same sections indexed by lunr itself, as the indexer configures it. */
function lunrIndex() {
  return lunr(function () {
    this.b(BM25_B);
    this.k1(BM25_K1);
    this.ref('id');
    for (const field of INDEX_FIELDS) this.field(field, {boost: FIELD_BOOSTS[field]});
    SECTIONS.forEach(([, s], i) =>
      this.add({
        id: String(i + 1),
        title: s.title,
        content: s.content,
        tags: s.tags,
        sidebarParentCategories: s.category,
      }),
    );
  }).toJSON();
}

const files = () => indexFiles(SECTIONS.map(([tag, s], i) => page(tag, i + 1, s)));

describe('the stored index', () => {
  it('loads, all files together, as the index lunr builds: the same vectors and postings, number for number', () => {
    const loaded = serializedIndexOf([...files().values()]);
    const built = JSON.parse(JSON.stringify(lunrIndex()));
    const byRef = (v: [string, number[]][]) => new Map(v);
    expect(byRef(loaded.fieldVectors)).toEqual(byRef(built.fieldVectors));
    expect(JSON.parse(JSON.stringify(loaded.invertedIndex))).toEqual(built.invertedIndex);
  });

  it("gives one file alone the site's numbers: its vectors are the site index's", () => {
    const built = new Map(JSON.parse(JSON.stringify(lunrIndex())).fieldVectors as [string, number[]][]);
    const api = serializedIndexOf([files().get('docs-api-current')!]);
    expect(api.fieldVectors.map(([ref]) => ref)).toEqual(
      ['3', '4'].flatMap((id) => INDEX_FIELDS.map((field) => `${field}/${id}`)),
    );
    for (const [ref, elements] of api.fieldVectors) expect(elements, ref).toEqual(built.get(ref));
  });

  it('keeps only what a result shows in the documents', () => {
    for (const document of files().get('docs-default-current')!.documents)
      expect(Object.keys(document).sort()).toEqual([
        'id',
        'pageTitle',
        'sectionRoute',
        'sectionTitle',
        'title',
        'type',
      ]);
  });
});

describe('a file in another form', () => {
  // An index file as lunr serializes it, which builds before the stored form wrote.
  const older = {documents: [{id: 1, title: 'Webhooks', content: 'webhook'}], index: lunrIndex()};

  it('is named for what it lacks', () => {
    expect(indexFileProblem(older)).toBe('its index has no "averageFieldLength" list');
    expect(indexFileProblem({})).toBe('it has no "documents" list and "index" object');
    expect(indexFileProblem(JSON.parse(JSON.stringify(files().get('default'))))).toBeNull();
  });

  it('counts as an empty index in the search box, the other files still searched', async () => {
    const current = JSON.stringify(files().get('docs-default-current'));
    const loader = indexLoader(
      (async (url: string) =>
        new Response(url.includes('docs-default') ? current : JSON.stringify(older))) as typeof fetch,
    );
    const hits = (await loader.searchOf('/', ['default', 'docs-default-current', 'docs-api-current'])).search(
      'webhook',
    ).hits;
    expect(hits.map((h) => h.document.sectionRoute)).toEqual(['/docs-default-current/2']);
  });

  it('stops searchBuiltSite with an error naming the file', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'search-index-file-'));
    writeFileSync(path.join(dir, 'search-index-docs-default-current.json'), JSON.stringify(older));
    expect(() => readIndexFiles(dir)).toThrow(
      `${path.join(dir, 'search-index-docs-default-current.json')} is not a search index file: its index has no "averageFieldLength" list`,
    );
  });
});
