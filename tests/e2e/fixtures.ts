/**
 * The shared test fixture: every page a test opens must load with no console error and no failed
 * request to our own origin. Third-party requests never leave the machine: the browser resolves
 * only 127.0.0.1, and the analytics script host to a stand-in that answers with an empty script
 * (tooling/browser-network.mjs; the inline gtag stub still records every call in dataLayer).
 */
import {test as base, expect, type Page, type ConsoleMessage, type Request} from '@playwright/test';
import {ANALYTICS_HOST} from '../../tooling/browser-network.mjs';

/** The error catalogue's column headers on /api/introduction, in order. */
export const ERROR_CATALOGUE_COLUMNS = ['Code', 'Status', 'Meaning', 'Retry', 'What to do', 'Answered by'];

export type Problems = {
  consoleErrors: string[];
  failedRequests: string[];
  /** Tests that expect a specific error (e.g. a 404 document) remove it with this. */
  allow: (pattern: RegExp) => void;
};

export const test = base.extend<{problems: Problems; blockAnalytics: boolean}>({
  /** The analytics script blocked, as a content blocker does (the one test that asks pays for a route). */
  blockAnalytics: [false, {option: true}],
  context: async ({context, blockAnalytics}, use) => {
    if (blockAnalytics) await context.route(`https://${ANALYTICS_HOST}/**`, (route) => route.abort('blockedbyclient'));
    await use(context);
  },
  // A page's scripts are requested after its first paint (packages/kestrel-theme/ssr-template.ts), so the load event no
  // longer means they have run. Like a person who waits for a page to respond, every test
  // navigation waits until a portal page has hydrated (other documents: at once).
  page: async ({page}, use) => {
    // The page, not the window's address bar, holds the keyboard focus from the start, as it does
    // once a reader has clicked into it: a new headless window may focus its address bar first.
    await page.bringToFront();
    const hydrated = () =>
      page.waitForFunction(
        () => !document.getElementById('__docusaurus') || document.documentElement.dataset.hasHydrated === 'true',
      );
    for (const method of ['goto', 'reload', 'goBack', 'goForward'] as const) {
      const navigate = page[method].bind(page) as (...args: unknown[]) => Promise<unknown>;
      (page as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
        const response = await navigate(...args);
        if (response) await hydrated();
        return response;
      };
    }
    await use(page);
  },
  problems: async ({page, baseURL}, use) => {
    const origin = new URL(baseURL!).origin;
    const consoleErrors: {text: string; url: string}[] = [];
    const failedRequests: string[] = [];
    const allowed: RegExp[] = [];
    page.on('console', (msg: ConsoleMessage) => {
      if (msg.type() === 'error') consoleErrors.push({text: msg.text(), url: msg.location().url});
    });
    page.on('pageerror', (err) => consoleErrors.push({text: `pageerror: ${err.message}`, url: ''}));
    page.on('requestfailed', (req) => {
      const error = req.failure()?.errorText ?? '';
      // ERR_ABORTED is the browser cancelling a request the page no longer needs (a prefetch cut
      // short by navigating on, a reload): nothing failed to answer.
      if (req.url().startsWith(origin) && error !== 'net::ERR_ABORTED') failedRequests.push(`${req.url()} ${error}`);
    });
    page.on('response', (res) => {
      const req = res.request();
      // A not-found document is an expected answer; a missing asset is a defect.
      if (res.url().startsWith(origin) && res.status() >= 400 && req.resourceType() !== 'document') {
        failedRequests.push(`${res.url()} HTTP ${res.status()}`);
      }
    });
    const problems: Problems = {
      get consoleErrors() {
        return consoleErrors
          .filter((e) => !allowed.some((a) => a.test(`${e.text} @ ${e.url}`)))
          .map((e) => `${e.text} @ ${e.url}`);
      },
      get failedRequests() {
        return failedRequests.filter((f) => !allowed.some((a) => a.test(f)));
      },
      allow: (pattern) => allowed.push(pattern),
    };
    await use(problems);
    expect(problems.consoleErrors, 'console errors').toEqual([]);
    expect(problems.failedRequests, 'failed requests to our origin').toEqual([]);
  },
});

export {expect};

/** Chromium logs a console error for a document answered 404; for an unknown path that status is the point. */
export function allowNotFoundDocument(problems: Problems, documentUrl: string): void {
  const escaped = documentUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  problems.allow(new RegExp(`status of 404 \\(Not Found\\) @ ${escaped}$`));
}

/** Every diagram of the page (an SVG drawn at build time, lazily loaded), scrolled to and decoded: their src. */
export async function expectDiagramsShown(page: Page): Promise<string[]> {
  const images = page.locator('figure[data-llms-mermaid] img');
  const count = await images.count();
  const sources: string[] = [];
  for (let i = 0; i < count; i++) {
    const image = images.nth(i);
    await image.scrollIntoViewIfNeeded();
    await expect(image).toBeVisible();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
      .toBeGreaterThan(0);
    sources.push((await image.getAttribute('src')) ?? '');
  }
  return sources;
}

/**
 * Resolves once the page has settled: three idle periods in a row with no change to the DOM. That
 * is when effects and transitions after hydration, and work scheduled for idle time, are done:
 * a condition, not a guess at how long they take on a busy machine.
 */
export async function domSettled(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let changed = false;
        const observer = new MutationObserver(() => (changed = true));
        observer.observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
        let quiet = 0;
        const check = () => {
          quiet = changed ? 0 : quiet + 1;
          changed = false;
          if (quiet < 3) return requestIdleCallback(check, {timeout: 1000});
          observer.disconnect();
          resolve();
        };
        requestIdleCallback(check, {timeout: 1000});
      }),
  );
}

/** Resolves once the window has not scrolled for three animation frames in a row. */
export async function scrollSettled(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let last = window.scrollY;
        let still = 0;
        const frame = () => {
          still = window.scrollY === last ? still + 1 : 0;
          last = window.scrollY;
          if (still < 3) return requestAnimationFrame(frame);
          resolve();
        };
        requestAnimationFrame(frame);
      }),
  );
}

/** The "Try it" explorer of an operation page, once open: a region named after the operation. */
export function explorer(page: Page) {
  return page.getByRole('region', {name: /^Try it: /});
}

/**
 * Opens the explorer of an operation page: it loads when "Try it" is pressed (the page itself ships
 * none of it). Waits until it can send: its checks of the request have loaded.
 */
export async function openExplorer(page: Page): Promise<void> {
  await page.getByRole('button', {name: 'Try it', exact: true}).click();
  await expect(sendButton(page)).toBeEnabled();
}

/** The explorer's server choice (a select labelled "Server"). */
export function serverSelect(page: Page) {
  return explorer(page).getByLabel('Server', {exact: true});
}

/** The explorer's button that checks and sends the request. */
export function sendButton(page: Page) {
  return explorer(page).getByRole('button', {name: 'Send request'});
}

/** What the explorer shows after sending: the live status line, the answer's status, body, and the request as curl. */
export function explorerAnswer(page: Page) {
  const region = explorer(page);
  return {
    statusLine: region.getByRole('status'),
    status: region.getByTestId('try-it-status'),
    body: region.getByTestId('try-it-body'),
    curl: region.getByRole('group', {name: 'The request as curl'}),
  };
}

/**
 * Answers every request the page sends to an API server with `status` and the JSON `body`, as a
 * server that allows the portal's origin would. Returns the requests, in order, as they arrive.
 */
export async function mockApi(page: Page, server: string, status: number, body: unknown): Promise<Request[]> {
  const received: Request[] = [];
  await page.route(`${new URL(server).origin}/**`, (route) => {
    received.push(route.request());
    return route.fulfill({
      status,
      contentType: 'application/json',
      headers: {'access-control-allow-origin': '*'},
      body: JSON.stringify(body),
    });
  });
  return received;
}

/** The visible heading of the page's article or main content. */
export function pageHeading(page: Page) {
  return page.locator('main h1, article h1').first();
}

export {GUIDE_ROUTES} from '../../config/guide-routes';

/** A Content-Security-Policy header as a map from directive to its sources. */
export function cspDirectives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}
