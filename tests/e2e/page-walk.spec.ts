/**
 * Every page of the sitemap, as a reader sees it once it has hydrated:
 * - every tab group shows exactly one panel (the code samples of an operation page, the language
 *   tabs of a walkthrough, the schema and example tabs), on every page;
 * - choosing another tab shows that panel and hides the one shown before, on a sample of each page
 *   type (every tab group of the sampled pages);
 * - nothing is laid out wider than the viewport, on a phone (390 px) and a desktop (1280 px), on the
 *   same sample.
 * The pages come from the built sitemap, so a new page is walked without editing this file.
 */
import type {Page} from '@playwright/test';
import {test, expect} from './fixtures';
import {API_SLUGS} from '../../config/routes';
import {sitemapRoutes} from '../built-files';

const ROUTES = sitemapRoutes();
const OPERATION_ROUTES = new Set(API_SLUGS.map((slug) => `/api/${slug}`));

type PageType = 'guide' | 'API overview' | 'operation' | 'webhook';

function pageType(route: string): PageType {
  if (OPERATION_ROUTES.has(route)) return 'operation';
  if (route === '/api/' || route === '/api/introduction') return 'API overview';
  if (route.startsWith('/api/')) return 'webhook';
  return 'guide';
}

/**
 * The sample: the first and last page of each type in the sitemap, and the pages with the most tab
 * groups, so that it is the same on every run and covers each type's extremes.
 */
const MOST_TABS = ['/api/create-a-payout', '/api/issue-invoice', '/walkthrough/receiving-payments/'];
const SAMPLED = (() => {
  const sample = new Set(MOST_TABS.filter((route) => ROUTES.includes(route)));
  for (const type of new Set(ROUTES.map(pageType))) {
    const routes = ROUTES.filter((route) => pageType(route) === type);
    sample.add(routes[0]!).add(routes[routes.length - 1]!);
  }
  return [...sample];
})();

type TabGroup = {
  /** The tab strip's place on the page and its tabs' names, for messages. */
  name: string;
  tabs: string[];
  /** Whether the tab strip itself is on screen. */
  shown: boolean;
  /** The indexes of the panels a person sees. */
  visiblePanels: number[];
};

/**
 * Every tab group of the page, every disclosure opened first so that groups in collapsed sections
 * count too. A group is a tab strip and the panels of its nearest container that has any, not those
 * of a group nested in one of them. A group whose strip is not on screen (inside another group's hidden panel) is judged
 * by its panels' own display.
 */
async function tabGroups(page: Page): Promise<TabGroup[]> {
  return page.evaluate(() => {
    for (const details of Array.from(document.querySelectorAll('details'))) details.open = true;
    return Array.from(document.querySelectorAll('[role="tablist"]')).map((list, index) => {
      // The tab strip's nearest ancestor that holds panels.
      let container = list.parentElement!;
      while (!container.querySelector('[role="tabpanel"]') && container.parentElement)
        container = container.parentElement;
      const panels = Array.from(container.querySelectorAll<HTMLElement>('[role="tabpanel"]')).filter((panel) => {
        const outer = panel.parentElement?.closest('[role="tabpanel"]');
        return !outer || !container.contains(outer);
      });
      const tabs = Array.from(list.querySelectorAll('[role="tab"]')).map((tab) => tab.textContent!.trim());
      const shown = list.checkVisibility();
      const visiblePanels = panels.flatMap((panel, i) =>
        (shown ? panel.checkVisibility() : !panel.hidden && getComputedStyle(panel).display !== 'none') ? [i] : [],
      );
      return {name: `tab strip ${index + 1} (${tabs.join(', ')})`, tabs, shown, visiblePanels};
    });
  });
}

test('the walk covers every page type, and every operation', () => {
  expect([...new Set(ROUTES.map(pageType))].sort()).toEqual(['API overview', 'guide', 'operation', 'webhook']);
  expect(ROUTES.filter((route) => pageType(route) === 'operation')).toHaveLength(API_SLUGS.length);
});

test.describe('every tab group shows exactly one panel', () => {
  for (const route of ROUTES) {
    test(route, async ({page, problems}) => {
      await page.setViewportSize({width: 1280, height: 900});
      await page.goto(route);
      for (const group of await tabGroups(page)) {
        expect(group.tabs.length, `${route}: ${group.name} has tabs`).toBeGreaterThan(0);
        expect(group.visiblePanels, `${route}: ${group.name}, panels shown`).toHaveLength(1);
      }
      void problems;
    });
  }
});

test.describe('choosing a tab shows its panel and hides the one before', () => {
  for (const route of SAMPLED) {
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
  for (const width of [390, 1280]) {
    for (const route of SAMPLED) {
      test(`${route} at ${width} px`, async ({page, problems}) => {
        await page.setViewportSize({width, height: 900});
        await page.goto(route);
        const layout = await page.evaluate(() => {
          const viewport = document.documentElement.clientWidth;
          /** Whether an ancestor that clips or scrolls sideways holds the element, itself within the viewport. */
          const held = (element: Element): boolean => {
            for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
              if (getComputedStyle(up).overflowX !== 'visible') {
                const box = up.getBoundingClientRect();
                return box.left >= -1 && box.right <= viewport + 1;
              }
            }
            return false;
          };
          const wide: string[] = [];
          for (const element of Array.from(document.body.querySelectorAll('*'))) {
            if (!element.checkVisibility({visibilityProperty: true})) continue;
            const box = element.getBoundingClientRect();
            if (box.width === 0 || box.height === 0) continue;
            // Wholly off screen is off-canvas (the skip link until focused, a closed drawer), not too
            // wide; were it to widen the page, the page's own width below says so.
            if (box.right <= 0 || box.left >= viewport) continue;
            if ((box.right > viewport + 1 || box.left < -1) && !held(element)) {
              const classes = Array.from(element.classList).slice(0, 3).join('.');
              wide.push(
                `${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''} ${Math.round(box.left)}..${Math.round(box.right)}`,
              );
            }
          }
          return {wide: wide.slice(0, 10), pageWidth: document.documentElement.scrollWidth, viewport};
        });
        expect(layout.wide, `${route} at ${width} px: laid out beyond the viewport`).toEqual([]);
        expect(layout.pageWidth, `${route} at ${width} px: the page scrolls sideways`).toBeLessThanOrEqual(
          layout.viewport,
        );
        void problems;
      });
    }
  }
});
