/**
 * Every link the MCP server gives, or a page of the build holds, opens in read_page: every heading
 * id of every built page, every link from a page or its Markdown twin to a page of the site (both
 * as `/x#a` and `/x.md#a`), every route search_docs gives for varied queries (every page of
 * results), and every route lookup_error gives for every error code. The functions are called
 * in-process, as the server calls them. Needs `npm run build`.
 */
import path from 'node:path';
import {describe, expect, test} from 'vitest';
import {buildTargets, CrawledBuild, lookupErrorRoutes, searchRoutes, unopened} from '../read-page-targets';

const BUILD = path.resolve(__dirname, '../../build');
const site = new CrawledBuild(BUILD);
const {headings, links} = buildTargets(BUILD);

/** Guides, API pages, error codes, field names, webhook words and other APIs' words. */
const QUERIES = [
  'receive a payment',
  'idempotency key',
  '429',
  'verify webhook signature',
  'amount.currency',
  'INSUFFICIENT_FUNDS',
  'refresh token',
  'pagination',
  'payout',
  'lightning invoice expired',
  'webhook retry schedule',
  'sandbox clock',
  'exchange rate',
  'delete subscription',
  'webhookUrl',
  'error codes',
  'scopes for each operation',
  'breaking changes',
  'bank account',
  'dead letter',
];

/** What failed, one line each, for the failure message. */
const report = (failures: string[]) =>
  `${failures.length} routes do not open:\n${failures.slice(0, 60).join('\n')}${failures.length > 60 ? `\n… and ${failures.length - 60} more` : ''}`;

describe('read_page opens every link', () => {
  test('every heading id of every built page, as /x#id and /x.md#id', () => {
    // Every page has headings; the API pages a heading per response status.
    expect(headings.length).toBeGreaterThan(1000);
    expect(headings.map((h) => h.route)).toContain('/api/issue-invoice#response-422');
    const failures = unopened(site, headings);
    expect(failures, report(failures)).toEqual([]);
  });

  test('every link from a page or its twin to a page of the site, in both forms', () => {
    expect(links.map((l) => l.route)).toEqual(expect.arrayContaining(['/index.md#idempotency', '/#idempotency']));
    const failures = unopened(site, links);
    expect(failures, report(failures)).toEqual([]);
  });

  test('every route search_docs gives for 20 queries, every page of results', async () => {
    const routes = await searchRoutes(site, QUERIES);
    expect(routes.length).toBeGreaterThan(QUERIES.length * 8);
    const failures = unopened(site, routes);
    expect(failures, report(failures)).toEqual([]);
  });

  test('every route lookup_error gives, for every error code of the definition', async () => {
    const {codes, targets} = await lookupErrorRoutes();
    expect(codes).toBeGreaterThan(0);
    // Each answer names its catalogue row.
    expect(targets.filter((t) => /#error-[A-Z_]+$/.test(t.route))).toHaveLength(codes);
    const failures = unopened(site, targets);
    expect(failures, report(failures)).toEqual([]);
  });
});
