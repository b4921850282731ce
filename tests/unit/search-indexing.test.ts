/**
 * The search indexing without a build: the parts of a page the indexer reads
 * (packages/kestrel-search/indexing/search-index-view.ts), the sections it makes of them
 * (packages/kestrel-search/indexing/page-sections.ts), and the query stop-word filter
 * (packages/kestrel-search/engine/query-stop-words.ts) in the search box's ranking.
 * tests/after-build/search-index.test.ts checks the same on the built index files.
 */
import {describe, expect, it} from 'vitest';
import {
  indexedParts,
  keywordWords,
  pageKeywords,
  withoutSchemaElements,
} from '../../packages/kestrel-search/indexing/search-index-view';
import {pageSections} from '../../packages/kestrel-search/indexing/page-sections';
import {QUERY_STOP_WORDS} from '../../packages/kestrel-search/engine/query-stop-words';
import {searchOverSections} from '../search-client';

/** The sections of a page as the indexer reads them, with the docs tag it needs. */
const sectionsOf = (html: string, tags: string[] = []) =>
  pageSections(html.replace('<head>', '<head><meta name=docusaurus_tag content=docs-default-current>'), '/x', tags);

/** A guide page as Docusaurus minifies it: keywords in the head, the article with its markdown. */
const GUIDE = `<html><head><meta data-rh=true name=keywords content="webhooks,event types,at least once"/></head><body>
<article><div class="theme-doc-markdown markdown"><header><h1>Webhooks overview</h1></header>
<p>Kestrel tells your server when something changes.</p>
<h2 class="anchor" id=delivery>Delivery<a href=#delivery class=hash-link>#</a></h2><p>At least once.</p></div></article></body></html>`;

/**
 * An operation page (src/components/ApiPage): the method and URL as text under the h1, the
 * description, the schema sections and the column of code.
 */
const OPERATION = `<html><head></head><body><article><div class="theme-doc-markdown markdown"><header><h1>Issue invoice</h1></header>
<div class=api-page><div class=api-page__text><div class=api-page__request>
<div class=api-endpoint><span class="api-method-badge badge">POST</span><code class=api-endpoint__path>https://api.kestrel.example/v1/invoices</code></div>
<div class=api-html><p>Issues an invoice payable to your own account.</p></div>
<section class="api-section api-request-body"><h2 class="anchor" id=request>Request body<a href=#request class=hash-link>#</a></h2><ul class=api-fields><li class=api-field id=request-body.amount><strong>amount</strong> object required</li></ul></section></div>
<div class=api-page__responses><section class="api-section api-responses"><h2 class="anchor" id=responses>Responses</h2><p>201</p></section></div></div>
<div class=api-page__code><h2>Request</h2><pre>curl</pre></div></div></div></article></body></html>`;

describe('the page the indexer reads (packages/kestrel-search/indexing/search-index-view.ts)', () => {
  it('reads the keywords Docusaurus wrote, quoted or not', () => {
    expect(pageKeywords(GUIDE)).toEqual(['webhooks', 'event types', 'at least once']);
    expect(pageKeywords('<meta content="a, b" name="keywords">')).toEqual(['a', 'b']);
    expect(pageKeywords('<meta name=description content="x">')).toEqual([]);
    expect(pageKeywords(OPERATION)).toEqual([]);
  });

  it('gives the keywords as tags of the first section, word by word, and no text changes', () => {
    const plain = sectionsOf(GUIDE);
    const tagged = sectionsOf(GUIDE, keywordWords(pageKeywords(GUIDE)));
    expect(plain.sections[0]!.tags).toEqual([]);
    // Word by word: lunr indexes each tag whole, and no query word would match "event types".
    expect(tagged.sections[0]!.tags).toEqual(['webhooks', 'event', 'types', 'at', 'least', 'once']);
    expect(tagged.sections.slice(1).every((s) => s.tags.length === 0)).toBe(true);
    expect(tagged.sections.map((s) => [s.title, s.hash, s.content])).toEqual(
      plain.sections.map((s) => [s.title, s.hash, s.content]),
    );
    expect(plain.sections.map((s) => [s.title, s.hash, s.content])).toEqual([
      ['Webhooks overview', '', 'Kestrel tells your server when something changes.'],
      ['Delivery', '#delivery', 'At least once.'],
    ]);
  });

  it('indexes an operation once, under its name, its method and URL in the text, without its schema sections and code', () => {
    const plain = sectionsOf(OPERATION);
    expect(plain.sections.map((s) => s.title)).toEqual(['Issue invoice', 'Request body', 'Responses', 'Request']);
    const viewed = sectionsOf(withoutSchemaElements(OPERATION));
    expect(viewed.sections.map((s) => s.title)).toEqual(['Issue invoice']);
    expect(viewed.sections[0]!.content).toContain('POST');
    expect(viewed.sections[0]!.content).toContain('/v1/invoices');
    expect(viewed.sections[0]!.content).toContain('Issues an invoice');
    expect(viewed.sections[0]!.content).not.toContain('amount');
  });
});

/** A whole page: navbar, a sidebar with its active group and link among others, the article, a footer. */
const WHOLE_PAGE = `<!DOCTYPE html><html lang=en><head><meta data-rh=true name=docusaurus_tag content=docs-api-current /><meta data-rh=true name=keywords content="invoice,lightning"/><title>Issue invoice</title></head>
<body><nav class=navbar><a class="navbar__link navbar__link--active" href=/api/>API Reference</a></nav>
<div class=main-wrapper><aside class="theme-doc-sidebar-container docSidebarContainer_x"><nav><ul class=menu__list>
<li><a class="menu__link menu__link--sublist" href=/api/get-balances>Balances</a><ul><li><a class=menu__link href=/api/get-balances>Get balances</a></li></ul></li>
<li><a class="menu__link menu__link--sublist menu__link--active" href=/api/issue-invoice>Invoices</a><ul><li><a class="menu__link menu__link--active" aria-current=page href=/api/issue-invoice>Issue invoice</a></li>
<li><a class=menu__link href=/api/get-invoice>Get invoice</a></li></ul></li></ul></nav></aside>
<main>${OPERATION.replace(/^[\s\S]*?<body>|<\/body>[\s\S]*$/g, '')}<div class=table-of-contents><a class=table-of-contents__link href=#request>Request</a></div></main></div>
<footer class=footer>Copyright Kestrel</footer></body></html>`;

describe('the parts of a page the indexer reads (indexedParts)', () => {
  it('keeps the head, the article and the active sidebar links, and drops the rest', () => {
    const parts = indexedParts(WHOLE_PAGE);
    expect(parts).toContain('name=docusaurus_tag');
    expect(parts).toContain('Issues an invoice payable to your own account.');
    expect(parts.match(/menu__link--active/g)).toHaveLength(2);
    for (const dropped of [
      'Get balances',
      'Get invoice',
      'navbar__link',
      'table-of-contents__link',
      'Copyright Kestrel',
    ])
      expect(parts).not.toContain(dropped);
  });

  it('indexes as the whole page does: sections, parent categories, docusaurus tag', () => {
    const whole = pageSections(withoutSchemaElements(WHOLE_PAGE), '/api/issue-invoice', ['_amount']);
    const parts = pageSections(withoutSchemaElements(indexedParts(WHOLE_PAGE)), '/api/issue-invoice', ['_amount']);
    expect(parts).toEqual(whole);
    expect(parts.parentCategories).toEqual(['Invoices']);
    expect(parts.tag).toBe('docs-api-current');
    expect(keywordWords(pageKeywords(indexedParts(WHOLE_PAGE)))).toEqual(['invoice', 'lightning']);
  });

  it('refuses a page without a docs tag, naming its route', () => {
    expect(() => pageSections(GUIDE, '/webhooks/overview')).toThrow(
      /\/webhooks\/overview has no <meta name="docusaurus_tag">/,
    );
  });

  it('leaves a page with no head or no article as it is', () => {
    expect(indexedParts(OPERATION.replace('<head></head>', ''))).toBe(OPERATION.replace('<head></head>', ''));
    const noArticle = '<html><head><title>x</title></head><body><main>Page</main></body></html>';
    expect(indexedParts(noArticle)).toBe(noArticle);
  });
});

describe('query stop words (packages/kestrel-search/engine/query-stop-words.ts)', () => {
  /** Sections built as the indexer builds them, in an index whose pipeline names the filter. */
  function searchWith(pipeline: string[]) {
    const docs = [
      {title: 'Pay a seller', content: 'marketplace payments for a seller'},
      // Many words that begin with "a" or "on", as a real index has.
      ...Array.from({length: 30}, (_, i) => ({
        title: `Account ${i}`,
        content: `amount address api answer onchain online ${'x'.repeat(i)}`,
      })),
    ];
    return searchOverSections(docs, pipeline);
  }

  it('drops stop words, exactly and as prefixes, so the words that matter decide', async () => {
    const filtered = searchWith(['stemmer', QUERY_STOP_WORDS]);
    const hits = await filtered.search('pay a seller on a marketplace');
    expect(hits[0]!.document.sectionRoute).toBe('/p1');
    // The prefix "a*" alone would match every section; filtered, "a" finds nothing.
    expect(await filtered.search('a')).toEqual([]);
    expect((await searchWith(['stemmer']).search('a')).length).toBe(8);
  });

  it('keeps words that only begin like a stop word', async () => {
    const hits = await searchWith(['stemmer', QUERY_STOP_WORDS]).search('onc');
    expect(hits.length).toBeGreaterThan(0);
  });
});
