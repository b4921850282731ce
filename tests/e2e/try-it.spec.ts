/**
 * The "Try it" explorer in the public build: it loads only when pressed, says in words why a
 * request got no answer, keeps the token out of storage, and axe finds nothing in it open. The
 * requests themselves are answered by mockApi or blocked by the fixture: no remote host is reached.
 * Requests to a real server are in local-sandbox/explorer.spec.ts.
 */
import type {Page} from '@playwright/test';
import {test, expect, explorer, explorerAnswer, mockApi, openExplorer, pageHeading, sendButton} from './fixtures';
import {brand} from '../../config/brand';
import {axeAudit} from './page-checks/axe';

/** Text that only the explorer's code holds (its problem list), and text that only Ajv's compiled checks hold. */
const EXPLORER_MARK = 'Problems to fix before sending';
const CHECKS_MARK = 'must match pattern';
/** Code only Prism's grammars hold: no page builds them at start-up, only the explorer's chunk. */
const PRISM_MARK = 'languages.insertBefore';

type LoadedScript = {url: string; text: string; ran: boolean};

/**
 * The JavaScript the page has loaded so far, file by file, and whether it ran: a script element
 * ran it; a prefetch (a link in view prefetching its page's chunks) only fetched it.
 */
async function loadedScripts(page: Page): Promise<LoadedScript[]> {
  const entries = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => e.name.endsWith('.js'))
      .map((e) => ({url: e.name, ran: e.initiatorType === 'script'})),
  );
  return Promise.all(entries.map(async (e) => ({...e, text: await (await page.request.get(e.url)).text()})));
}

test('nothing of the explorer loads until "Try it" is pressed; then it opens in place with focus in it', async ({
  page,
  problems,
}) => {
  await page.goto('/api/issue-invoice');
  await expect(pageHeading(page)).toBeVisible();
  await page.waitForLoadState('networkidle');
  const before = await loadedScripts(page);
  expect(before.length).toBeGreaterThan(0);
  expect(before.filter((s) => s.text.includes(EXPLORER_MARK)).map((s) => s.url)).toEqual([]);
  expect(before.filter((s) => s.text.includes(CHECKS_MARK)).map((s) => s.url)).toEqual([]);
  expect(before.filter((s) => s.ran && s.text.includes(PRISM_MARK)).map((s) => s.url)).toEqual([]);

  const tryIt = page.getByRole('button', {name: 'Try it', exact: true});
  await expect(tryIt).toHaveAttribute('aria-expanded', 'false');
  await tryIt.click();
  await expect(explorer(page)).toBeFocused();
  await expect(sendButton(page)).toBeEnabled();
  const after = await loadedScripts(page);
  expect(after.filter((s) => s.text.includes(EXPLORER_MARK))).toHaveLength(1);
  expect(after.filter((s) => s.text.includes(CHECKS_MARK)).length).toBeGreaterThan(0);
  // Prism came with the explorer, bash included: the curl command is highlighted as a shell command.
  expect(after.filter((s) => s.ran && s.text.includes(PRISM_MARK)).length).toBeGreaterThan(0);
  const curl = explorer(page).getByRole('group', {name: 'The request as curl'});
  await expect(curl.locator('code .token.function', {hasText: /^curl$/})).toBeVisible();
  // The explorer of an idempotent write has a fresh key and the documented body to start from.
  await expect(explorer(page).getByLabel('Idempotency-Key')).toHaveValue(/^[0-9a-f-]{36}$/);
  await expect(explorer(page).getByLabel(/^Request body/)).toHaveValue(/"currency": "USD"/);
  void problems;
});

test('a request that gets no answer is said in words: unreachable or CORS, and offline', async ({
  page,
  context,
  problems,
}) => {
  // The tests' browser resolves no remote host, as an unreachable server or a refused CORS request would.
  problems.allow(/net::ERR_NAME_NOT_RESOLVED|net::ERR_INTERNET_DISCONNECTED/);
  await page.goto('/api/get-invoices');
  await openExplorer(page);
  await sendButton(page).click();
  const answer = explorerAnswer(page);
  await expect(answer.statusLine).toHaveText(
    /^No answer from https:\/\/api\.kestrel\.example: the server could not be reached \(refused, unknown host or down\), or it did not allow this page's origin \(CORS\)\./,
  );
  await expect(answer.status).toHaveCount(0);

  await context.setOffline(true);
  await sendButton(page).click();
  await expect(answer.statusLine).toHaveText(
    'No answer: this browser is offline. Connect to the network and send again.',
  );
  await context.setOffline(false);
  void problems;
});

test('the answer: status, time, headers and the JSON body pretty-printed; the token is in no storage', async ({
  page,
  problems,
}) => {
  const sent = await mockApi(page, brand.api.sandbox, 200, {data: [{id: 'inv_mock'}], count: 1});
  await page.goto('/api/get-invoices');
  await openExplorer(page);
  await explorer(page).getByLabel('Server', {exact: true}).selectOption(brand.api.sandbox);
  await explorer(page).getByLabel('Bearer token').fill('sk_test_never_stored');
  await explorer(page).getByLabel('$top').fill('5');
  await sendButton(page).click();
  const answer = explorerAnswer(page);
  await expect(answer.status).toHaveText('200 OK');
  await expect(answer.statusLine).toHaveText(/^Answer: 200 OK in \d+ ms\.$/);
  await expect(answer.body).toContainText('"data": [\n    {\n      "id": "inv_mock"\n    }\n  ],');
  await expect(explorer(page).getByText(/^Response headers \(\d+\)$/)).toBeVisible();
  expect(sent.map((r) => r.url())).toEqual([`${brand.api.sandbox}/invoices?%24top=5`]);

  const stored = await page.evaluate(() => [
    ...Object.entries(localStorage).map(([k, v]) => ({where: 'local', k, v})),
    ...Object.entries(sessionStorage).map(([k, v]) => ({where: 'session', k, v})),
  ]);
  expect(stored.filter((s) => s.v.includes('sk_test_never_stored') || s.k.includes('sk_test'))).toEqual([]);
  // Only the site's own keys (theme, docs version, tabs, announcement), none of the explorer's.
  expect(stored.map((s) => s.k).filter((k) => !/^(theme|docusaurus\.|docs-preferred-version-)/.test(k))).toEqual([]);
  await page.reload();
  await openExplorer(page);
  await expect(explorer(page).getByLabel('Bearer token')).toHaveValue('');
  void problems;
});

test('axe: the explorer, open with a problem named and with an answer, has no violations', async ({page, problems}) => {
  test.setTimeout(90_000);
  await mockApi(page, brand.api.production, 201, {id: 'inv_axe'});
  await page.goto('/api/issue-invoice');
  await openExplorer(page);
  // The explorer only: the page around it is audited in page-visit.spec.ts.
  const axe = async () =>
    (await axeAudit(page).include('[aria-label^="Try it: "]').analyze()).violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
  await explorer(page)
    .getByLabel(/^Request body/)
    .fill('{"amount": {"amount": "ten", "currency": "USD"}}');
  await sendButton(page).click();
  await expect(explorerAnswer(page).statusLine).toHaveText(/^Not sent: body field amount\.amount /);
  expect(await axe()).toEqual([]);
  await explorer(page)
    .getByLabel(/^Request body/)
    .fill('{"amount": {"amount": "10.00", "currency": "USD"}}');
  await sendButton(page).click();
  await expect(explorerAnswer(page).status).toHaveText('201 Created');
  expect(await axe()).toEqual([]);
  void problems;
});
