import {test, expect, pageHeading} from './fixtures';
import type {Page, Route} from '@playwright/test';

/** The switch of the injected render fault. */
type FaultWindow = Window & {__fault?: boolean};
/** gtag's queue: the arguments of each call. */
type AnalyticsWindow = Window & {dataLayer?: IArguments[]};
/** Every element an IntersectionObserver watches, those it has reported on, and those it found in view. */
type WatchedWindow = Window & {__watched?: {observed: Set<Element>; reported: Set<Element>; inView: Element[]}};

/** Turns off link prefetching (data-saver), so a route's chunks load only when it is visited. */
async function saveData(page: Page) {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'connection', {
      configurable: true,
      get: () => ({effectiveType: '4g', saveData: true, addEventListener() {}, removeEventListener() {}}),
    });
  });
}

/**
 * Records, from before the page's own scripts run, what every IntersectionObserver watches and
 * reports (`__watched`). Docusaurus's Link prefetches from its observer's callback, synchronously,
 * when the report says the link is in view.
 */
async function watchIntersections(page: Page) {
  await page.addInitScript(() => {
    const Native = window.IntersectionObserver;
    const watched = {observed: new Set<Element>(), reported: new Set<Element>(), inView: [] as Element[]};
    (window as WatchedWindow).__watched = watched;
    window.IntersectionObserver = class extends Native {
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        super((entries, observer) => {
          for (const entry of entries) {
            watched.reported.add(entry.target);
            if (entry.isIntersecting || entry.intersectionRatio > 0) watched.inView.push(entry.target);
          }
          callback(entries, observer);
        }, options);
      }
      override observe(target: Element) {
        watched.observed.add(target);
        super.observe(target);
      }
    };
  });
}

/** Script URLs the page has requested so far. */
async function loadedScripts(page: Page): Promise<Set<string>> {
  const urls = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((n) => n.endsWith('.js')),
  );
  return new Set(urls);
}

test('with localStorage throwing, every page renders and a console warning is logged', async ({page, problems}) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
  });
  const warnings: string[] = [];
  page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
  for (const route of ['/', '/webhooks/overview', '/kestrel-oauth-connect/', '/api/']) {
    await page.goto(route);
    await expect(pageHeading(page)).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  }
  // The announcement bar behaves as if storage were empty: it shows.
  await expect(page.locator('[class*="announcementBar"]').first()).toBeVisible();
  expect(warnings.some((w) => /browser storage is not available/i.test(w))).toBe(true);
  void problems;
});

test('a failed preload of the next route logs a warning and reloads at the target', async ({
  page,
  problems,
  baseURL,
}) => {
  await saveData(page);
  await page.goto('/');
  await expect(pageHeading(page)).toHaveText('Kestrel API introduction');
  const known = await loadedScripts(page);
  const failedOnce = new Set<string>();
  await page.route('**/assets/js/*.js', (route: Route) => {
    const url = route.request().url();
    if (!known.has(url) && !failedOnce.has(url)) {
      failedOnce.add(url);
      return route.abort('connectionreset');
    }
    return route.continue();
  });
  // The aborted chunk requests are the fault under test.
  problems.allow(/net::ERR_CONNECTION_RESET/);
  const warning = page.waitForEvent('console', (m) => m.type() === 'warning');
  const reload = page.waitForEvent('load');
  await page.locator('nav[aria-label="Docs sidebar"]').getByRole('link', {name: 'Rate limits'}).click();
  expect((await warning).text()).toMatch(/Loading chunk|ChunkLoadError|Failed to fetch|loading/i);
  await reload;
  expect(failedOnce.size).toBeGreaterThan(0);
  await expect(page).toHaveURL(`${baseURL}/rate-limits/`);
  await expect(pageHeading(page)).toHaveText('Rate limits');
});

test('a page chunk that fails to load shows the error and Retry, which loads it once the network is back', async ({
  page,
  context,
  problems,
}) => {
  // The document below comes from a route, which the browser counts as a public address; the
  // analytics stand-in it then loads is on this machine, a loopback one: allowed, as it is for
  // the pages our server sends.
  await context.grantPermissions(['local-network-access']);
  // Docusaurus preloads a route's chunks before it renders or navigates, and a failed preload
  // reloads the page (test above). Its Loading error box shows where a route renders without that
  // preload: a host that serves /sandbox/index.html as it is (ours redirects to /sandbox/) makes
  // the client strip the suffix and render the route on the fly. React first reports the
  // hydration mismatch (error 418) of that renamed route; then the chunk's failure is shown.
  await page.route('**/sandbox/index.html', (route) =>
    route.fulfill({status: 200, contentType: 'text/html', path: 'build/sandbox/index.html'}),
  );
  let offline = true;
  await page.route('**/assets/js/*.js', async (route: Route) => {
    const response = await route.fetch();
    const body = await response.text();
    // The chunk that holds the sandbox page's own content.
    if (offline && body.includes(`JSON.parse('{"id":"sandbox",`)) return route.abort('internetdisconnected');
    return route.fulfill({response, body});
  });
  problems.allow(/net::ERR_INTERNET_DISCONNECTED|Minified React error #418/);
  await page.goto('/sandbox/index.html');
  const retry = page.getByRole('button', {name: 'Retry'});
  await expect(retry).toBeVisible();
  await expect(page.getByText(/^ChunkLoadError: Loading chunk \S+ failed/)).toBeVisible();
  offline = false;
  await retry.click();
  await expect(pageHeading(page)).toHaveText('Sandbox');
  await expect(retry).toHaveCount(0);
  // Links in view keep prefetching chunks through the route above: let those in flight end quietly.
  await page.unrouteAll({behavior: 'ignoreErrors'});
});

test('a crashed page shows "This page crashed.", the message and Try again, which recovers', async ({
  page,
  problems,
}) => {
  // Visit the target first, so its chunks are loaded and evaluated: the fault must meet the page's
  // render, not a module's first evaluation (that would fail the preload and reload instead).
  await page.goto('/maintenance/');
  await expect(pageHeading(page)).toHaveText('Maintenance');
  await page.locator('nav[aria-label="Docs sidebar"]').getByRole('link', {name: 'Introduction'}).click();
  await expect(pageHeading(page)).toHaveText('Kestrel API introduction');
  // Fault: the window size, read while a doc page renders, becomes unreadable. It is armed in the
  // same task as the click, so only the next page's render meets it.
  await page.evaluate(() => {
    const real = Object.getOwnPropertyDescriptor(window, 'innerWidth')!;
    Object.defineProperty(window, 'innerWidth', {
      configurable: true,
      get() {
        if ((window as FaultWindow).__fault) throw new Error('Injected render fault');
        return real.get!.call(window);
      },
    });
    (window as FaultWindow).__fault = true;
    document.querySelector<HTMLAnchorElement>('nav[aria-label="Docs sidebar"] a[href="/maintenance/"]')!.click();
  });
  problems.allow(/Injected render fault/);
  await expect(page.getByText('This page crashed.')).toBeVisible();
  await expect(page.getByText('Injected render fault').first()).toBeVisible();
  await page.evaluate(() => ((window as FaultWindow).__fault = false));
  await page.getByRole('button', {name: 'Try again'}).click();
  await expect(pageHeading(page)).toHaveText('Maintenance');
  await expect(page.getByText('This page crashed.')).toHaveCount(0);
});

test('a slow chunk shows the progress bar', async ({page, problems}) => {
  await saveData(page);
  await page.goto('/');
  await expect(pageHeading(page)).toBeVisible();
  const known = await loadedScripts(page);
  // The next page's chunks are held until the bar has shown: a navigation as slow as it takes.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/js/*.js', async (route: Route) => {
    if (!known.has(route.request().url())) await released;
    return route.continue();
  });
  await expect(page.locator('#nprogress')).toHaveCount(0);
  await page.locator('nav[aria-label="Docs sidebar"]').getByRole('link', {name: 'Sandbox'}).click();
  await expect(page.locator('#nprogress .bar')).toBeVisible();
  await expect(pageHeading(page)).not.toHaveText('Sandbox');
  release();
  await expect(pageHeading(page)).toHaveText('Sandbox');
  await expect(page.locator('#nprogress')).toHaveCount(0);
  void problems;
});

test.describe('prefetching of static chunks', () => {
  /** The links on `/` whose chunks the page prefetches. */
  const prefetchLinks = (page: Page) => page.locator('link[rel="prefetch"]');

  /**
   * Opens `/` and waits until IntersectionObservers have reported five elements in view: by then,
   * five links in view have prefetched their chunks, or decided not to.
   */
  async function openWithLinksInView(page: Page): Promise<void> {
    await watchIntersections(page);
    await page.goto('/');
    await expect(pageHeading(page)).toBeVisible();
    await page.waitForFunction(() => (window as WatchedWindow).__watched!.inView.length >= 5);
  }

  test('on a normal connection, links in view prefetch their chunks', async ({page, problems}) => {
    await openWithLinksInView(page);
    await expect.poll(() => prefetchLinks(page).count()).toBeGreaterThan(0);
    void problems;
  });

  test("on a phone, the closed menu's links prefetch nothing; once it is open, they do", async ({page, problems}) => {
    await page.setViewportSize({width: 390, height: 844});
    await watchIntersections(page);
    const menuLinksInView = () =>
      page.evaluate(
        () => (window as WatchedWindow).__watched!.inView.filter((e) => e.closest('.navbar-sidebar') !== null).length,
      );
    await page.goto('/rate-limits/');
    await expect(pageHeading(page)).toBeVisible();
    // The menu is drawn once the page knows it is on a phone; every link in it, and every other
    // link, has had its first report (in view or not).
    await page.waitForFunction(() => {
      const {observed, reported} = (window as WatchedWindow).__watched!;
      const watching = [...observed].filter((e) => e.isConnected);
      const menuLinks = watching.filter((e) => e.closest('.navbar-sidebar') !== null);
      return menuLinks.length > 10 && watching.every((e) => reported.has(e));
    });
    expect(await menuLinksInView()).toBe(0);
    const prefetchedWhileClosed = await prefetchLinks(page).count();

    await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
    await expect(page.locator('nav.navbar.navbar-sidebar--show')).toHaveCount(1);
    await expect.poll(menuLinksInView).toBeGreaterThan(0);
    await expect.poll(() => prefetchLinks(page).count()).toBeGreaterThan(prefetchedWhileClosed);
    void problems;
  });

  for (const [name, connection] of [
    ['data-saver on', {effectiveType: '4g', saveData: true}],
    ['slow-2g', {effectiveType: 'slow-2g', saveData: false}],
  ] as const) {
    test(`with ${name}, nothing is prefetched`, async ({page, problems}) => {
      await page.addInitScript((c) => {
        Object.defineProperty(Navigator.prototype, 'connection', {
          configurable: true,
          get: () => ({...c, addEventListener() {}, removeEventListener() {}}),
        });
      }, connection);
      await openWithLinksInView(page);
      await expect(prefetchLinks(page)).toHaveCount(0);
      void problems;
    });
  }
});

test.describe('analytics', () => {
  test('a client-side route change sends a page_view, with the IP anonymized', async ({page, problems}) => {
    await page.goto('/');
    await expect(pageHeading(page)).toBeVisible();
    const config = await page.evaluate(() =>
      (window as AnalyticsWindow)
        .dataLayer!.map((args: IArguments) => Array.from(args))
        .find((a: unknown[]) => a[0] === 'config'),
    );
    expect(config?.[2]).toEqual({anonymize_ip: true});
    await page.locator('nav[aria-label="Docs sidebar"]').getByRole('link', {name: 'Rate limits'}).click();
    await expect(pageHeading(page)).toHaveText('Rate limits');
    await expect
      .poll(() =>
        page.evaluate(() =>
          (window as AnalyticsWindow)
            .dataLayer!.map((args: IArguments) => Array.from(args))
            .filter((a: unknown[]) => a[1] === 'page_view'),
        ),
      )
      .toHaveLength(1);
    const pagePath = await page.evaluate(() =>
      (window as AnalyticsWindow)
        .dataLayer!.map((args: IArguments) => Array.from(args))
        .find((a: unknown[]) => a[1] === 'page_path'),
    );
    expect(pagePath).toEqual(['set', 'page_path', '/rate-limits/']);
    void problems;
  });

  test.describe('when the analytics script is blocked', () => {
    test.use({blockAnalytics: true});
    test('pages still render and navigate', async ({page, problems}) => {
      // The blocked third-party script is the one expected failure.
      problems.allow(/ERR_BLOCKED_BY_CLIENT @ $|googletagmanager/);
      await page.goto('/');
      await page.locator('nav[aria-label="Docs sidebar"]').getByRole('link', {name: 'Sandbox'}).click();
      await expect(pageHeading(page)).toHaveText('Sandbox');
    });
  });
});
