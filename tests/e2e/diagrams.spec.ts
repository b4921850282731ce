/**
 * Diagrams are SVGs drawn before the build (scripts/render-diagrams.mjs): a guide shows them as
 * images with their text alternative and reserved size, and ships no diagram code at all.
 */
import {readFileSync} from 'node:fs';
import {gzipSync} from 'node:zlib';
import type {Browser} from '@playwright/test';
import {test, expect, expectDiagramsShown} from './fixtures';
import {MANIFEST_FILE, altText} from '../../plugins/diagrams/diagrams-shared.mjs';

type Entry = {width: number; height: number; title: string; description: string};
const manifest = JSON.parse(readFileSync(MANIFEST_FILE, 'utf8')) as {diagrams: Record<string, Entry>};
const WEBHOOKS = manifest.diagrams['webhooks-overview-1']!;

test('a guide shows its diagram as an image: text alternative, size reserved before it loads, then drawn', async ({
  page,
  problems,
}) => {
  await page.goto('/webhooks/overview');
  const image = page.locator('figure[data-llms-mermaid] img');
  await expect(image).toHaveCount(1);
  await expect(image).toHaveAttribute('alt', altText(WEBHOOKS));
  await expect(image).toHaveAttribute('loading', 'lazy');
  await expect(image).toHaveAttribute('width', String(WEBHOOKS.width));
  await expect(image).toHaveAttribute('height', String(WEBHOOKS.height));
  // The box has the drawing's proportions before a byte of it arrives, and keeps them.
  const ratio = () => image.evaluate((img) => img.getBoundingClientRect().height / img.getBoundingClientRect().width);
  expect(await ratio()).toBeCloseTo(WEBHOOKS.height / WEBHOOKS.width, 2);
  expect(await expectDiagramsShown(page)).toEqual(['/img/diagrams/webhooks-overview-1.svg']);
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(WEBHOOKS.width);
  expect(await ratio()).toBeCloseTo(WEBHOOKS.height / WEBHOOKS.width, 2);
  void problems;
});

test('every committed diagram decodes in the browser at its stated size, under the site CSP', async ({
  page,
  problems,
}) => {
  await page.goto('/webhooks/overview');
  const sizes = await page.evaluate(async (names) => {
    const out: Record<string, [number, number]> = {};
    for (const name of names) {
      const img = new Image();
      img.src = `/img/diagrams/${name}.svg`;
      await img.decode();
      out[name] = [img.naturalWidth, img.naturalHeight];
    }
    return out;
  }, Object.keys(manifest.diagrams));
  expect(sizes).toEqual(
    Object.fromEntries(Object.entries(manifest.diagrams).map(([name, d]) => [name, [d.width, d.height]])),
  );
  void problems;
});

/**
 * Script path → gzip bytes of the scripts a first visit to `route` runs (not the chunks of linked
 * pages it prefetches, which depend on the links in view), in a fresh context, scrolled to the end.
 */
async function firstVisitScripts(browser: Browser, origin: string, route: string): Promise<Map<string, number>> {
  const context = await browser.newContext();
  await context.route(
    (url) => url.origin !== origin,
    (r) => r.abort('blockedbyclient'),
  );
  const page = await context.newPage();
  const scripts = new Set<string>();
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.origin === origin && req.resourceType() === 'script') scripts.add(url.pathname);
  });
  await page.goto(origin + route, {waitUntil: 'networkidle'});
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState('networkidle');
  await context.close();
  return new Map([...scripts].map((p) => [p, gzipSync(readFileSync(`build${p}`), {level: 9}).length]));
}

test('a guide with a diagram loads no more script than one without: no mermaid code', async ({browser, baseURL}) => {
  const origin = new URL(baseURL!).origin;
  const plain = await firstVisitScripts(browser, origin, '/rate-limits/');
  const withDiagram = await firstVisitScripts(browser, origin, '/webhooks/overview');
  const extra = [...withDiagram].filter(([p]) => !plain.has(p));
  // At most the page's own content chunk, a few KiB; mermaid in the browser was about 190 KiB gzip.
  expect(
    extra.reduce((sum, [, gzip]) => sum + gzip, 0),
    extra.map(([p]) => p).join(', '),
  ).toBeLessThan(12 * 1024);
  for (const p of withDiagram.keys()) expect(readFileSync(`build${p}`, 'utf8'), p).not.toContain('mermaidAPI');
});
