/**
 * The site built with its definition ten times ours (bench/scale-build.mjs, in a temporary copy:
 * the checkout's build/ and api/ are not touched), checked for what only shows at that size:
 *
 * - the build's memory (bench/memory-budget.mjs): its peak against the figure measured on this
 *   machine. What grows a build's memory grows with its pages (the page data each bundles, what
 *   the renderer or a postBuild step holds across pages), so ten times ours shows it where one
 *   times hides it in the runtime's own;
 * - the API sidebar past its open limit (config/api-sidebar.ts): a page carries its own group's
 *   links and one link per other group, each group page lists its operations, and /api lists them
 *   all, so every operation is still reached by a link.
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {MEMORY_BUDGET, memoryLimitBytes} from '../../bench/memory-budget.mjs';
import {buildScaled} from '../../bench/scale-build.mjs';
import {API_SIDEBAR, groupPageSlug} from '../../config/api-sidebar.ts';
import {loadDefinition} from '../../definition/index.ts';

const GIB = 2 ** 30;
const gib = (bytes: number) => `${(bytes / GIB).toFixed(2)} GiB`;

type Built = Awaited<ReturnType<typeof buildScaled>>;

describe(`npm run build with the definition ${MEMORY_BUDGET.times} times ours`, () => {
  let built: Built;
  beforeAll(async () => {
    built = await buildScaled({times: MEMORY_BUDGET.times, log: () => {}});
  }, 600_000);
  afterAll(() => built?.remove());

  it(`peaks at most ${MEMORY_BUDGET.headroom * 100} % above the ${MEMORY_BUDGET.measuredGiB} GiB measured`, () => {
    const limit = memoryLimitBytes();
    console.log(
      `memory budget: ${built.operations} operations, peak ${gib(built.peakBytes)} ` +
        `(gen-api ${gib(Math.max(built.bundled.peakBytes, built.generated.peakBytes))}, site build ${gib(built.built.peakBytes)}); ` +
        `measured ${MEMORY_BUDGET.measuredGiB} GiB, limit ${gib(limit)}; ${built.seconds.toFixed(0)} s`,
    );
    // A measure of a build that made its pages: one folder per operation under api/ (and more,
    // for the webhooks and the introduction).
    const apiPages = readdirSync(path.join(built.site, 'build', 'api'), {withFileTypes: true}).filter((e) =>
      e.isDirectory(),
    );
    expect(built.operations % MEMORY_BUDGET.times).toBe(0);
    expect(apiPages.length).toBeGreaterThan(built.operations);
    expect(built.peakBytes, `peak ${gib(built.peakBytes)}, limit ${gib(limit)}`).toBeLessThanOrEqual(limit);
  });

  describe(`past ${API_SIDEBAR.openLimit} operations, the API sidebar`, () => {
    const html = (route: string) =>
      readFileSync(path.join(built.site, 'build', ...route.split('/').filter(Boolean), 'index.html'), 'utf8');
    /** The `/api/…` routes a page links to (the minified HTML leaves most attributes unquoted). */
    const apiLinks = (route: string) =>
      new Set(
        [...html(route).matchAll(/<a\b[^>]*?\bhref=(?:"([^"]*)"|([^\s>]+))/g)]
          .map((m) => (m[1] ?? m[2] ?? '').split('#')[0]!.replace(/\/$/, ''))
          .filter((href) => href.startsWith('/api/')),
      );
    const groups = () => {
      const model = loadDefinition(path.join(built.site, 'static', 'openapi.json'));
      return model.groups
        .filter((group) => group.slugs.length > 0)
        .map((group) => ({
          name: group.name,
          page: `/api${groupPageSlug(group.name)}`,
          routes: group.slugs.map((slug) => `/api/${slug}`),
        }));
    };

    it('draws a page with only its own group open and a link to each other group page', () => {
      const all = groups();
      expect(built.operations).toBeGreaterThan(API_SIDEBAR.openLimit);
      const own = all.find((g) => g.name === 'Invoices')!;
      const page = own.routes.at(-1)!;
      const links = apiLinks(page);
      for (const route of own.routes) expect(links, `${page} links ${route}`).toContain(route);
      for (const group of all) expect(links, `${page} links ${group.page}`).toContain(group.page);
      const others = all.filter((g) => g !== own).flatMap((g) => g.routes);
      expect(others.filter((route) => links.has(route))).toEqual([]);
    });

    it("lists each group's operations on its group page, and every operation on /api", () => {
      const all = groups();
      for (const group of all) {
        const links = apiLinks(group.page);
        expect(
          group.routes.filter((route) => !links.has(route)),
          `missing from ${group.page}`,
        ).toEqual([]);
      }
      const index = apiLinks('/api');
      expect(all.flatMap((g) => g.routes).filter((route) => !index.has(route))).toEqual([]);
    });
  });
});
