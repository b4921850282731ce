/**
 * The indexer parses only the parts of each page it reads (indexedParts in
 * packages/kestrel-search/indexing/search-index-view.ts): every built docs page, guides and API
 * alike, must give the same sections as the whole page, read both ways by the indexer's own
 * reading (packages/kestrel-search/indexing/page-sections.ts). Fails if a theme update moves
 * something the indexer reads (the page's tag, a heading, the active sidebar link) outside the
 * parts kept.
 */
import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {indexedParts, withoutSchemaElements} from '../../packages/kestrel-search/indexing/search-index-view';
import {pageSections} from '../../packages/kestrel-search/indexing/page-sections';
import {GUIDE_ROUTES} from '../../config/guide-routes';
import {API_OVERVIEW_ROUTES} from '../../config/routes';
import {apiRoutes} from '../api-routes';

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
    // The guides, the API's own pages, the operations and the webhook events, each once.
    const {operationSlugs, webhookSlugs} = apiRoutes(path.join(BUILD, 'openapi.json'));
    const bare = (route: string) => (route === '/' ? route : route.replace(/\/$/, ''));
    const expected = [
      ...GUIDE_ROUTES,
      ...API_OVERVIEW_ROUTES,
      ...[...operationSlugs, ...webhookSlugs].map((slug) => `/api/${slug}`),
    ].map(bare);
    expect(docsPages.map(({route}) => route).sort()).toEqual(expected.sort());
  });

  it('index every docs page as the whole page does: title, sections, parent categories and tag', () => {
    for (const {route, html} of docsPages) {
      const whole = withoutSchemaElements(html);
      const parts = withoutSchemaElements(indexedParts(html));
      expect(parts.length, route).toBeLessThan(whole.length);
      expect(pageSections(parts, route), route).toEqual(pageSections(whole, route));
    }
    // Every whole page parsed: most of the time of this file.
  });

  it("keep an API page sidebar's active links only: its group and itself", () => {
    const page = docsPages.find(({route}) => route === '/api/issue-invoice');
    expect(page, '/api/issue-invoice').toBeDefined();
    const {parentCategories} = pageSections(indexedParts(page!.html), page!.route);
    expect(parentCategories.length).toBe(1);
    expect(indexedParts(page!.html).match(/menu__link--active/g)?.length).toBe(2);
  });
});
