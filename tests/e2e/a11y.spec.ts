/**
 * Accessibility: axe-core (WCAG 2.0/2.1 A and AA) finds nothing, in the dark theme the site ships
 * with, on the not-found page, the open search panel and the open mobile sidebar. Every guide, the
 * API introduction and five operation pages (one with a request body) are audited in
 * page-visit.spec.ts's one visit per page.
 */
import {test, expect, allowNotFoundDocument} from './fixtures';
import {axeAudit, axeViolations, readyForAxe as ready} from './page-checks/axe';

test.describe.configure({timeout: 240_000});

test('axe: the not-found page', async ({page, problems, baseURL}) => {
  allowNotFoundDocument(problems, `${baseURL}/no-such-page`);
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Page Not Found');
  await page.waitForLoadState('networkidle');
  expect(await axeViolations(page)).toEqual([]);
});

/**
 * The search box on a phone and on a desktop. The button is drawn after hydration, in the search
 * panel theme's colours, before the search box has loaded (and marked <body> with the mode). Its
 * placeholder once came out at 3.1:1 on a phone: the theme's translucent muted colour, which the
 * box's stylesheet makes opaque only for a dark <body>. The open panel's markup once failed two
 * rules (a focusable link inside each option; the input's aria-activedescendant naming an option
 * gone after "No results found."): packages/kestrel-search/theme/SearchBar/panelAria.ts repairs
 * them, each result's link becoming its option. Each state is checked in full, with nothing
 * excluded.
 */
for (const [name, viewport] of [
  ['a phone', {width: 412, height: 823}],
  ['a desktop', {width: 1280, height: 800}],
] as const) {
  test.describe(`on ${name}`, () => {
    test.use({viewport});
    test('axe: the search button before search is loaded', async ({page, problems}) => {
      await page.goto('/');
      await ready(page);
      const button = page.locator('.aa-DetachedSearchButton');
      await expect(button).toBeVisible();
      await expect(page.locator('body')).not.toHaveAttribute('data-theme', /./);
      const results = await axeAudit(page).include('.aa-DetachedSearchButton').analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.failureSummary).join(' | ')}`)).toEqual([]);
      expect(results.passes.map((v) => v.id)).toContain('color-contrast');
      void problems;
    });

    test('axe: the open search panel, empty, with results, with none, and with results again', async ({
      page,
      problems,
    }) => {
      await page.goto('/webhooks/overview');
      await ready(page);
      await page.locator('.aa-DetachedSearchButton').click();
      const input = page.locator('.aa-DetachedFormContainer input');
      await expect(input).toBeFocused();
      expect(await axeViolations(page), 'empty panel').toEqual([]);
      // Each result's option is its link, a real <a href> (packages/kestrel-search/theme/SearchBar/panelAria.ts).
      const options = page.locator('.aa-Item a[href][role="option"]');
      await input.fill('webhook');
      await expect(options.first()).toBeVisible();
      await page.keyboard.press('ArrowDown');
      await expect(input).toHaveAttribute('aria-activedescendant', (await options.nth(1).getAttribute('id'))!);
      expect(await axeViolations(page), 'with results').toEqual([]);
      await input.fill('zzqqxx');
      await expect(page.getByText('No results found.')).toBeVisible();
      await expect(input).not.toHaveAttribute('aria-activedescendant');
      expect(await axeViolations(page), 'no results').toEqual([]);
      // Back to results: the first is active again and the input names it.
      await input.fill('signature');
      await expect(options.first()).toHaveAttribute('aria-selected', 'true');
      await expect(input).toHaveAttribute('aria-activedescendant', (await options.first().getAttribute('id'))!);
      expect(await axeViolations(page), 'results again').toEqual([]);
      void problems;
    });
  });
}

test.describe('at 996 px', () => {
  test.use({viewport: {width: 996, height: 800}});
  test('axe: the open mobile sidebar, on its guide menu and its main menu', async ({page, problems}) => {
    await page.goto('/api/issue-invoice');
    await ready(page);
    await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
    const panel = page.locator('.navbar-sidebar');
    await expect(page.locator('nav.navbar.navbar-sidebar--show')).toHaveCount(1);
    await expect(panel.getByRole('link', {name: 'Issue invoice', exact: true})).toBeVisible();
    expect(await axeViolations(page), 'sidebar menu').toEqual([]);
    await panel.getByRole('button', {name: /Back to main menu/}).click();
    await expect(panel.getByRole('link', {name: 'API Reference'})).toBeVisible();
    expect(await axeViolations(page), 'main menu').toEqual([]);
    void problems;
  });
});
