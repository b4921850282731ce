/**
 * Every page of the sitemap, as a reader sees it once it has hydrated:
 * - choosing another tab shows that panel and hides the one shown before, on a sample of each page
 *   type (every tab group of the sampled pages);
 * - nothing is laid out wider than a phone's viewport (390 px), on the same sample.
 * page-visit.spec.ts checks, in its one visit per page, that every tab group shows exactly one
 * panel on every page, and the sample's layout at 1280 px.
 * The pages come from the built sitemap, so a new page is walked without editing this file.
 */
import {test, expect} from './fixtures';
import {API_SLUGS} from '../../config/routes';
import {sitemapRoutes} from '../built-files';
import {tabGroups} from './page-checks/tab-groups';
import {layoutBeyondViewport} from './page-checks/layout';
import {LAYOUT_SAMPLE, pageType} from './page-checks/layout-sample';

const ROUTES = sitemapRoutes();

test('the walk covers every page type, and every operation', () => {
  expect([...new Set(ROUTES.map(pageType))].sort()).toEqual(['API overview', 'guide', 'operation', 'webhook']);
  expect(ROUTES.filter((route) => pageType(route) === 'operation')).toHaveLength(API_SLUGS.length);
});

test.describe('choosing a tab shows its panel and hides the one before', () => {
  for (const route of LAYOUT_SAMPLE) {
    test(route, async ({page, problems}) => {
      // An operation page has dozens of tab groups, each chosen and checked in turn.
      test.setTimeout(120_000);
      await page.setViewportSize({width: 1280, height: 900});
      await page.goto(route);
      const count = (await tabGroups(page)).length;
      let chosen = 0;
      for (let index = 0; index < count; index++) {
        // Read afresh: choosing a tab of an outer group hides the groups of its other panels.
        const group = (await tabGroups(page))[index]!;
        if (!group.shown || group.tabs.length < 2) continue;
        const target = (group.visiblePanels[0]! + 1) % group.tabs.length;
        // By DOM order, as tabGroups counts them (getByRole would skip the hidden ones).
        const tab = page.locator('[role="tablist"]').nth(index).locator('[role="tab"]').nth(target);
        await tab.click();
        await expect(tab).toHaveAttribute('aria-selected', 'true');
        await expect
          .poll(async () => (await tabGroups(page))[index]!.visiblePanels, {
            message: `${route}: ${group.name}, after choosing ${group.tabs[target]}`,
          })
          .toEqual([target]);
        chosen++;
      }
      // A sampled page with tab groups must have had at least one to choose from.
      if (count > 0) expect(chosen).toBeGreaterThan(0);
      void problems;
    });
  }
});

test.describe('nothing is laid out wider than the viewport', () => {
  const width = 390;
  for (const route of LAYOUT_SAMPLE) {
    test(`${route} at ${width} px`, async ({page, problems}) => {
      await page.setViewportSize({width, height: 900});
      await page.goto(route);
      const layout = await layoutBeyondViewport(page);
      expect(layout.wide, `${route} at ${width} px: laid out beyond the viewport`).toEqual([]);
      expect(layout.pageWidth, `${route} at ${width} px: the page scrolls sideways`).toBeLessThanOrEqual(
        layout.viewport,
      );
      void problems;
    });
  }
});
