/**
 * What packages/kestrel-search/indexing/search-local.ts changes in the search indexing, without a build: the copy of a page
 * the indexer reads (packages/kestrel-search/indexing/search-index-view.ts), run through the plugin's own HTML parser, and
 * the query stop-word filter (config/search-query-stop-words.ts) in the plugin's client code.
 * tests/after-build/search-index.test.ts checks the same on the built index files.
 */
import {createRequire} from 'node:module';
import {describe, expect, it} from 'vitest';
import {
  indexedParts,
  indexerView,
  pageKeywords,
  withKeywordTags,
} from '../../packages/kestrel-search/indexing/search-index-view';
import {QUERY_STOP_WORDS} from '../../config/search-query-stop-words';
import {searchOverSections} from '../search-client';

// The plugin's HTML parser, loaded as Docusaurus loads the plugin: through jiti (the plugin's
// server code is ES modules with extensionless imports, which Node alone does not resolve).
const requireFromDocusaurus = createRequire(createRequire(import.meta.url).resolve('@docusaurus/utils'));
const jiti = requireFromDocusaurus('jiti')(import.meta.url);
const {html2text, getDocusaurusTag} = jiti('@cmfcmf/docusaurus-search-local/lib/server/parse.js') as {
  html2text(
    html: string,
    type: 'docs' | 'blog' | 'page',
    url: string,
  ): {
    sections: {title: string; hash: string; content: string; tags: string[]}[];
    docSidebarParentCategories?: string[];
  };
  getDocusaurusTag(html: string): string;
};

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
    expect(withKeywordTags(OPERATION)).toBe(OPERATION);
  });

  it('gives the plugin the keywords as tags of the first section, and no text changes', () => {
    const plain = html2text(GUIDE, 'docs', '/webhooks/overview');
    const viewed = html2text(withKeywordTags(GUIDE), 'docs', '/webhooks/overview');
    expect(plain.sections[0]!.tags).toEqual([]);
    // Word by word: lunr indexes each tag whole, and no query word would match "event types".
    expect(viewed.sections[0]!.tags).toEqual(['webhooks', 'event', 'types', 'at', 'least', 'once']);
    expect(viewed.sections.map((s) => [s.title, s.hash, s.content])).toEqual(
      plain.sections.map((s) => [s.title, s.hash, s.content]),
    );
  });

  it('indexes an operation once, under its name, its method and URL in the text, without its schema sections and code', () => {
    const plain = html2text(OPERATION, 'docs', '/api/issue-invoice');
    expect(plain.sections.map((s) => s.title)).toEqual(['Issue invoice', 'Request body', 'Responses', 'Request']);
    const viewed = html2text(indexerView(OPERATION), 'docs', '/api/issue-invoice');
    expect(viewed.sections.map((s) => s.title)).toEqual(['Issue invoice']);
    expect(viewed.sections[0]!.content).toContain('POST');
    expect(viewed.sections[0]!.content).toContain('/v1/invoices');
    expect(viewed.sections[0]!.content).toContain('Issues an invoice');
    expect(viewed.sections[0]!.content).not.toContain('amount');
  });

  it('gives an API page the words of its definition as tags of its first section, and no text changes', () => {
    const plain = html2text(indexerView(OPERATION), 'docs', '/api/issue-invoice');
    const viewed = html2text(
      indexerView(OPERATION, ['_expiresinseconds', '_amountcurrency']),
      'docs',
      '/api/issue-invoice',
    );
    expect(viewed.sections[0]!.tags).toEqual(['_expiresinseconds', '_amountcurrency']);
    expect(viewed.sections).toHaveLength(1);
    expect(viewed.sections.map((s) => [s.title, s.hash, s.content])).toEqual(
      plain.sections.map((s) => [s.title, s.hash, s.content]),
    );
    // After the keywords' words, as given.
    expect(html2text(withKeywordTags(GUIDE, ['_retry', '_retry']), 'docs', '/x').sections[0]!.tags).toEqual([
      'webhooks',
      'event',
      'types',
      'at',
      'least',
      'once',
      '_retry',
      '_retry',
    ]);
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

  it('indexes as the whole page does: sections, tags, parent categories, docusaurus tag', () => {
    const whole = html2text(indexerView(WHOLE_PAGE, ['_amount']), 'docs', '/api/issue-invoice');
    const parts = html2text(indexerView(indexedParts(WHOLE_PAGE), ['_amount']), 'docs', '/api/issue-invoice');
    expect(parts).toEqual(whole);
    expect(parts.docSidebarParentCategories).toEqual(['Invoices']);
    expect(parts.sections[0]!.tags).toEqual(['invoice', 'lightning', '_amount']);
    expect(getDocusaurusTag(indexedParts(WHOLE_PAGE))).toBe('docs-api-current');
  });

  it('leaves a page with no head or no article as it is', () => {
    expect(indexedParts(OPERATION.replace('<head></head>', ''))).toBe(OPERATION.replace('<head></head>', ''));
    const noArticle = '<html><head><title>x</title></head><body><main>Page</main></body></html>';
    expect(indexedParts(noArticle)).toBe(noArticle);
  });
});

describe('query stop words (config/search-query-stop-words.ts)', () => {
  /** Sections built as the plugin builds them, in an index whose pipeline names the filter. */
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
