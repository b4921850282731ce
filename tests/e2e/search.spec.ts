/**
 * The local search as a person uses it: the navbar search box, its detached panel, results,
 * errors, keyboard, and the searched words highlighted on the page a result opens. The expected
 * result order comes from the search box's own ranking run in Node on the same build
 * (tests/search-client.ts, through packages/kestrel-search/engine).
 */
import type {Locator, Page, Request, Route} from '@playwright/test';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {test, expect, allowNotFoundDocument, explorer, openExplorer, GUIDE_ROUTES, type Problems} from './fixtures';
import {loadSiteSearch, lunr} from '../search-client';
import {CLOSE_ICON_SIZE} from '../../packages/kestrel-search/theme/SearchBar/highlight';
import {PHONE} from '../../tooling/phone-table-measures.mjs';
import {pageKeywords} from '../../packages/kestrel-search/indexing/search-index-view';
import {indexFileProblem, serializedIndexOf} from '../../packages/kestrel-search/engine/index-file';
import type {IndexFile as StoredIndexFile} from '../../packages/kestrel-search/engine/types';

/** A search index file with its index as lunr loads it, as far as these tests read it. */
type IndexFile = {
  documents: {id: number; sectionRoute: string}[];
  index: {invertedIndex: [string, Record<string, Record<string, unknown>>][]};
};
/** autocomplete-js's browser build, as the search box's chunk leaves it on window. */
type AutocompleteWindow = Window & {
  '@algolia/autocomplete-js'?: {autocomplete(options: Record<string, unknown>): {destroy(): void}};
};
/** The times a test records in the page: the input event, and when the spinner shows. */
type TimedWindow = Window & {__search?: {input?: number; spinner?: number}};
/** Set only if an injected script ran. */
type ProbedWindow = Window & {__pwned?: unknown};

const BUILD = path.resolve(__dirname, '../../build');

const INDEX_FILES = [
  '/search-index-default.json',
  '/search-index-docs-default-current.json',
  '/search-index-docs-api-current.json',
];
const INDEX_URL = /\/search-index-[\w-]+\.json$/;

const searchButton = (page: Page) => page.locator('.aa-DetachedSearchButton');
const overlay = (page: Page) => page.locator('.aa-DetachedOverlay');
const input = (page: Page) => overlay(page).locator('input.aa-Input');
/**
 * The results, as assistive technology and the browser see them: each result's link is its option
 * (packages/kestrel-search/theme/SearchBar/panelAria.ts), an <a href> inside autocomplete-js's item.
 */
const items = (page: Page) => overlay(page).locator('.aa-Item a.aa-ItemLink[role="option"]');
/** The route each result opens: its link's href. */
const hrefs = (page: Page) => items(page).evaluateAll((links) => links.map((a) => a.getAttribute('href')));

async function openPanel(page: Page) {
  await searchButton(page).click();
  await expect(overlay(page)).toBeVisible();
  await expect(input(page))
    .toBeFocused()
    .catch(async (error: Error) => {
      // Where focus went instead, and whether the page had it at all: the failure says what to mend.
      const where = await page.evaluate(() => ({
        activeElement: document.activeElement?.outerHTML.slice(0, 160) ?? null,
        documentHasFocus: document.hasFocus(),
      }));
      throw new Error(`${error.message}\nInstead: ${JSON.stringify(where)}`);
    });
}

async function search(page: Page, query: string) {
  await openPanel(page);
  await input(page).fill(query);
}

/** The browser reports a failed index request itself (a console line, a failed request); the page shows nothing. */
function allowIndexFailures(problems: Problems) {
  problems.allow(/\/search-index-[\w-]+\.json/);
}

const siteSearch = loadSiteSearch();

/** A guide or API reference route, with an optional #anchor. */
const DOC_ROUTE = /^\/(?:api\/)?(?:[a-z0-9-]+\/?)*(?:#[a-z0-9-]+)?$/;

/** A search index file of the build, by its tag, with its index as lunr loads it. */
const readIndex = (tag: string): IndexFile => {
  const file = JSON.parse(readFileSync(path.join(BUILD, `search-index-${tag}.json`), 'utf8')) as StoredIndexFile;
  return {documents: file.documents, index: serializedIndexOf([file]) as IndexFile['index']};
};

/**
 * A front-matter keyword word that the guides index holds in the tags field only (no title, text
 * or category has it), on one page, and that the API index does not hold: found only as a tag.
 */
function keywordOnlyInTags(): {word: string; route: string} {
  const guides = readIndex('docs-default-current');
  const apiTerms = new Set(readIndex('docs-api-current').index.invertedIndex.map(([term]) => term));
  const postings = new Map<string, Record<string, Record<string, unknown>>>(guides.index.invertedIndex);
  const routeOf = (id: string) => guides.documents.find((d) => String(d.id) === id)!.sectionRoute.split('#')[0];
  for (const route of GUIDE_ROUTES) {
    for (const word of pageKeywords(readFileSync(path.join(BUILD, route, 'index.html'), 'utf8')).flatMap((k) =>
      k.toLowerCase().split(/[^a-z0-9]+/),
    )) {
      const stem = lunr.stemmer(new lunr.Token(word, {})).toString();
      const posting = postings.get(stem);
      if (!posting || apiTerms.has(stem) || word.length < 4) continue;
      const elsewhere = ['title', 'content', 'sidebarParentCategories'].some(
        (f) => Object.keys(posting[f] ?? {}).length,
      );
      const pages = new Set(Object.keys(posting.tags ?? {}).map(routeOf));
      // No other word of the guides may begin with it either (the prefix match).
      const prefixOfOther = [...postings.keys()].some((t) => t !== stem && t.startsWith(stem));
      if (!elsewhere && pages.size === 1 && !prefixOfOther) return {word, route: [...pages][0]!};
    }
  }
  throw new Error('No keyword is found only in the tags field: tests/after-build/search-index.test.ts says why');
}
const expectedRoutes = async (query: string) => (await siteSearch.search(query)).map((h) => h.document.sectionRoute);

/**
 * Types `query` into the open panel (over any earlier query), waits until the panel shows the
 * ranking's results for it, never the earlier query's, and returns their routes.
 */
async function showing(page: Page, query: string): Promise<string[]> {
  await input(page).fill(query);
  const expected = await expectedRoutes(query);
  await expect.poll(() => hrefs(page)).toEqual(expected);
  return expected;
}

/** Opens the panel and searches, as `showing` does. */
async function searchShowing(page: Page, query: string): Promise<string[]> {
  await openPanel(page);
  return showing(page, query);
}

test.describe('search box and panel', () => {
  for (const viewport of [
    {width: 1280, height: 800},
    {width: 390, height: 800},
  ]) {
    test(`shows "Search..." and opens the detached panel with Clear, Cancel and Submit (${viewport.width} px)`, async ({
      page,
      problems,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto('/webhooks/overview');
      await expect(searchButton(page)).toBeVisible();
      await expect(searchButton(page)).toContainText('Search...');
      await openPanel(page);
      await expect(page.locator('body')).toHaveClass(/\baa-Detached\b/);
      await expect(input(page)).toHaveAttribute('placeholder', 'Search...');
      await expect(overlay(page).locator('.aa-ClearButton')).toHaveAttribute('title', 'Clear');
      await expect(overlay(page).locator('.aa-DetachedCancelButton')).toHaveText('Cancel');
      await expect(overlay(page).locator('.aa-SubmitButton')).toHaveAttribute('title', 'Submit');
      await overlay(page).locator('.aa-DetachedCancelButton').click();
      await expect(overlay(page)).toHaveCount(0);
      expect(problems.consoleErrors).toEqual([]);
    });
  }

  test('fetches the three index files, each once, however fast the person types', async ({page, problems}) => {
    const requests: string[] = [];
    page.on('request', (req: Request) => {
      if (INDEX_URL.test(new URL(req.url()).pathname)) requests.push(new URL(req.url()).pathname);
    });
    // The index answers are held until the whole first query is typed: every keystroke falls
    // inside the first load.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(INDEX_URL, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/');
    await openPanel(page);
    await input(page).pressSequentially('webhook signature', {delay: 10});
    await expect.poll(() => requests.length).toBe(INDEX_FILES.length);
    release();
    await expect(items(page).first()).toBeVisible();
    await input(page).pressSequentially(' rotate', {delay: 10});
    await expect(items(page).first()).toBeVisible();
    // Every keystroke waited on the same three requests; the list is the last query's.
    await expect.poll(() => hrefs(page)).toEqual(await expectedRoutes('webhook signature rotate'));
    expect(requests.sort()).toEqual([...INDEX_FILES].sort());
    expect(problems.failedRequests).toEqual([]);
  });

  test('each index file holds documents with what a result shows, and its stored index', async ({page, problems}) => {
    await page.goto('/');
    for (const file of INDEX_FILES) {
      const response = await page.request.get(file);
      expect(response.status(), file).toBe(200);
      const body = (await response.json()) as StoredIndexFile;
      expect(indexFileProblem(body), file).toBeNull();
      const {documents, index} = body;
      expect(index.fields, file).toEqual(['title', 'content', 'tags', 'sidebarParentCategories']);
      for (const document of documents) {
        // Exactly these: the text, tags and categories are in the index only.
        expect(document, file).toStrictEqual({
          id: expect.any(Number),
          title: expect.any(String),
          type: 'docs',
          sectionTitle: expect.any(String),
          pageTitle: expect.any(String),
          sectionRoute: expect.stringMatching(/^\/[^#\s]*(#[a-z0-9-]+)?$/),
        });
      }
      // Only docs: the "default" tag has none.
      expect(documents.length > 0, file).toBe(file !== '/search-index-default.json');
    }
    expect(problems.consoleErrors).toEqual([]);
  });

  test('shows at most 8 results, the first one active, best score first', async ({page, problems}) => {
    await page.goto('/rate-limits/');
    for (const query of ['payment', 'rotate your secret', 'idempotency key']) {
      const expected = await searchShowing(page, query);
      expect(expected.length).toBeLessThanOrEqual(8);
      await expect(items(page).first()).toHaveAttribute('aria-selected', 'true');
      for (const other of await items(page)
        .all()
        .then((all) => all.slice(1))) {
        await expect(other).toHaveAttribute('aria-selected', 'false');
      }
      await page.keyboard.press('Escape');
    }
    await search(page, 'payment');
    await expect(items(page)).toHaveCount(8);
    expect(problems.consoleErrors).toEqual([]);
  });

  test('results link to section routes with an optional #anchor', async ({page, problems}) => {
    await page.goto('/');
    // A query whose best result is a section of a page (#rotate-your-secret), among whole pages.
    await search(page, 'rotate secret');
    await expect(items(page).first()).toBeVisible();
    const routes = await hrefs(page);
    for (const href of routes) {
      expect(href).toMatch(/^\/(?:[a-z0-9-]+\/?)*(?:#[a-z0-9-]+)?$/);
    }
    // A result with an #anchor opens its page at that section.
    const withAnchor = routes.findIndex((r) => r!.includes('#'));
    expect(withAnchor).toBeGreaterThanOrEqual(0);
    await items(page).nth(withAnchor).click();
    await expect(page).toHaveURL(routes[withAnchor]!);
    await expect(page.locator(`[id="${routes[withAnchor]!.split('#')[1]}"]`)).toBeInViewport();
    expect(problems.consoleErrors).toEqual([]);
  });

  test('arrows move the active result; Enter opens its section', async ({page, problems}) => {
    await page.goto('/sandbox/');
    await search(page, 'rotate secret');
    const [first, second] = await expectedRoutes('rotate secret');
    expect(first).toBe('/webhooks/signature-verification#rotate-your-secret');
    await expect(items(page).first()).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(items(page).nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(items(page).first()).toHaveAttribute('aria-selected', 'false');
    await expect(input(page)).toHaveAttribute('aria-activedescendant', (await items(page).nth(1).getAttribute('id'))!);
    await page.keyboard.press('ArrowUp');
    await expect(items(page).first()).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(first!);
    await expect(overlay(page)).toHaveCount(0);
    await expect(page.locator('h2#rotate-your-secret')).toBeInViewport();
    // A click opens a result too.
    await search(page, 'rotate secret');
    await items(page).nth(1).click();
    await expect(page).toHaveURL(second!);
    expect(problems.consoleErrors).toEqual([]);
  });

  test('pointing at a result makes it active without redrawing the links, so a click right after lands', async ({
    page,
    problems,
  }) => {
    await page.goto('/sandbox/');
    const expected = await searchShowing(page, 'rotate secret');
    // The very elements the reader points at: a redraw would put new ones in their place.
    const links = await items(page).elementHandles();
    await items(page).nth(2).hover();
    await expect(items(page).nth(2)).toHaveAttribute('aria-selected', 'true');
    await items(page).nth(1).hover();
    await expect(items(page).nth(1)).toHaveAttribute('aria-selected', 'true');
    expect(await Promise.all(links.map((link) => link.evaluate((a) => a.isConnected)))).toEqual(links.map(() => true));
    expect(await links[1]!.getAttribute('aria-selected')).toBe('true');
    // A press and release straight after the pointer arrives open the result it points at.
    const box = (await items(page).nth(3).boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.up();
    await expect(page).toHaveURL(expected[3]!);
    expect(problems.consoleErrors).toEqual([]);
  });

  test('each result is a real link: middle-click and Ctrl/Cmd+click open its section in a new page, Enter here', async ({
    page,
    context,
    problems,
    baseURL,
  }) => {
    await page.goto('/sandbox/');
    const expected = await searchShowing(page, 'rotate secret');
    // The option is the <a href> itself: what "Open in new tab" and "Copy link" act on.
    expect(await items(page).evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href))).toEqual(
      expected.map((r) => `${baseURL}${r}`),
    );
    const clicks: Parameters<Locator['click']>[0][] = [{button: 'middle'}, {modifiers: ['ControlOrMeta']}];
    for (const [index, click] of clicks.entries()) {
      const [opened] = await Promise.all([context.waitForEvent('page'), items(page).nth(index).click(click)]);
      await expect(opened).toHaveURL(`${baseURL}${expected[index]}`);
      await opened.close();
      // This page stays, its panel open.
      await expect(page).toHaveURL(`${baseURL}/sandbox/`);
      await expect(overlay(page)).toBeVisible();
    }
    // The keyboard still opens the active result here.
    await input(page).focus();
    const active = overlay(page).locator('[role="option"][aria-selected="true"]');
    await expect(active).toHaveCount(1);
    const route = (await active.getAttribute('href'))!;
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`${baseURL}${route}`);
    await expect(overlay(page)).toHaveCount(0);
    expect(context.pages()).toHaveLength(1);
    expect(problems.consoleErrors).toEqual([]);
  });

  // One page load for what the search box matches: each step is a query typed into the open panel.
  test("what matches: developers' words, whole words and their beginnings, sidebar categories, front-matter keywords, and nothing", async ({
    page,
    problems,
  }) => {
    await page.goto('/');
    await openPanel(page);

    await test.step('developers\' words find Kestrel\'s: "withdrawal" is searched as "payout" too', async () => {
      // No indexed word begins with "withdraw": every result comes from the synonym table.
      for (const tag of ['docs-default-current', 'docs-api-current']) {
        expect(readIndex(tag).index.invertedIndex.filter(([term]) => term.startsWith('withdraw'))).toEqual([]);
      }
      const expected = await expectedRoutes('withdrawal');
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.slice(0, 3).every((route) => /payout/.test(route))).toBe(true);
      expect(await showing(page, 'withdrawal')).toEqual(expected);
    });

    await test.step('whole words and the beginnings of words', async () => {
      await showing(page, 'pkce');
      await expect(items(page).first()).toHaveAttribute('href', /^\/kestrel-oauth-connect\//);
      // "idempot" is the beginning of "idempotency": the guide's Idempotency section is among the results.
      await showing(page, 'idempot');
      await expect(items(page).filter({hasText: /Idempotency/})).not.toHaveCount(0);
      expect(await showing(page, 'signatu')).toContainEqual(
        expect.stringMatching(/^\/webhooks\/signature-verification/),
      );
    });

    await test.step('a sidebar category name finds the pages under that category', async () => {
      await showing(page, 'walkthroughs');
      await expect(items(page)).toHaveCount(8);
      for (const href of await hrefs(page)) expect(href).toMatch(/^\/walkthrough\//);
    });

    await test.step('a front-matter keyword finds its guide: keywords are the tags of the index', async () => {
      const {word, route} = keywordOnlyInTags();
      expect((await showing(page, word))[0]?.split('#')[0]).toBe(route);
    });

    await test.step('says "No results found." when nothing matches', async () => {
      expect(await showing(page, 'zzqxv')).toEqual([]);
      await expect(overlay(page)).toContainText('No results found.');
      await expect(items(page)).toHaveCount(0);
      // No active result to name (packages/kestrel-search/theme/SearchBar/panelAria.ts).
      await expect(input(page)).not.toHaveAttribute('aria-activedescendant');
    });
    expect(problems.consoleErrors).toEqual([]);
  });

  test('a press on the panel where nothing takes focus leaves the typing in the search input', async ({
    page,
    problems,
  }) => {
    await page.goto('/');
    await search(page, 'zzqxv');
    await expect(overlay(page).locator('.aa-SourceNoResults')).toHaveText('No results found.');
    // The edge of the panel's header, around the search form: nothing there takes focus, and
    // without the panel keeping it, focus would fall to the page behind the panel.
    const header = (await overlay(page).locator('.aa-DetachedFormContainer').boundingBox())!;
    await page.mouse.click(header.x + 2, header.y + 2);
    await expect(input(page)).toBeFocused();
    await page.keyboard.type('q');
    await expect(input(page)).toHaveValue('zzqxvq');
    await expect(overlay(page)).toBeVisible();
    expect(problems.consoleErrors).toEqual([]);
  });

  test('finds docs only: the text of the not-found page is not found', async ({page, problems, baseURL}) => {
    allowNotFoundDocument(problems, `${baseURL}/no-such-page`);
    await page.goto('/no-such-page');
    const text = await page.locator('main p').first().innerText();
    expect(text).toContain('To get lost is to learn the way.');
    await search(page, 'lost learn way back home');
    // Words of the not-found page may also be in a guide; no result is the not-found page.
    await expect(overlay(page).locator('.aa-Item, .aa-SourceNoResults').first()).toBeVisible();
    for (const href of await hrefs(page)) expect(href).toMatch(DOC_ROUTE);
    await input(page).fill('kestrel');
    await expect(items(page)).toHaveCount(8);
    for (const href of await hrefs(page)) expect(href).toMatch(DOC_ROUTE);
  });

  test('the page a result opens shows the searched words highlighted, with a close button that clears them', async ({
    page,
    problems,
  }) => {
    await page.goto('/');
    const expected = await searchShowing(page, 'rotate secret');
    await items(page).first().click();
    await expect(page).toHaveURL(expected[0]!);
    const marks = page.locator('article mark[data-search-highlight]');
    await expect(marks.first()).toBeVisible();
    // Every mark is a searched word, or the beginning of a longer word (matched by prefix).
    for (const text of await marks.allTextContents()) expect(text.toLowerCase()).toMatch(/^(rotate|secret)$/);
    const close = page.locator('button.search-highlight-close');
    await expect(close).toBeVisible();
    await expect(close).toHaveAccessibleName('Clear highlight');
    const icon = close.locator('svg');
    await expect(icon).toHaveAttribute('width', String(CLOSE_ICON_SIZE));
    await expect(icon).toHaveAttribute('height', '20');
    expect(await icon.boundingBox()).toMatchObject({width: 20, height: 20});
    await close.click();
    await expect(marks).toHaveCount(0);
    await expect(close).toHaveCount(0);
    // The page's text is as it was: the heading reads whole again.
    await expect(page.locator('h2#rotate-your-secret')).toHaveText(/^Rotate your secret/);
    expect(problems.consoleErrors).toEqual([]);
  });

  test('the highlight goes with the page: another page opened from it shows none', async ({page, problems}) => {
    await page.goto('/');
    await searchShowing(page, 'rotate secret');
    await items(page).first().click();
    await expect(page.locator('article mark[data-search-highlight]').first()).toBeVisible();
    await page.locator('article a[href="/webhooks/failure-recovery"]').first().click();
    await expect(page).toHaveURL(/\/webhooks\/failure-recovery/);
    await expect(page.locator('h1')).toHaveText('Webhook failure recovery');
    await expect(page.locator('mark[data-search-highlight]')).toHaveCount(0);
    await expect(page.locator('button.search-highlight-close')).toHaveCount(0);
    // Back: the page shows plain (the words were for the visit the result opened).
    await page.goBack();
    await expect(page.locator('h2#rotate-your-secret')).toBeVisible();
    await expect(page.locator('mark[data-search-highlight]')).toHaveCount(0);
    expect(problems.consoleErrors).toEqual([]);
  });
});

test.describe('on a phone', () => {
  test.use({viewport: PHONE});

  test('a result whose words are in a folded table opens the fold, the words marked in sight', async ({
    page,
    problems,
  }) => {
    await page.goto('/');
    // The test Lightning invoice that no route reaches: named only in the sandbox's test inputs.
    const invoice = 'lntbs10u1pkestreln0r0ute';
    const target = '/sandbox/#lightning-payments';
    expect(await searchShowing(page, invoice)).toEqual([target]);
    await items(page).first().click();
    await expect(page).toHaveURL(target);
    const fold = page.locator('h3#lightning-payments ~ details.reference-fold').first();
    await expect(fold).toHaveAttribute('open', '');
    const mark = fold.locator('mark[data-search-highlight]', {hasText: invoice}).first();
    await mark.scrollIntoViewIfNeeded();
    await expect(mark).toBeVisible();
    await expect(mark).toBeInViewport();
    // A group without the words stays folded.
    await expect(page.locator('h3#deposits ~ details.reference-fold').first()).not.toHaveAttribute('open', '');
    expect(problems.consoleErrors).toEqual([]);
  });
});

/**
 * The panel placement (start, end, full-width or input-wrapper-width; anything else throws). The
 * search box sets none, so autocomplete-js uses its default, input-wrapper-width; the rule is
 * autocomplete-js's own. Shown in Chromium with the real
 * autocomplete-js build (served from our origin, as the CSP requires), on a page of the site: an
 * undocked panel opens under its input for each valid value, and any other value throws.
 */
test('a panel placement other than start, end, full-width or input-wrapper-width throws', async ({page, problems}) => {
  problems.allow(/panelPlacement/);
  await page.route('**/__test__/autocomplete-js.js', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      path: require.resolve('@algolia/autocomplete-js/dist/umd/index.production.js'),
    }),
  );
  await page.goto('/sandbox/');
  await page.addScriptTag({url: '/__test__/autocomplete-js.js'});
  const place = (panelPlacement: string) =>
    page.evaluate(async (placement) => {
      const errors: string[] = [];
      const onError = (event: ErrorEvent) => {
        errors.push(event.message);
        event.preventDefault();
      };
      window.addEventListener('error', onError);
      const container = document.createElement('div');
      container.style.width = '300px';
      document.querySelector('main')!.prepend(container);
      const {autocomplete} = (window as AutocompleteWindow)['@algolia/autocomplete-js']!;
      let instance: {destroy(): void} | undefined;
      try {
        instance = autocomplete({
          container,
          panelPlacement: placement,
          detachedMediaQuery: 'none',
          openOnFocus: true,
          getSources: () => [
            {
              sourceId: 's',
              getItems: () => [{label: 'one'}],
              templates: {item: ({item}: {item: {label: string}}) => item.label},
            },
          ],
        });
        container.querySelector('input')!.focus();
        // autocomplete-js places the panel (or throws) on a later animation frame: wait for either,
        // at most 120 frames.
        for (let frame = 0; frame < 120; frame++) {
          if (errors.length > 0 || document.querySelector<HTMLElement>('.aa-Panel')?.style.top) break;
          await new Promise((r) => requestAnimationFrame(r));
        }
      } catch (error) {
        errors.push(String(error));
      }
      const panel = document.querySelector<HTMLElement>('.aa-Panel');
      const result = {errors, panelTop: panel?.style.top ?? null};
      instance?.destroy();
      container.remove();
      window.removeEventListener('error', onError);
      return result;
    }, panelPlacement);
  for (const valid of ['start', 'end', 'full-width', 'input-wrapper-width']) {
    const {errors, panelTop} = await place(valid);
    expect(errors, valid).toEqual([]);
    expect(panelTop, valid).toMatch(/^\d+(\.\d+)?px$/);
  }
  for (const invalid of ['bottom', 'left', '']) {
    const {errors} = await place(invalid);
    expect(errors.join(' '), invalid).toContain(`The \`panelPlacement\` value "${invalid}" is not valid.`);
  }
});

test.describe('index load failures', () => {
  for (const [name, fail] of [
    ['answers 500', (route: Route) => route.fulfill({status: 500, body: 'Internal Server Error'})],
    ['is aborted', (route: Route) => route.abort('failed')],
  ] as const) {
    test(`an index that ${name} counts as empty: "No results found." and no error`, async ({page, problems}) => {
      allowIndexFailures(problems);
      const pageErrors: string[] = [];
      page.on('pageerror', (e) => pageErrors.push(e.message));
      await page.route(INDEX_URL, fail);
      await page.goto('/webhooks/overview');
      await search(page, 'webhook');
      await expect(overlay(page)).toContainText('No results found.');
      await expect(overlay(page)).not.toContainText(/error|failed/i);
      await expect(page.locator('main')).not.toContainText(/This page crashed|Retry/);
      expect(pageErrors).toEqual([]);
    });
  }

  test('one failing index leaves the others searchable', async ({page, problems}) => {
    allowIndexFailures(problems);
    await page.route('**/search-index-docs-api-current.json', (route) => route.fulfill({status: 500, body: ''}));
    await page.goto('/');
    await search(page, 'webhook');
    await expect(items(page).first()).toBeVisible();
    for (const href of await hrefs(page)) expect(href).not.toMatch(/^\/api\//);
  });
});

test('a slow index shows the spinner 300 ms after the keystroke, until the results come', async ({page, problems}) => {
  // The index answers are held until the spinner has shown: an index as slow as it takes.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(INDEX_URL, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/');
  await openPanel(page);
  const spinner = overlay(page).locator('.aa-LoadingIndicator');
  await expect(spinner).toBeHidden();
  // Times taken in the page: the input event, then the moment the spinner shows.
  await page.evaluate(() => {
    const times: NonNullable<TimedWindow['__search']> = {};
    (window as TimedWindow).__search = times;
    const indicator = document.querySelector('.aa-DetachedOverlay .aa-LoadingIndicator') as HTMLElement;
    // The event's own time stamp: autocomplete-js handles the input (and starts its 300 ms clock)
    // before this listener runs, so the listener's performance.now() could be a little late.
    document
      .querySelector('.aa-DetachedOverlay input')!
      .addEventListener('input', (e) => (times.input ??= e.timeStamp));
    new MutationObserver(() => {
      if (!indicator.hidden) times.spinner ??= performance.now();
    }).observe(indicator, {attributes: true});
  });
  await page.keyboard.type('w');
  await expect(spinner).toBeVisible();
  const {input: typed, spinner: shown} = await page.evaluate(() => (window as TimedWindow).__search!);
  // Not before the 300 ms (the event's time stamp and performance.now() share one clock).
  expect(shown! - typed!).toBeGreaterThanOrEqual(299);
  release();
  await expect(items(page).first()).toBeVisible({timeout: 10_000});
  await expect(spinner).toBeHidden();
  expect(problems.consoleErrors).toEqual([]);
});

test('2,000 pasted characters keep the first 512', async ({page, context, problems}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/');
  const text = 'webhook '.repeat(250);
  expect(text).toHaveLength(2000);
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await openPanel(page);
  await page.keyboard.press('ControlOrMeta+V');
  await expect(input(page)).toHaveValue(text.slice(0, 512));
  await expect(input(page)).toHaveAttribute('maxlength', '512');
  await expect(items(page).first()).toBeVisible();
  expect(problems.consoleErrors).toEqual([]);
});

test('a query holding HTML shows as text and runs nothing', async ({page, problems}) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto('/');
  const query = `<img src=x onerror="window.__pwned=1;alert(1)"><script>window.__pwned=2</script><b>webhook</b>`;
  await openPanel(page);
  await input(page).pressSequentially(query);
  await expect(input(page)).toHaveValue(query);
  await expect(overlay(page).locator('.aa-Item, .aa-SourceNoResults, .aa-ItemContent').first()).toBeVisible();
  await expect(overlay(page).locator('img, script, b')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(overlay(page)).toHaveCount(0);
  await expect(page.locator('.aa-DetachedSearchButtonQuery')).toHaveText(query);
  await expect(page.locator('.aa-DetachedSearchButton img, .aa-DetachedSearchButton script')).toHaveCount(0);
  expect(await page.evaluate(() => (window as ProbedWindow).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
  expect(problems.consoleErrors).toEqual([]);
});

test.describe('keyboard', () => {
  for (const route of ['/', '/webhooks/signature-verification', '/api/find-invoice-by-id']) {
    test(`Ctrl+K, Cmd+K and "/" open the panel on ${route}`, async ({page, problems}) => {
      await page.goto(route);
      // The button is drawn once the page is interactive; the API pages take longest.
      await expect(searchButton(page)).toBeVisible({timeout: 15_000});
      for (const key of ['Control+k', 'Meta+k', '/']) {
        await page.keyboard.press(key);
        await expect(overlay(page), key).toBeVisible();
        await expect(input(page), key).toBeFocused();
        await expect(input(page), key).toHaveValue('');
        await page.keyboard.press('Escape');
        await expect(overlay(page), key).toHaveCount(0);
      }
      expect(problems.consoleErrors).toEqual([]);
    });
  }

  test('the keys type as usual while the person types into a field', async ({page, problems}) => {
    await page.goto('/api/find-invoice-by-id');
    await openExplorer(page);
    const field = explorer(page).getByLabel('invoiceId');
    await field.fill('');
    await page.keyboard.type('a/b');
    await expect(field).toHaveValue('a/b');
    await page.keyboard.press('Control+k');
    await expect(overlay(page)).toHaveCount(0);
    await expect(field).toBeFocused();
    expect(problems.consoleErrors).toEqual([]);
  });

  test('Escape closes the panel and returns focus to where it was', async ({page, problems}) => {
    await page.goto('/webhooks/overview');
    const link = page.locator('article a[href="/webhooks/failure-recovery"]').first();
    await link.focus();
    // With results showing.
    await page.keyboard.press('Control+k');
    await expect(input(page)).toBeFocused();
    await page.keyboard.type('retry');
    await expect(items(page).first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(overlay(page)).toHaveCount(0);
    await expect(link).toBeFocused();
    // On an empty query, where autocomplete-js alone keeps the panel open.
    await page.keyboard.press('/');
    await expect(input(page)).toBeFocused();
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Escape');
    await expect(overlay(page)).toHaveCount(0);
    await expect(link).toBeFocused();
    // Opened with the search button: focus returns to the button.
    await searchButton(page).click();
    await page.keyboard.press('Escape');
    await expect(overlay(page)).toHaveCount(0);
    await expect(searchButton(page)).toBeFocused();
    expect(problems.consoleErrors).toEqual([]);
  });
});
