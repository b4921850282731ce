/**
 * Client-side navigation between operation pages: from the click on a sidebar link to the new
 * page's h1 in the DOM, timed inside the page (performance.now and a MutationObserver), so the
 * test driver's own latency is not in the figure. The first visit to each page is not timed: its
 * chunks are fetched then, and the figure is about rendering a page the reader moves to.
 */
// The functions this script hands to page.evaluate run in the browser page, and read its globals.
/* global document, MutationObserver, HTMLElement */

/**
 * @param {import('@playwright/test').Browser} browser
 * @param {string} origin
 * @param {string[]} routes
 * @param {number} count
 * @returns {Promise<number[]>}
 */
export async function navigationTimes(browser, origin, routes, count) {
  const context = await browser.newContext();
  await context.route(
    (url) => url.origin !== origin,
    (r) => r.abort('blockedbyclient'),
  );
  const page = await context.newPage();
  await page.goto(origin + routes[0], {waitUntil: 'networkidle'});
  /** @type {number[]} */
  const times = [];
  for (let i = 0; i < count + routes.length; i++) {
    const target = routes[(i + 1) % routes.length];
    const ms = await page.evaluate(async (href) => {
      const link = document.querySelector(`nav[aria-label="Docs sidebar"] a[href="${href}"]`);
      if (!(link instanceof HTMLElement)) throw new Error(`no sidebar link to ${href}`);
      const expected = (link.textContent ?? '').trim();
      const started = performance.now();
      await /** @type {Promise<void>} */ (
        new Promise((resolve) => {
          const done = () => document.querySelector('article h1')?.textContent?.trim() === expected;
          const observer = new MutationObserver(() => {
            if (done()) {
              observer.disconnect();
              resolve();
            }
          });
          observer.observe(document.body, {childList: true, subtree: true, characterData: true});
          link.click();
        })
      );
      return performance.now() - started;
    }, target);
    if (i >= routes.length) times.push(ms);
    await page.waitForLoadState('networkidle');
  }
  await context.close();
  return times;
}
