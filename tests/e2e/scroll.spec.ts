import {test, expect, pageHeading, scrollSettled} from './fixtures';
import type {Page} from '@playwright/test';

/** Scrolls like a reader with a wheel: several small steps, each its own scroll event. */
async function wheel(page: Page, dy: number) {
  const step = Math.sign(dy) * 100;
  for (let moved = 0; Math.abs(moved) < Math.abs(dy); moved += step) {
    await page.mouse.wheel(0, step);
    await scrollSettled(page);
  }
}

/** The navbar slides out of view (translate -100%) when hidden. */
async function navbarBottom(page: Page): Promise<number> {
  return page.locator('nav.navbar').evaluate((el) => el.getBoundingClientRect().bottom);
}

const LONG_PAGE = '/webhooks/signature-verification';

test('the navbar hides on scroll down, shows on scroll up and at the top', async ({page, problems}) => {
  await page.goto(LONG_PAGE);
  await expect(pageHeading(page)).toBeVisible();
  expect(await navbarBottom(page)).toBeGreaterThan(0);

  await page.mouse.move(600, 400);
  await wheel(page, 600);
  await expect.poll(() => navbarBottom(page)).toBeLessThanOrEqual(0);

  await wheel(page, -200);
  await expect.poll(() => navbarBottom(page)).toBeGreaterThan(0);

  await wheel(page, 800);
  await expect.poll(() => navbarBottom(page)).toBeLessThanOrEqual(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect.poll(() => navbarBottom(page)).toBeGreaterThan(0);
  void problems;
});

test('the navbar stays hidden after a jump to an anchor', async ({page, problems}) => {
  await page.goto(LONG_PAGE);
  await page.mouse.move(600, 400);
  await wheel(page, 600);
  await expect.poll(() => navbarBottom(page)).toBeLessThanOrEqual(0);
  // Jump upwards to an earlier section through the table of contents: a scroll up that must not
  // bring the navbar back, because it is a navigation jump.
  const firstTocLink = page.locator('.table-of-contents a').first();
  const target = decodeURIComponent((await firstTocLink.evaluate((a) => (a as HTMLAnchorElement).hash)).slice(1));
  await firstTocLink.click();
  await expect(page).toHaveURL(new RegExp(`#${target}$`));
  await scrollSettled(page);
  expect(await navbarBottom(page)).toBeLessThanOrEqual(0);
  void problems;
});

test('a route change scrolls to the top, or to the hash', async ({page, problems, baseURL}) => {
  await page.goto(LONG_PAGE);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await page.locator('nav[aria-label="Docs sidebar"]').getByRole('link', {name: 'Failure recovery'}).click();
  await expect(page).toHaveURL(`${baseURL}/webhooks/failure-recovery`);
  await expect(pageHeading(page)).toHaveText('Webhook failure recovery');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  // A link with a hash lands on its heading.
  const hashLink = page.locator('article a[href*="#"]:not([href^="#"]):not(.hash-link)').first();
  const href = (await hashLink.getAttribute('href'))!;
  const id = decodeURIComponent(href.split('#')[1]!);
  await hashLink.click();
  await expect(page).toHaveURL(new RegExp(`#${id}$`));
  await expect(page.locator(`[id="${id}"]`)).toBeInViewport();
  void problems;
});
