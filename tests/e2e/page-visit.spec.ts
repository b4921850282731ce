/**
 * Every page of the site, opened once (a fresh browser context, 1280 px wide) and checked for all
 * that a first visit shows; each check applies to the pages it names. A page costs seconds to load
 * and hydrate on a 2-core machine, so one visit does what several tests each did with a visit of
 * their own:
 * - no console error and no failed request to our origin (every test's fixture);
 * - the gzip JavaScript of the first visit within its budget: `/`, every guide (with or without a
 *   diagram), the API introduction and every operation page (what counts: bench/budgets.mjs);
 * - an operation or webhook page hydrates on its server markup: no hydration error, nothing removed
 *   from the main content, every field row the server sent still there;
 * - a guide shows its title (also in the document title), the guide sidebar, and its own entry
 *   as the current one; an API page its title and the API sidebar, an operation page the method
 *   and path of its operation in the definition;
 * - axe finds nothing, in the dark theme the site ships with, on every guide, the API introduction
 *   and five operation pages (one with a request body; GET list, GET by id, DELETE, PATCH);
 * - every tab group shows exactly one panel, on every page of the sitemap;
 * - on a sample of each page type, the first and last of each and those with the most tab groups
 *   (page-checks/layout-sample.ts): nothing is laid out wider than the viewport, at 1280 px and at
 *   390 px, and choosing a tab in any group shows its panel and hides the one shown before;
 * - last (it opens every tab panel and disclosure), at 390 px: no table row taller than 600 px,
 *   reference tables drawn as entries that do not scroll sideways, prose tables with their first
 *   two columns on screen (page-checks/phone-tables.ts).
 * The pages come from the built sitemap, the guides' front matter and the built definition, so a
 * new page is visited without editing this file.
 */
import {test, expect, pageHeading, GUIDE_ROUTES} from './fixtures';
import {apiRoutes} from '../api-routes';
import {sitemapRoutes} from '../built-files';
import {expectedPages} from '../api-page-contents';
import {firstVisit, watchScripts} from '../../bench/script-weights.mjs';
import {BUDGETS, KIB, builtPageHasDiagram, ownBytes} from '../../bench/budgets.mjs';
import {tabGroups} from './page-checks/tab-groups';
import {expectLaidOutWithinViewport} from './page-checks/layout';
import {axeViolations, readyForAxe} from './page-checks/axe';
import {recordRemovalsUntilHydrated, removedDuringHydration, watchHydrationErrors} from './page-checks/hydration';
import {LAYOUT_SAMPLE, pageType} from './page-checks/layout-sample';
import {expectEveryTabChoosable} from './page-checks/tab-walk';
import {PHONE, expectTablesReadOnAPhone, expectedReferenceTables} from './page-checks/phone-tables';

const SITEMAP = sitemapRoutes();
const API_ROUTES = apiRoutes();
const OPERATION_ROUTES = API_ROUTES.operationSlugs.map((slug) => `/api/${slug}`);
const API_PAGE_ROUTES = new Set(expectedPages().map((p) => p.route));
const AXE_ROUTES = new Set([
  ...GUIDE_ROUTES,
  '/api/introduction',
  '/api/issue-invoice',
  '/api/get-invoices',
  '/api/find-payout-by-id',
  '/api/delete-subscription',
  '/api/update-subscription',
]);

/** slug -> [METHOD, path] from the bundled definition the build serves. */
const OPERATIONS = new Map<string, [string, string]>(
  API_ROUTES.operations.map(({slug, method, path}) => [slug, [method, path]]),
);

type Budget = (typeof BUDGETS)[keyof typeof BUDGETS];

/** The first-visit JavaScript budget of a route, or null for a page type without one. */
function budgetOf(route: string): Budget | null {
  if (route === '/') return BUDGETS.home;
  if (GUIDE_ROUTES.includes(route)) return builtPageHasDiagram(route) ? BUDGETS.guideWithDiagram : BUDGETS.guide;
  if (route === '/api/introduction') return BUDGETS.apiIntroduction;
  if (OPERATION_ROUTES.includes(route)) return BUDGETS.operation;
  return null;
}

/** Every route a check names, the sitemap's first: a page missing from the sitemap is still visited. */
const VISITED = [
  ...new Set([
    ...SITEMAP,
    ...GUIDE_ROUTES,
    '/api/introduction',
    ...OPERATION_ROUTES,
    ...API_PAGE_ROUTES,
    ...AXE_ROUTES,
  ]),
];

test('the visits cover every page of the sitemap, every guide and every API page', () => {
  for (const route of [...SITEMAP, ...GUIDE_ROUTES, ...OPERATION_ROUTES, ...API_PAGE_ROUTES]) {
    expect(VISITED).toContain(route);
  }
  expect(SITEMAP.filter((route) => pageType(route) === 'operation')).toHaveLength(OPERATION_ROUTES.length);
  // The layout and tab sample holds every page type of the sitemap, and is visited.
  const pageTypes = ['API overview', 'guide', 'operation', 'webhook'];
  expect([...new Set(SITEMAP.map(pageType))].sort()).toEqual(pageTypes);
  expect([...new Set(LAYOUT_SAMPLE.map(pageType))].sort()).toEqual(pageTypes);
  expect(LAYOUT_SAMPLE.every((route) => VISITED.includes(route))).toBe(true);
});

test.describe('one visit per page', () => {
  // A heavy guide's visit (load, hydrate, axe, every tab group) takes seconds, and minutes on a
  // shared 2-core machine under load: a timeout, not an assertion.
  test.describe.configure({timeout: 240_000});
  for (const route of VISITED) {
    test(route, async ({page, baseURL, problems}) => {
      const apiPage = API_PAGE_ROUTES.has(route);
      const scripts = watchScripts(page, new URL(baseURL!).origin);
      const hydrationErrors = watchHydrationErrors(page);
      if (apiPage) await recordRemovalsUntilHydrated(page);
      // The default viewport (1280 x 720) of a fresh context: the first visit the budgets count.
      const response = await firstVisit(page, new URL(route, baseURL).href);
      expect(response?.status(), `${route}: status`).toBe(200);

      const budget = budgetOf(route);
      if (budget) {
        const bytes = ownBytes(scripts());
        expect(
          bytes,
          `${route} (${budget.label}): ${(bytes / KIB).toFixed(1)} KiB of gzip JS, budget ${budget.kib} KiB`,
        ).toBeLessThanOrEqual(budget.kib * KIB);
      }

      if (apiPage) {
        const serverFields = (await response!.text()).match(/<li[^>]*\bclass="?api-field["\s>]/g)?.length ?? 0;
        expect(serverFields, `${route}: field rows in the server's HTML`).toBeGreaterThan(0);
        expect(await removedDuringHydration(page), `${route}: removed while hydrating`).toEqual([]);
        await expect(page.locator('li.api-field')).toHaveCount(serverFields);
        expect(hydrationErrors, `${route}: hydration errors`).toEqual([]);
      }

      if (GUIDE_ROUTES.includes(route)) {
        await expect(pageHeading(page)).toBeVisible();
        const h1 = (await pageHeading(page).textContent())!.trim();
        expect(h1.length).toBeGreaterThan(3);
        await expect(page).toHaveTitle(`${h1} | Kestrel Developers`);
        const sidebar = page.locator('nav[aria-label="Docs sidebar"]');
        await expect(sidebar).toBeVisible();
        await expect(sidebar.getByText('Webhooks', {exact: true})).toBeVisible();
        // The page's own sidebar entry is the active one.
        await expect(sidebar.locator('a[aria-current="page"]')).toHaveAttribute('href', route);
      }

      if (route === '/api/introduction' || OPERATION_ROUTES.includes(route)) {
        await expect(pageHeading(page)).toBeVisible();
        await expect(page.locator('nav[aria-label="Docs sidebar"]').getByText('Invoices', {exact: true})).toBeVisible();
      }
      if (OPERATION_ROUTES.includes(route)) {
        const operation = OPERATIONS.get(route.replace('/api/', ''));
        expect(operation, `an operation of the definition has the slug of ${route}`).toBeDefined();
        const [method, path] = operation!;
        await expect(page.locator('.api-endpoint .api-method-badge')).toHaveText(method);
        // The production server's base, then the path template as the definition writes it.
        await expect(page.locator('.api-endpoint__path')).toHaveText(`https://api.kestrel.example/v1${path}`);
      }

      if (AXE_ROUTES.has(route)) {
        await readyForAxe(page);
        expect(await axeViolations(page), `${route}: axe`).toEqual([]);
      }

      await page.setViewportSize({width: 1280, height: 900});
      if (LAYOUT_SAMPLE.includes(route)) await expectLaidOutWithinViewport(page, `${route} at 1280 px`);

      for (const group of await tabGroups(page)) {
        expect(group.tabs.length, `${route}: ${group.name} has tabs`).toBeGreaterThan(0);
        expect(group.visiblePanels, `${route}: ${group.name}, panels shown`).toHaveLength(1);
      }
      if (LAYOUT_SAMPLE.includes(route)) await expectEveryTabChoosable(page, route);

      // Last, as it opens tab panels and disclosures to measure every table: the page on a phone.
      await page.setViewportSize(PHONE);
      // Two frames: the resize has been handled and the narrow layout (the mobile navbar) drawn.
      await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))));
      if (LAYOUT_SAMPLE.includes(route)) await expectLaidOutWithinViewport(page, `${route} at ${PHONE.width} px`);
      const referenceTables = await expectTablesReadOnAPhone(page, route);
      const expected = expectedReferenceTables(route);
      if (expected !== undefined) expect(referenceTables, `${route}: reference tables drawn as entries`).toBe(expected);
      void problems;
    });
  }
});
