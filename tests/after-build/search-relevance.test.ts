/**
 * Search relevance in a developer's words (tests/search-relevance-queries.ts): for each query, the
 * page that answers it must be among the first three results. The ranking is the search box's own
 * (tests/search-client.ts) on the built index files. Needs `npm run build`.
 *
 * Improve a miss with the page's wording (a heading, a sentence), never with a rule for one query.
 */
import {describe, expect, test} from 'vitest';
import {hitPage, loadSiteSearch} from '../search-client';
import {RELEVANCE, pagesOf} from '../search-relevance-queries';

/** The bar the search is held to: 95 % of the queries hold. */
const TARGET_SHARE = 0.95;
/**
 * What is asserted: the target itself. This build holds 106 of 110: 86 of the first 90 (81 of 90
 * with the earlier search plugin, guides and API pages scored apart) and all 20 of the guide
 * subjects in other APIs' words. The misses, each ranked 4th to 8th: "resend failed webhook",
 * "bearer token", "qr code" (a section titled "Code" first) and "list webhook events".
 * Never lower it; raise it only with the target.
 */
const FLOOR = Math.ceil(RELEVANCE.length * TARGET_SHARE);

describe('search relevance', () => {
  const search = loadSiteSearch();

  test(`at least ${FLOOR} of ${RELEVANCE.length} developer queries rank their page in the top 3`, async () => {
    const misses: string[] = [];
    for (const [query, pages] of RELEVANCE) {
      const hits = await search.search(query);
      const top = hits.slice(0, 3);
      if (!top.some((hit) => pagesOf(pages).includes(hitPage(hit)))) {
        const rank = hits.findIndex((hit) => pagesOf(pages).includes(hitPage(hit)));
        misses.push(
          `"${query}" wants ${pagesOf(pages).join(' or ')} (${rank < 0 ? 'not in the 8 results' : `rank ${rank + 1}`}); top 3: ${top.map((h) => h.document.sectionRoute).join(', ')}`,
        );
      }
    }
    const held = RELEVANCE.length - misses.length;
    const target = Math.ceil(RELEVANCE.length * TARGET_SHARE);
    console.log(
      `search relevance: ${held} of ${RELEVANCE.length} hold (target ${target}: ${held >= target ? 'met' : 'NOT met'})` +
        (misses.length ? `; misses:\n  ${misses.join('\n  ')}` : ''),
    );
    expect(RELEVANCE.length).toBeGreaterThanOrEqual(80);
    expect(held, `misses:\n${misses.join('\n')}`).toBeGreaterThanOrEqual(FLOOR);
  });
});
