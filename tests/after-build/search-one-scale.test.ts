/**
 * One score scale for guides and API pages: a query that is the exact title of an API operation
 * puts that operation's page first, above every guide section that only mentions the words. The
 * guides and the API pages are in separate index files; scored in separate indexes they were not
 * comparable ("payout originator" ranked three guide sections above the four API pages titled
 * with those words). Needs `npm run build`.
 */
import {describe, expect, test} from 'vitest';
import {apiRoutes} from '../api-routes';
import {hitPage, loadSiteSearch} from '../search-client';

const site = loadSiteSearch();
const API_SLUGS = apiRoutes().operationSlugs;

/** Each operation's page title, as its page's first section in the API index gives it. */
function operationTitles(): {route: string; title: string}[] {
  const documents = site.files.get('docs-api-current')?.documents ?? [];
  return API_SLUGS.map((slug) => {
    const route = `/api/${slug}`;
    const page = documents.find((d) => d.sectionRoute === route);
    if (!page) throw new Error(`no search document for ${route}`);
    return {route, title: page.pageTitle};
  });
}

describe('one score scale', () => {
  test('each API operation title, searched as written, ranks its API page first', async () => {
    const titles = operationTitles();
    expect(titles.length).toBe(API_SLUGS.length);
    const misses: string[] = [];
    for (const {route, title} of titles) {
      const hits = await site.search(title);
      if (hits[0] && hitPage(hits[0]) === route) continue;
      const rank = hits.findIndex((h) => hitPage(h) === route);
      misses.push(
        `"${title}" wants ${route} first (${rank < 0 ? 'not in the 8 results' : `rank ${rank + 1}`}); first: ${hits[0]?.document.sectionRoute}`,
      );
    }
    console.log(
      `one scale: ${titles.length - misses.length} of ${titles.length} operation titles rank their page first`,
    );
    expect(misses).toEqual([]);
  });
});
