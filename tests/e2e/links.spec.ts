/**
 * No dead internal links on the served site: every page of build/sitemap.xml is fetched from the
 * server, every distinct link to our origin is requested once, and every #anchor must name an id
 * in the page it points to. (The build itself refuses broken links and anchors too:
 * tests/unit/broken-links.test.ts proves it.)
 */
import {test, expect} from '@playwright/test';
import {brand} from '../../config/brand';
import {sitemapRoutes} from '../built-files';

/** href values of <a> and <link rel=...> elements, entity-decoded. */
function hrefs(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<(?:a|area)\b[^>]*?\shref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)) {
    out.push((m[1] ?? m[2] ?? m[3] ?? '').replace(/&amp;/g, '&'));
  }
  return out;
}

/** Every id in a page (minified HTML may leave the value unquoted). */
function ids(html: string): Set<string> {
  const out = new Set<string>();
  for (const m of html.matchAll(/\sid\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)) out.add(m[1] ?? m[2] ?? m[3] ?? '');
  return out;
}

test('every internal link and anchor of every page resolves', async ({request, baseURL}) => {
  test.setTimeout(120_000);
  const portal = new URL(brand.portalUrl).origin;
  const pages = sitemapRoutes();
  expect(pages.length).toBeGreaterThan(70);

  const html = new Map<string, string>();
  const fetchPage = async (pathname: string): Promise<{status: number; body: string}> => {
    if (html.has(pathname)) return {status: 200, body: html.get(pathname)!};
    const response = await request.get(pathname, {maxRedirects: 0});
    const body = await response.text();
    if (response.status() === 200) html.set(pathname, body);
    return {status: response.status(), body};
  };

  // Links found on each page: target path -> anchors asked for, with the pages that link there.
  const targets = new Map<string, Map<string, Set<string>>>();
  for (const pathname of pages) {
    const {status, body} = await fetchPage(pathname);
    expect(status, `sitemap page ${pathname}`).toBe(200);
    for (const href of hrefs(body)) {
      if (/^(mailto|tel|javascript|data):/i.test(href)) continue;
      const url = new URL(href, new URL(pathname, baseURL));
      const ours = url.origin === new URL(baseURL!).origin || url.origin === portal;
      if (!ours) continue;
      const anchors = targets.get(url.pathname) ?? new Map<string, Set<string>>();
      targets.set(url.pathname, anchors);
      const anchor = decodeURIComponent(url.hash.slice(1));
      const from = anchors.get(anchor) ?? new Set<string>();
      from.add(pathname);
      anchors.set(anchor, from);
    }
  }
  expect(targets.size).toBeGreaterThan(70);

  const broken: string[] = [];
  for (const [target, anchors] of targets) {
    const linkedFrom = [...new Set([...anchors.values()].flatMap((s) => [...s]))].slice(0, 3).join(', ');
    const {status, body} = await fetchPage(target);
    if (status !== 200 || /<title[^>]*>Page Not Found/i.test(body)) {
      broken.push(`${target} answers ${status} (linked from ${linkedFrom})`);
      continue;
    }
    if (!/\.html?$|\/$|^\/[^.]*$/.test(target)) continue; // a file (openapi.yaml, ...): no anchors
    const pageIds = ids(body);
    for (const [anchor, from] of anchors) {
      if (anchor && !pageIds.has(anchor))
        broken.push(`${target}#${anchor} has no such id (linked from ${[...from].slice(0, 3).join(', ')})`);
    }
  }
  expect(broken).toEqual([]);
});
