/**
 * The JavaScript budgets: gzip bytes of the scripts a first visit loads, per page type.
 * Shared by the byte-budget browser tests (tests/e2e/page-visit.spec.ts, tests/e2e/budgets.spec.ts) and `npm run bench`.
 *
 * What counts: every script the page itself loads from our origin, including chunks it loads
 * after hydration. What does not: chunks of *other* pages that Docusaurus prefetches when their
 * links scroll into view (`<link rel="prefetch">`, sent with `Sec-Purpose: prefetch`, idle
 * priority, skipped on slow 2g and with data saver); the bench prints them separately.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {gzipSync} from 'node:zlib';

export const KIB = 1024;

export const BUDGETS = {
  home: {label: '`/`', kib: 200, sample: '/'},
  guide: {label: 'a guide without a diagram', kib: 220, sample: '/rate-limits/'},
  guideWithDiagram: {label: 'a guide with a diagram', kib: 300, sample: '/webhooks/overview'},
  apiIntroduction: {label: '`/api/introduction`', kib: 300, sample: '/api/introduction'},
  operation: {label: 'an operation page', kib: 400, sample: '/api/issue-invoice'},
};

/** @typedef {{prefetch: boolean, gzip: number}} ScriptWeight */

/**
 * Sums the gzip sizes of the scripts a page loaded itself (not prefetched for other pages).
 * @param {ScriptWeight[]} scripts
 */
export function ownBytes(scripts) {
  return scripts.filter((s) => !s.prefetch).reduce((sum, s) => sum + s.gzip, 0);
}

/** @param {ScriptWeight[]} scripts */
export function prefetchBytes(scripts) {
  return scripts.filter((s) => s.prefetch).reduce((sum, s) => sum + s.gzip, 0);
}

/**
 * Whether a built page shows a diagram (each leaves its source in data-llms-mermaid): what makes a
 * guide "a guide with a diagram" for its budget.
 * @param {string} route
 */
export function builtPageHasDiagram(route, buildDir = 'build') {
  return readFileSync(path.join(buildDir, route, 'index.html'), 'utf8').includes('data-llms-mermaid');
}

/**
 * An API page's HTML, gzip: it now holds every parameter, field, example and code sample, and a
 * phone downloads and parses it before anything shows.
 */
export const API_PAGE_HTML_BUDGET = {label: "an operation or webhook page's HTML", kib: 60};

/**
 * Gzip bytes of a built page's HTML, at level 9 as scripts/serve-build.mjs serves it.
 * @param {string} route
 */
export function htmlGzipBytes(route, buildDir = 'build') {
  return gzipSync(readFileSync(path.join(buildDir, route, 'index.html')), {level: 9}).length;
}
