/**
 * The search plugin gets only the parts of each page it reads (indexedParts in
 * packages/kestrel-search/indexing/search-index-view.ts): every built docs page, guides and API alike, must index exactly as
 * the whole page did, parsed both ways by the plugin's own HTML parser. Fails if a theme or
 * plugin update moves something the indexer reads (the page's tag, a heading, a tag list, the
 * active sidebar link) outside the parts kept.
 */
import {createRequire} from 'node:module';
import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {indexedParts, indexerView} from '../../packages/kestrel-search/indexing/search-index-view';

const requireFromDocusaurus = createRequire(createRequire(import.meta.url).resolve('@docusaurus/utils'));
const jiti = requireFromDocusaurus('jiti')(import.meta.url);
const {html2text, getDocusaurusTag} = jiti('@cmfcmf/docusaurus-search-local/lib/server/parse.js');

const BUILD = path.resolve(__dirname, '../../build');

function pagesUnder(dir: string): string[] {
  return readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'assets' ? [] : pagesUnder(file);
    return entry.name === 'index.html' ? [file] : [];
  });
}

const docsPages = pagesUnder(BUILD)
  .map((file) => ({route: `/${path.relative(BUILD, path.dirname(file))}`, html: readFileSync(file, 'utf8')}))
  .filter(({html}) => /<meta[^>]*\bname=(["']?)docusaurus_tag\1[^>]*\bcontent=(["']?)docs-/.test(html));

describe('the parts of a page the search indexer reads', () => {
  it('are found in every docs page of the build: guides and API', () => {
    // 20 guides, 49 operations, webhooks and the API's own pages.
    expect(docsPages.length).toBeGreaterThan(70);
    expect(docsPages.filter(({route}) => route.startsWith('/api/')).length).toBeGreaterThan(49);
  });

  it('index every docs page as the whole page does: title, sections, tags, parent categories and tag', () => {
    for (const {route, html} of docsPages) {
      const whole = indexerView(html);
      const parts = indexerView(indexedParts(html));
      expect(parts.length, route).toBeLessThan(whole.length);
      expect(html2text(parts, 'docs', route), route).toEqual(html2text(whole, 'docs', route));
      expect(getDocusaurusTag(parts), route).toBe(getDocusaurusTag(whole));
    }
  });

  it("keep an API page sidebar's active links only: its group and itself", () => {
    const page = docsPages.find(({route}) => route === '/api/issue-invoice');
    expect(page, '/api/issue-invoice').toBeDefined();
    const {docSidebarParentCategories} = html2text(indexedParts(page!.html), 'docs', page!.route);
    expect(docSidebarParentCategories.length).toBe(1);
    expect(indexedParts(page!.html).match(/menu__link--active/g)?.length).toBe(2);
  });
});
