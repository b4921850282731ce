/**
 * Security headers and external links. Every browser test runs under the headers the build writes
 * (playwright.config.ts serves build/_headers); these tests check the policy itself, that no page
 * type breaks it, and that every external link goes where it should, safely.
 */
import {readFileSync} from 'node:fs';
import type {Page} from '@playwright/test';
import {
  test,
  expect,
  cspDirectives as directives,
  explorerAnswer,
  mockApi,
  openExplorer,
  sendButton,
  serverSelect,
  pageHeading,
  expectDiagramsShown,
} from './fixtures';
import {brand, externalOrigins} from '../../config/brand';
import {LOCAL_SANDBOX_ORIGIN} from '../../sandbox/local-sandbox.mjs';
import {builtFiles} from '../built-files';

/** What the page records: the CSP violations, and a mark set only if a blocked inline script ran. */
type CspWindow = Window & {__csp?: string[]; __inlineRan?: unknown};

/** Collects CSP violations (the securitypolicyviolation event) from the first script on. */
async function watchCsp(page: Page) {
  await page.addInitScript(() => {
    (window as CspWindow).__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as CspWindow).__csp!.push(
        `${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
  const consoleCsp: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) consoleCsp.push(m.text());
  });
  return {
    events: () => page.evaluate(() => (window as CspWindow).__csp!),
    console: consoleCsp,
  };
}

test('every response carries the security headers, and the CSP allows no inline or eval script', async ({request}) => {
  for (const url of ['/', '/api/issue-invoice', '/no-such-page', '/search-index-default.json', '/img/logo.svg']) {
    const response = await request.get(url);
    const headers = response.headers();
    expect(headers['x-content-type-options'], url).toBe('nosniff');
    expect(headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy'], url).toMatch(/camera=\(\)/);
    expect(headers['x-frame-options'], url).toBe('DENY');
    const csp = directives(headers['content-security-policy'] ?? '');
    const scripts = csp.get('script-src')!;
    expect(scripts).toContain("'self'");
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    expect(scripts.filter((s) => s.startsWith("'sha256-")).length).toBeGreaterThan(0);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    // The public build connects to no loopback origin: the local sandbox is offered only by a
    // build made with KESTREL_LOCAL_SANDBOX=1 (tests/e2e/local-sandbox/).
    expect(csp.get('connect-src')).not.toContain(LOCAL_SANDBOX_ORIGIN);
    expect(csp.get('connect-src')).toEqual([
      "'self'",
      new URL(brand.api.production).origin,
      new URL(brand.api.sandbox).origin,
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https://*.googletagmanager.com',
    ]);
  }
  // The nginx snippet holds the same headers as _headers.
  const nginx = readFileSync('build/nginx-security-headers.conf', 'utf8');
  const fromHeadersFile = readFileSync('build/_headers', 'utf8').match(/Content-Security-Policy: (.*)/)![1];
  expect(nginx).toContain(`add_header Content-Security-Policy "${fromHeadersFile}" always;`);
});

test.describe('no page type breaks the Content-Security-Policy', () => {
  test.describe.configure({timeout: 60_000});

  test('a guide, a guide with a diagram, /api/introduction', async ({page, problems}) => {
    const csp = await watchCsp(page);
    await page.goto('/rate-limits/');
    await expect(pageHeading(page)).toBeVisible();
    await page.goto('/webhooks/overview');
    expect(await expectDiagramsShown(page)).toEqual(['/img/diagrams/webhooks-overview-1.svg']);
    await page.locator('nav[aria-label="Docs sidebar"]').getByRole('link', {name: 'Sending payments'}).click();
    await expect(pageHeading(page)).toHaveText('Sending payments');
    expect(await expectDiagramsShown(page)).toEqual(['/img/diagrams/walkthrough-sending-payments-1.svg']);
    await page.goto('/api/introduction');
    await expect(pageHeading(page)).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await csp.events()).toEqual([]);
    expect(csp.console).toEqual([]);
    void problems;
  });

  test('an operation page with the explorer used (a request sent to the sandbox server)', async ({page, problems}) => {
    const csp = await watchCsp(page);
    const sent = await mockApi(page, brand.api.sandbox, 201, {id: 'inv_csp'});
    await page.goto('/api/issue-invoice');
    await expect(pageHeading(page)).toBeVisible();
    await openExplorer(page);
    // Choose the sandbox server and send the prefilled body: the checks run in the page, under the CSP.
    await serverSelect(page).selectOption(brand.api.sandbox);
    await sendButton(page).click();
    await expect(explorerAnswer(page).body).toContainText('"id": "inv_csp"');
    expect(sent.map((r) => r.url())).toEqual([`${brand.api.sandbox}/invoices`]);
    expect(await csp.events()).toEqual([]);
    expect(csp.console).toEqual([]);
    void problems;
  });

  test('the search panel open with a query and its results', async ({page, problems}) => {
    const csp = await watchCsp(page);
    await page.goto('/sandbox/');
    await page.locator('.aa-DetachedSearchButton').click();
    await page.locator('.aa-DetachedFormContainer input').fill('signature');
    await expect(page.locator('.aa-Item').first()).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.locator('.aa-DetachedContainer')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    expect(await csp.events()).toEqual([]);
    expect(csp.console).toEqual([]);
    void problems;
  });

  test('the policy is in force: an injected inline script is blocked and reported', async ({page, problems}) => {
    const csp = await watchCsp(page);
    problems.allow(/Content Security Policy/);
    await page.goto('/');
    await expect(pageHeading(page)).toBeVisible();
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true';
      document.head.append(script);
      const img = document.createElement('img');
      img.setAttribute('src', 'https://evil.example/pixel.png');
      document.body.append(img);
    });
    await expect.poll(() => csp.events()).toHaveLength(2);
    expect(await page.evaluate(() => (window as CspWindow).__inlineRan)).toBeUndefined();
    expect((await csp.events()).map((e) => e.split(' ')[0]).sort()).toEqual(['img-src', 'script-src-elem']);
  });
});

/** The attributes of every <a>, <link> and <area> element of an HTML string (minified or not). */
function linkElements(html: string): {tag: string; href: string; rel: string}[] {
  const out: {tag: string; href: string; rel: string}[] = [];
  for (const m of html.matchAll(/<(a|link|area)\b([^>]*)>/gi)) {
    const attr = (name: string) => {
      const a = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(m[2]!);
      return a ? (a[1] ?? a[2] ?? a[3] ?? '').replace(/&amp;/g, '&') : null;
    };
    const href = attr('href');
    if (href !== null) out.push({tag: m[1]!.toLowerCase(), href, rel: attr('rel') ?? ''});
  }
  return out;
}

test('every external URL on the built site belongs to an allowed origin, and external links open safely', () => {
  const portal = new URL(brand.portalUrl).origin;
  const allowed = new Set(externalOrigins);
  const outside: string[] = [];
  const unsafe: string[] = [];
  const mail: string[] = [];
  let external = 0;
  const files = builtFiles('.html');
  expect(files.length).toBeGreaterThan(70);
  for (const file of files) {
    for (const {tag, href, rel} of linkElements(readFileSync(file, 'utf8'))) {
      if (href.startsWith('mailto:')) {
        if (href !== `mailto:${brand.supportEmail}`) mail.push(`${file}: ${href}`);
        continue;
      }
      if (!/^([a-z][a-z0-9+.-]*:|\/\/)/i.test(href)) continue; // relative: our origin
      const url = new URL(href, brand.portalUrl);
      if (url.origin === portal) continue;
      external++;
      if (!allowed.has(url.origin)) outside.push(`${file}: <${tag}> ${href}`);
      const rels = rel.split(/\s+/);
      if (tag === 'a' && !(rels.includes('noopener') && rels.includes('noreferrer'))) {
        unsafe.push(`${file}: ${href} rel="${rel}"`);
      }
    }
  }
  expect(external).toBeGreaterThan(100);
  expect(outside, 'external URLs outside externalOrigins').toEqual([]);
  expect(unsafe, 'external links without rel="noopener noreferrer"').toEqual([]);
  expect(mail, 'mail links other than the support address').toEqual([]);
});

test('external links rendered in the browser (client-only sections included) open safely', async ({page, problems}) => {
  for (const route of ['/', '/api/issue-invoice', '/webhooks/setting-up-webhooks']) {
    await page.goto(route);
    await expect(pageHeading(page)).toBeVisible();
    await page.waitForLoadState('networkidle');
    const links = await page
      .locator('a[href^="http"]')
      .evaluateAll((as) =>
        as
          .map((a) => ({href: (a as HTMLAnchorElement).href, rel: a.getAttribute('rel') ?? ''}))
          .filter((l) => new URL(l.href).origin !== location.origin),
      );
    expect(links.length, route).toBeGreaterThan(0);
    for (const link of links) {
      expect(externalOrigins, `${route}: ${link.href}`).toContain(new URL(link.href).origin);
      expect(link.rel.split(/\s+/), `${route}: ${link.href}`).toEqual(
        expect.arrayContaining(['noopener', 'noreferrer']),
      );
    }
  }
  void problems;
});
