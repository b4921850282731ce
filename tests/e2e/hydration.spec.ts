/**
 * What a page does while it comes alive: code blocks (highlighted at build time) and tabs keep the
 * server's markup instead of being drawn a second time, code colours follow the page's mode from
 * the first paint, and the page's scripts are requested after that paint.
 */
import type {Page} from '@playwright/test';
import {test, expect, domSettled, pageHeading} from './fixtures';

const GUIDE_WITH_CODE = '/account/overview';
const OTHER_GUIDE_WITH_CODE = '/webhooks/signature-verification';
const OPERATION = '/api/create-lightning-payment-quote';

/** Records every element removed from the document from the first byte on, as `TAG.first-class`. */
async function recordRemovals(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const removed: string[] = [];
    (window as unknown as {removedElements: string[]}).removedElements = removed;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of Array.from(record.removedNodes)) {
          if (node instanceof HTMLElement) removed.push(`${node.tagName}.${node.classList[0] ?? ''}`);
        }
      }
    }).observe(document, {childList: true, subtree: true});
  });
}

async function removedElements(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as {removedElements: string[]}).removedElements);
}

async function settled(page: Page): Promise<void> {
  // Hydrated already (every test navigation waits for it: ./fixtures.ts).
  await expect(pageHeading(page)).toBeVisible();
  // Effects and transitions after hydration (the tabs' stored choice, browser-only sections).
  await domSettled(page);
}

const tokensInServerHtml = (html: string) => html.match(/<span class="?token /g)?.length ?? 0;

test("a guide's code blocks are highlighted in the server's HTML and hydrate on that markup", async ({
  page,
  problems,
}) => {
  await recordRemovals(page);
  const response = await page.goto(GUIDE_WITH_CODE);
  const serverTokens = tokensInServerHtml(await response!.text());
  expect(serverTokens).toBeGreaterThan(100);
  await settled(page);
  expect(
    (await removedElements(page)).filter((e) => /^(PRE|CODE|SPAN)\./.test(e) || e.includes('theme-code-block')),
  ).toEqual([]);
  await expect(page.locator('pre code span.token')).toHaveCount(serverTokens);
  void problems;
});

test.describe('copy', () => {
  test.use({permissions: ['clipboard-read', 'clipboard-write']});

  test("a code block's copy button puts its code, as shown, on the clipboard", async ({page, problems}) => {
    await page.goto(OTHER_GUIDE_WITH_CODE);
    await settled(page);
    const block = page.locator('.theme-code-block').filter({hasText: 'createHmac'}).first();
    await block.scrollIntoViewIfNeeded();
    await block.hover();
    await block.getByRole('button', {name: 'Copy code to clipboard'}).click();
    await expect(block.getByRole('button', {name: 'Copied'})).toBeVisible();
    const shown = await block.locator('pre code').innerText();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown);
    expect(shown).toContain('createHmac');
    void problems;
  });
});

test("after a client-side navigation, the code is highlighted as in the server's HTML", async ({page, problems}) => {
  await page.goto(GUIDE_WITH_CODE);
  await settled(page);
  await page.locator(`.theme-doc-sidebar-container a[href="${OTHER_GUIDE_WITH_CODE}"]`).click();
  await expect(page).toHaveURL(OTHER_GUIDE_WITH_CODE);
  await expect(pageHeading(page)).toHaveText('Webhook signature verification');
  const firstBlock = page.locator('pre code').first();
  await firstBlock.scrollIntoViewIfNeeded();
  // Highlighted: tokens other than plain text (keywords, strings, punctuation).
  await expect(firstBlock.locator('span.token:not(.plain)').first()).toBeVisible();
  void problems;
});

for (const [mode, stringColour, commentColour] of [
  ['dark', 'rgb(255, 121, 198)', 'rgb(154, 165, 206)'],
  ['light', 'rgb(227, 17, 108)', 'rgb(153, 153, 136)'],
] as const) {
  test(`code colours are the ${mode} theme's in ${mode} mode, from the server's markup on`, async ({
    page,
    problems,
  }) => {
    // The site is dark only; Docusaurus still honours a mode named in the query string.
    await page.goto(mode === 'dark' ? OTHER_GUIDE_WITH_CODE : `${OTHER_GUIDE_WITH_CODE}?docusaurus-data-theme=${mode}`);
    await settled(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
    const colour = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((e) => getComputedStyle(e).color);
    expect(await colour('pre code .token.string')).toBe(stringColour);
    expect(await colour('pre code .token.comment')).toBe(commentColour);
    void problems;
  });
}

test("an operation page's tabs are drawn once, not again after hydration", async ({page, problems}) => {
  await recordRemovals(page);
  await page.goto(OPERATION);
  await settled(page);
  await expect(page.locator('.api-page [role="tablist"]').first()).toBeVisible();
  expect((await removedElements(page)).filter((e) => /tabs/.test(e))).toEqual([]);
  void problems;
});

test("an operation page's code samples are highlighted in the server's HTML, every language, and hydrate on that markup", async ({
  page,
  problems,
}) => {
  await recordRemovals(page);
  const response = await page.goto(OPERATION);
  const html = await response!.text();
  for (const language of ['bash', 'javascript', 'python', 'go', 'java', 'php', 'ruby', 'csharp']) {
    const block = new RegExp(`<pre[^>]*language-${language}[^>]*>([\\s\\S]*?)</pre>`).exec(html)?.[1] ?? '';
    expect(tokensInServerHtml(block), `${language} tokens in the server's HTML`).toBeGreaterThan(5);
  }
  await settled(page);
  const samples = page.locator('.api-samples .theme-code-block');
  await expect(samples).toHaveCount(8);
  await samples.first().scrollIntoViewIfNeeded();
  for (const [language, tab] of [
    ['java', 'Java'],
    ['php', 'PHP'],
    ['ruby', 'Ruby'],
    ['csharp', 'C#'],
  ]) {
    await page.locator('.api-samples').getByRole('tab', {name: tab, exact: true}).click();
    await expect(
      page.locator(`.api-samples .theme-code-block.language-${language} code span.token:not(.plain)`).first(),
    ).toBeVisible();
  }
  await domSettled(page);
  expect((await removedElements(page)).filter((e) => /^(PRE|CODE|SPAN)\./.test(e))).toEqual([]);
  void problems;
});

test("the sidebar's category links are the same toggle in the server's HTML and once hydrated, never replaced", async ({
  page,
  problems,
}) => {
  await recordRemovals(page);
  const response = await page.goto(OPERATION);
  const html = await response!.text();
  const serverCategoryLinks = [...html.matchAll(/<a[^>]*class="[^"]*menu__link--sublist[^"]*"[^>]*>/g)].map(
    (m) => m[0],
  );
  expect(serverCategoryLinks.length).toBeGreaterThan(10);
  for (const link of serverCategoryLinks) expect(link).toMatch(/href=["']?#["' >]/);
  await settled(page);
  const categoryLinks = page.locator('nav[aria-label="Docs sidebar"] a.menu__link--sublist');
  await expect(categoryLinks).toHaveCount(serverCategoryLinks.length);
  for (const href of await categoryLinks.evaluateAll((links) => links.map((a) => a.getAttribute('href'))))
    expect(href).toBe('#');
  expect((await removedElements(page)).filter((e) => e.startsWith('A.'))).toEqual([]);
  void problems;
});

test("an operation page's descriptions hydrate on the server's markup, and a page drawn in the browser shows them the same", async ({
  page,
  problems,
}) => {
  await recordRemovals(page);
  await page.goto(OPERATION);
  await settled(page);
  // The Idempotency-Key header's description is a Markdown list, rendered to HTML by the build.
  const idempotencyRule = page
    .getByText('The same request (method, path and JSON body, compared as parsed JSON) gets a kept answer again', {
      exact: false,
    })
    .first();
  await expect(idempotencyRule).toBeAttached();
  expect(await idempotencyRule.evaluate((e) => e.closest('ul') !== null)).toBe(true);
  expect((await removedElements(page)).filter((e) => /^(P|UL|LI|DIV)\./.test(e))).toEqual([]);
  // Drawn by the browser after a client-side navigation, the same description is the same list.
  await page.locator('nav[aria-label="Docs sidebar"] a[href="/api/issue-invoice"]').click();
  await expect(page).toHaveURL(/\/api\/issue-invoice$/);
  // The URL changes first; the previous page (which shows the same header) stays until the new one
  // is drawn, in one commit, under its own title.
  await expect(pageHeading(page)).toHaveText('Issue invoice');
  const drawnRule = page
    .getByText('The same request (method, path and JSON body, compared as parsed JSON) gets a kept answer again', {
      exact: false,
    })
    .first();
  await expect(drawnRule).toBeAttached();
  expect(await drawnRule.evaluate((e) => e.closest('ul') !== null)).toBe(true);
  void problems;
});

test("a page's scripts are requested after its first contentful paint", async ({page, problems}) => {
  const response = await page.goto(GUIDE_WITH_CODE);
  const head = /<head>([\s\S]*?)<\/head>/.exec(await response!.text())?.[1] ?? '';
  expect(head).not.toMatch(/<script[^>]*\bsrc=["']?\/assets\//);
  await settled(page);
  const timings = await page.evaluate(() => ({
    firstContentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    scripts: performance
      .getEntriesByType('resource')
      .filter((e) => /\/assets\/js\/(runtime~main|main)\.[0-9a-f]+\.js$/.test(e.name))
      .map((e) => e.startTime),
  }));
  expect(timings.scripts).toHaveLength(2);
  for (const start of timings.scripts) expect(start).toBeGreaterThanOrEqual(timings.firstContentfulPaint);
  void problems;
});

// Code blocks and an operation page's sections out of view are not laid out until the reader
// nears them; meanwhile they hold an estimated height. A link into the page must still land on its
// target, on a phone, where those blocks are longest.
for (const [route, target] of [
  ['/walkthrough/example-apps', 'how-the-apps-are-tested'],
  ['/api/update-subscription', 'response-200.updated'],
] as const) {
  test(`on a phone, ${route}#${target} opens with its target at the top of the screen`, async ({page, problems}) => {
    await page.setViewportSize({width: 390, height: 844});
    await page.goto(`${route}#${target}`);
    await settled(page);
    const top = () => page.locator(`[id="${target}"]`).evaluate((element) => element.getBoundingClientRect().top);
    // On screen, within its first quarter (the fixed navbar takes the top 60 px).
    await expect.poll(top).toBeGreaterThanOrEqual(0);
    await expect.poll(top).toBeLessThan(844 / 4);
    void problems;
  });
}
