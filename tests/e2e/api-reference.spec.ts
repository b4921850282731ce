import {test, expect, explorerAnswer, openExplorer, pageHeading, serverSelect} from './fixtures';
import {apiRoutes} from '../api-routes';

const {operationSlugs, operationGroups} = apiRoutes();

// Every operation page and the API introduction show their title, the API sidebar and their
// operation's method and path in page-visit.spec.ts's one visit per page.
test('/api loads with its title', async ({page, problems}) => {
  const response = await page.goto('/api');
  expect(response?.status()).toBe(200);
  await expect(pageHeading(page)).toBeVisible();
  await expect(page.locator('nav[aria-label="Docs sidebar"]').getByText('Invoices', {exact: true})).toBeVisible();
  void problems;
});

test('an operation page shows its method, path, scope, parameters, schema and examples', async ({page, problems}) => {
  await page.goto('/api/issue-invoice');
  await expect(pageHeading(page)).toHaveText('Issue invoice');
  await expect(page.locator('.api-endpoint .api-method-badge')).toHaveText('POST');
  await expect(page.locator('.api-endpoint__path')).toHaveText('https://api.kestrel.example/v1/invoices');
  const auth = page.locator('.api-auth');
  await expect(auth).toContainText(
    'Authorization: API key (Authorization: Bearer <API key>) or OAuth 2.0 access token',
  );
  await expect(auth).toContainText('Scope: partner.invoice.create.');
  await expect(auth.getByRole('link', {name: 'Takes an Idempotency-Key'})).toBeVisible();
  await expect(page.getByText('Idempotency-Key', {exact: true}).first()).toBeVisible();
  // A request body field at depth two, under its stable anchor.
  await expect(page.locator('[id="request-body.amount.currency"] strong')).toHaveText('currency');
  // A response schema field, and the problem codes of an error response.
  const response = (status: string) => page.locator('.api-response', {has: page.locator(`[id="response-${status}"]`)});
  const created = response('201');
  await expect(created.getByRole('heading', {name: '201'})).toBeVisible();
  await expect(created.locator('[id="response-201.status"] strong')).toHaveText('status');
  const unprocessable = response('422');
  await expect(unprocessable.getByRole('heading', {name: '422'})).toBeVisible();
  await expect(unprocessable.locator('.api-error-code').first()).toBeVisible();
  // The response examples, one status per tab, 2xx first.
  await expect(page.locator('.api-examples').getByRole('tab').first()).toHaveText('201');
  void problems;
});

test('the code-sample language persists across operation pages and a reload', async ({page, problems}) => {
  await page.goto('/api/get-invoices');
  const python = page.getByRole('tab', {name: 'Python', exact: true});
  await python.click();
  await expect(python).toHaveAttribute('aria-selected', 'true');
  const stored = await page.evaluate(() =>
    Object.entries(localStorage).filter(([key]) => key.startsWith('docusaurus.tab.')),
  );
  expect(stored).toContainEqual(['docusaurus.tab.code-samples', 'python']);

  await page.locator('nav[aria-label="Docs sidebar"]').getByRole('link', {name: 'Issue invoice', exact: true}).click();
  await expect(pageHeading(page)).toHaveText('Issue invoice');
  await expect(page.getByRole('tab', {name: 'Python', exact: true})).toHaveAttribute('aria-selected', 'true');
  // Only the Python sample imports requests; the Node.js and Java samples import too, in hidden panels.
  await expect(page.locator('.api-samples pre code').filter({hasText: 'import requests'}).first()).toBeVisible();

  await page.reload();
  await expect(page.getByRole('tab', {name: 'Python', exact: true})).toHaveAttribute('aria-selected', 'true');
  void problems;
});

test('the explorer lists the production and sandbox servers', async ({page, problems}) => {
  await page.goto('/api/get-invoices');
  await openExplorer(page);
  const select = serverSelect(page);
  await expect(select).toHaveValue('https://api.kestrel.example/v1');
  // The public build offers exactly these two; the local sandbox is added only by a build made
  // with KESTREL_LOCAL_SANDBOX=1 (tests/e2e/local-sandbox/).
  await expect(select.locator('option')).toHaveText([
    'Production: https://api.kestrel.example/v1',
    'Sandbox: https://api.sandbox.kestrel.example/v1',
  ]);
  await select.selectOption('https://api.sandbox.kestrel.example/v1');
  // The request the reader builds targets the chosen server.
  await expect(explorerAnswer(page).curl).toContainText("curl 'https://api.sandbox.kestrel.example/v1/invoices'");
  void problems;
});

test('the bundled definition is served as YAML and JSON, with every operation', async ({request, page, problems}) => {
  const json = await request.get('/openapi.json');
  expect(json.status()).toBe(200);
  const definition = await json.json();
  expect(definition.openapi).toMatch(/^3\.1\./);
  const methods = ['get', 'post', 'put', 'patch', 'delete'];
  const operations = Object.values(definition.paths as Record<string, Record<string, unknown>>).flatMap((item) =>
    Object.keys(item).filter((k) => methods.includes(k)),
  );
  expect(operations).toHaveLength(operationSlugs.length);
  const yaml = await request.get('/openapi.yaml');
  expect(yaml.status()).toBe(200);
  expect(await yaml.text()).toMatch(/^openapi: 3\.1\.\d+$/m);

  await page.goto('/api/introduction');
  await expect(page.getByRole('link', {name: 'openapi.yaml'})).toHaveAttribute('href', '/openapi.yaml');
  await expect(page.getByRole('link', {name: 'openapi.json'})).toHaveAttribute('href', '/openapi.json');
  void problems;
});

test("the API sidebar groups operations by the definition's tags, in their order, then the webhook events", async ({
  page,
  problems,
}) => {
  await page.goto('/api/introduction');
  const sidebar = page.locator('nav[aria-label="Docs sidebar"]');
  const categories = sidebar.locator(':scope > ul > li.theme-doc-sidebar-item-category');
  const labels = await categories.locator(':scope > div > .menu__link').allTextContents();
  expect(labels).toEqual([...operationGroups.map((g) => g.label), 'Webhooks']);
  // Each group holds exactly its operations.
  for (const [i, group] of operationGroups.entries()) {
    const links = await categories
      .nth(i)
      .locator('a.menu__link[href^="/api/"]')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(links.sort(), group.label).toEqual(group.slugs.map((slug) => `/api/${slug}`).sort());
  }
  void problems;
});
