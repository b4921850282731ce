/**
 * The browser the tests drive, as the tests rely on it: it reaches this machine only (a remote
 * host does not resolve, the analytics host is answered by the stand-in on 127.0.0.1), and a test's
 * window holds only the test's page, no omnibox popups loaded beside it (tooling/chromium.mjs).
 */
import {test, expect} from './fixtures';
import {ANALYTICS_HOST} from '../../tooling/browser-network.mjs';

test('a remote host does not resolve; the analytics host answers with an empty script', async ({page, problems}) => {
  const analytics = await page.goto(`https://${ANALYTICS_HOST}/gtag/js?id=G-TEST`);
  expect(analytics?.status()).toBe(200);
  expect(analytics?.headers()['content-type']).toMatch(/^text\/javascript/);
  expect(await analytics?.text()).toBe('');
  // Last: the failed navigation leaves the page on the browser's error page.
  await expect(page.goto('https://example.com/')).rejects.toThrow(/net::ERR_NAME_NOT_RESOLVED/);
  void problems;
});

test('a test window holds its page only: no omnibox popups loaded as pages of their own', async ({
  browser,
  page,
  problems,
}) => {
  await page.goto('/');
  const cdp = await browser.newBrowserCDPSession();
  const {targetInfos} = await cdp.send('Target.getTargets');
  await cdp.detach();
  expect(targetInfos.filter((target) => target.url.startsWith('chrome://')).map((target) => target.url)).toEqual([]);
  expect(
    targetInfos.filter((target) => target.type === 'page').map((target) => new URL(target.url).pathname),
  ).toContain('/');
  void problems;
});
