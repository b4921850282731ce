/**
 * llms.txt, llms-full.txt and the Markdown twins (plugins/llms-txt), served from build/ by
 * scripts/serve-build.mjs, and the "Copy page" / "View as Markdown" actions on the pages.
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {test, expect, pageHeading, GUIDE_ROUTES} from './fixtures';
import {API_OVERVIEW_ROUTES} from '../../config/routes';
import {apiRoutes} from '../api-routes';
import {fencedBlocks, markupOutsideCode} from '../llms-markdown';
import {twinPath} from '../../config/twin-path';
import {fullBytesBudget, LLMS_FULL_BUDGET} from '../../plugins/llms-txt/llms-files';
import {brand} from '../../config/brand';

const BUILD = 'build';
function built(file: string): string {
  const full = path.join(BUILD, file);
  if (!existsSync(full)) throw new Error(`${full} is missing: run \`npm run build\` before the browser tests.`);
  return readFileSync(full, 'utf8');
}

const SITE = brand.portalUrl;
const llms = built('llms.txt');
/** Every link of llms.txt: [title, absolute URL, description]. */
const links = [...llms.matchAll(/^- \[([^\]]+)\]\(([^)]+)\)(?:: (.*))?$/gm)].map((m) => ({
  title: m[1]!,
  url: m[2]!,
  description: m[3] ?? '',
}));
const twinLinks = links.filter((l) => l.url.endsWith('.md'));
const local = (url: string) => url.replace(SITE, '');
const {operationSlugs: API_SLUGS, webhookSlugs: WEBHOOK_SLUGS} = apiRoutes();
const PAGE_ROUTES = [
  ...GUIDE_ROUTES,
  ...API_OVERVIEW_ROUTES,
  ...[...API_SLUGS, ...WEBHOOK_SLUGS].map((s) => `/api/${s}`),
];
const twinOf = (route: string) => built(twinPath(route).slice(1));

/** The lines of llms.txt under one `## ` heading. */
function section(name: string): string {
  const start = llms.indexOf(`\n## ${name}\n`);
  expect(start, `llms.txt has a "## ${name}" section`).toBeGreaterThan(0);
  const end = llms.indexOf('\n## ', start + 1);
  return llms.slice(start, end < 0 ? undefined : end);
}

test.describe('llms.txt', () => {
  test('follows the llmstxt.org layout: title, summary, then Guides, API reference, Webhook events and Workflows', () => {
    const lines = llms.split('\n');
    expect(lines[0]).toBe(`# ${brand.portalTitle}`);
    expect(lines[2]).toMatch(/^> Kestrel is a payments API: .{100,}/);
    const headings = lines.filter((l) => l.startsWith('## '));
    expect(headings).toEqual(['## Guides', '## API reference', '## Webhook events', '## Workflows', '## Optional']);
    expect(lines.filter((l) => l.startsWith('# '))).toHaveLength(1);
    for (const link of links) {
      expect(link.url, link.title).toMatch(new RegExp(`^${SITE.replace(/\./g, '\\.')}/`));
      expect(link.description, `${link.title} has a one-line description`).toMatch(/\S{3,}/);
    }
  });

  test('names every guide, every operation and every webhook event, each once', () => {
    const guides = section('Guides');
    for (const route of GUIDE_ROUTES) expect(guides).toContain(`](${SITE}${twinPath(route)})`);
    const reference = section('API reference');
    for (const slug of API_SLUGS) expect(reference).toContain(`](${SITE}/api/${slug}.md)`);
    expect(reference).toContain(`](${SITE}/api.md)`);
    expect(reference).toContain(`](${SITE}/api/introduction.md)`);
    const events = section('Webhook events');
    expect(WEBHOOK_SLUGS.length).toBeGreaterThanOrEqual(8);
    for (const slug of WEBHOOK_SLUGS) expect(events).toContain(`](${SITE}/api/${slug}.md)`);
    expect(twinLinks.map((l) => local(l.url)).sort()).toEqual(PAGE_ROUTES.map(twinPath).sort());
  });

  test('llms-full.txt holds the summary and every twin, within its budget (LLMS_FULL_BUDGET)', () => {
    const full = built('llms-full.txt');
    const apiPages = API_SLUGS.length + WEBHOOK_SLUGS.length;
    expect(Buffer.byteLength(full)).toBeLessThan(fullBytesBudget(LLMS_FULL_BUDGET, apiPages));
    expect(full.startsWith(llms.slice(0, llms.indexOf('\n## ')).trimEnd())).toBe(true);
    const parts = full.split('\n---\n\nSource: ').slice(1);
    expect(parts.map((p) => p.slice(0, p.indexOf('\n')))).toEqual(twinLinks.map((l) => l.url));
    // A schema table that appeared earlier in the file points back to it; all else is word for word.
    const tables = (md: string) => `${md}\n`.replace(/^Schema `[^`]+`[^\n]*\n(?:\n?\|[^\n]*\n)*\n*/gm, 'Schema\n\n');
    for (const route of PAGE_ROUTES) {
      const twin = twinOf(route).trim();
      const part = parts.find((p) => p.startsWith(`${SITE}${twinPath(route)}\n`));
      expect(part, route).toBeDefined();
      const body = part!.slice(`${SITE}${twinPath(route)}\n\n`.length).trim();
      if (route.startsWith('/api/')) expect(tables(body), route).toBe(tables(twin));
      else expect(body, route).toBe(twin);
    }
  });
});

test.describe('Markdown twins', () => {
  test('llms.txt and llms-full.txt are served as text', async ({request}) => {
    for (const file of ['/llms.txt', '/llms-full.txt']) {
      const response = await request.get(file);
      expect(response.status(), file).toBe(200);
      expect(response.headers()['content-type'], file).toBe('text/plain; charset=utf-8');
      expect(await response.text(), file).toBe(built(file.slice(1)));
    }
  });

  test('every link of llms.txt answers 200 with Markdown', async ({request}) => {
    expect(links.length).toBeGreaterThanOrEqual(PAGE_ROUTES.length);
    for (const link of links) {
      const response = await request.get(local(link.url));
      expect(response.status(), link.url).toBe(200);
      if (link.url.endsWith('.md')) {
        expect(response.headers()['content-type'], link.url).toBe('text/markdown; charset=utf-8');
        expect(await response.text(), link.url).toMatch(/^# \S/);
      }
    }
  });

  test('no twin holds HTML, JSX or MDX imports outside code', () => {
    for (const route of PAGE_ROUTES) expect(markupOutsideCode(twinOf(route)), route).toEqual([]);
  });

  test('every code block names its language', () => {
    for (const route of PAGE_ROUTES) {
      for (const block of fencedBlocks(twinOf(route)))
        expect(block.info, `${route}: ${block.body.slice(0, 60)}`).toMatch(/^[a-z]+\b/);
    }
  });

  test('a guide twin keeps its headings, prose, tables and links to other twins', () => {
    const md = twinOf('/rate-limits/');
    expect(md).toMatch(/^# Rate limits\n/);
    expect(md).toMatch(/\n## \S/);
    expect(md).toMatch(/\n\| .* \|\n\| -+/);
    expect(md).not.toContain('Direct link to');
    expect(md).not.toContain('\u200b');
    // Links between pages point at twins (root-relative) that exist, or at a file the site serves
    // (the definition, the API's types); none at an HTML route.
    let count = 0;
    for (const route of PAGE_ROUTES) {
      for (const m of twinOf(route).matchAll(/\]\((\/[^)#\s]*)/g)) {
        count++;
        expect(m[1], `${route} links to ${m[1]}`).toMatch(/\.(md|yaml|json|ts)$/);
        expect(existsSync(path.join(BUILD, m[1]!)), `${route} links to ${m[1]}`).toBe(true);
      }
    }
    expect(count).toBeGreaterThan(300);
  });

  test('the signature-verification twin holds the TypeScript, Python and Go verifiers', () => {
    const blocks = fencedBlocks(twinOf('/webhooks/signature-verification'));
    const body = (info: RegExp) =>
      blocks
        .filter((b) => info.test(b.info))
        .map((b) => b.body)
        .join('\n');
    // The code embedded from examples/ by remark-code-file, with its title.
    expect(blocks.map((b) => b.info)).toEqual(
      expect.arrayContaining([
        'ts title="verify-signature.ts"',
        'python title="verify_signature.py"',
        'go title="verify.go"',
      ]),
    );
    const ts = body(/^ts title="verify-signature\.ts"/);
    expect(ts).toContain(
      readFileSync('examples/webhooks/node/verify-signature.ts', 'utf8')
        .split('\n')
        .find((l) => l.includes('timingSafeEqual'))!
        .trim(),
    );
    expect(ts).toMatch(/export function verifyKestrelSignature\(/);
    expect(body(/^python title="verify_signature\.py"/)).toMatch(
      /def verify_kestrel_signature\([\s\S]*hmac\.compare_digest/,
    );
    expect(body(/^go title="verify\.go"/)).toMatch(/func Verify\([\s\S]*hmac\.Equal/);
    // Each tab's label stays with its code.
    const md = twinOf('/webhooks/signature-verification');
    expect(md).toMatch(
      /\*\*Node\.js\*\*[\s\S]*```ts title="verify-signature\.ts"[\s\S]*\*\*Python\*\*[\s\S]*```python[\s\S]*\*\*Go\*\*[\s\S]*```go/,
    );
    // Code lines are not doubled.
    expect(ts).not.toMatch(/\n\n\n/);
  });

  test('a walkthrough twin keeps its sequence diagram', () => {
    const diagrams = fencedBlocks(twinOf('/walkthrough/receiving-payments')).filter((b) => b.info === 'mermaid');
    expect(diagrams).toHaveLength(1);
    expect(diagrams[0]!.body).toMatch(/^sequenceDiagram\n[\s\S]*Server->>Kestrel: POST \/invoices/);
  });

  test('an operation twin gives method, path, scope, parameters, schemas, examples and errors', () => {
    const md = twinOf('/api/update-subscription');
    expect(md).toMatch(/^# Update subscription\n/);
    expect(md).toContain('PATCH https://api.kestrel.example/v1/subscriptions/{subscriptionId}');
    expect(md).toContain('- **Scope:** `partner.subscription.update`');
    expect(md).toMatch(
      /## Parameters\n\n\| Name \| In \| Type \| Required \| Description \|[\s\S]*\| `subscriptionId` \| path \|/,
    );
    expect(md).toMatch(/## Request body[\s\S]*\| `eventTypes` \|/);
    expect(md).toMatch(/## Responses\n\n[\s\S]*?\n### 200\n[\s\S]*```json/);
    // Each error status is a section of its own, as on the page.
    expect(md).toMatch(/## Responses[\s\S]*\n### 404\n\n`SUBSCRIPTION_NOT_FOUND`: /);
  });
});

test.describe('page actions', () => {
  test.use({permissions: ['clipboard-read', 'clipboard-write']});

  for (const route of ['/webhooks/signature-verification', '/api/issue-invoice', '/']) {
    test(`Copy page on ${route} puts its twin on the clipboard`, async ({page, problems}) => {
      await page.goto(route);
      await expect(pageHeading(page)).toBeVisible();
      const copy = page.getByRole('button', {name: 'Copy page'});
      await copy.click();
      await expect(page.getByRole('button', {name: 'Copied'})).toBeVisible();
      await expect(page.getByRole('status')).toHaveText('Page copied as Markdown');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(twinOf(route));
      void problems;
    });
  }

  test('both actions work from the keyboard, and View as Markdown opens the twin', async ({page, problems}) => {
    await page.goto('/rate-limits/');
    const copy = page.getByRole('button', {name: 'Copy page'});
    const view = page.getByRole('link', {name: 'View as Markdown'});
    await expect(view).toHaveAttribute('href', '/rate-limits.md');
    await copy.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', {name: 'Copied'})).toBeFocused();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(twinOf('/rate-limits/'));
    await page.keyboard.press('Tab');
    await expect(view).toBeFocused();
    const [response] = await Promise.all([page.waitForResponse('**/rate-limits.md'), page.keyboard.press('Enter')]);
    expect(response.status()).toBe(200);
    expect(await response.text()).toBe(twinOf('/rate-limits/'));
    void problems;
  });

  test('the actions sit right above the title on guides and API pages, outside the page text', async ({
    page,
    problems,
  }) => {
    for (const route of ['/sandbox/', '/api/get-invoices', '/api/invoice-created-webhook', '/api/']) {
      await page.goto(route);
      const actions = page.locator('article').getByRole('button', {name: 'Copy page'});
      await expect(actions, route).toBeVisible();
      const [buttonBox, headingBox] = [await actions.boundingBox(), await pageHeading(page).boundingBox()];
      expect(buttonBox!.y, route).toBeLessThan(headingBox!.y);
      expect(headingBox!.y - buttonBox!.y, route).toBeLessThan(80);
      await expect(page.locator('.theme-doc-markdown').getByRole('button', {name: 'Copy page'})).toHaveCount(0);
      await expect(page.getByRole('link', {name: 'View as Markdown'})).toHaveAttribute('href', twinPath(route));
    }
    void problems;
  });
});
