/**
 * The MCP server over stdio, through `npm run --silent mcp` and the SDK's own client, on the
 * production build: the tools by their names with described schemas and read-only hints, each
 * tool's answer and its errors, bounded pages with cursors, resources, the prompt, and the round
 * trip (every route search_docs answers for the project's relevance queries opens with read_page).
 * Needs `npm run build`.
 */
import {readFileSync} from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {freePort, listenOnFreePort} from '../../tooling/ports.mjs';
import {ROOT, startMcp, type McpSession} from '../mcp-client';
import {RELEVANCE} from '../search-relevance-queries';
import {READ_TOOLS, WRITE_TOOLS} from '../mcp-tool-names';
import {SANDBOX_LIMIT} from '../../sandbox/rate-limit-figures.ts';

let mcp: McpSession;
beforeAll(async () => {
  mcp = await startMcp({args: ['--own-sandbox']});
});
afterAll(() => mcp?.close());

describe('tools', () => {
  test('are these by name, each field described, read-only ones hinted and the sandbox writes not', async () => {
    const {tools} = await mcp.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...READ_TOOLS, ...WRITE_TOOLS].sort());
    for (const tool of tools) {
      expect(tool.description, tool.name).toMatch(/\w{3,}/);
      const properties = (tool.inputSchema.properties ?? {}) as Record<string, {description?: string}>;
      for (const [field, schema] of Object.entries(properties))
        expect(schema.description, `${tool.name}.${field}`).toMatch(/\w{3,}/);
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(READ_TOOLS.includes(tool.name));
    }
  });

  test('search_docs answers titles, routes with anchors and snippets, 8 by default, paged by offset', async () => {
    const first = await mcp.call('search_docs', {query: 'verify webhook signature'});
    expect(first.isError).toBe(false);
    const results = first.structured!.results as {title: string; route: string; snippet: string}[];
    expect(results).toHaveLength(8);
    expect(results.some((r) => r.route.includes('#'))).toBe(true);
    for (const r of results) {
      expect(r.title).not.toBe('');
      expect(r.route).toMatch(/^\//);
      expect(r.snippet.length).toBeGreaterThan(20);
      expect(first.text).toContain(r.route);
    }
    expect(results.map((r) => r.route)).toContain('/webhooks/signature-verification');
    const a = (await mcp.call('search_docs', {query: 'verify webhook signature', limit: 4})).structured!;
    const b = (await mcp.call('search_docs', {query: 'verify webhook signature', limit: 4, offset: 4})).structured!;
    expect([...(a.results as {route: string}[]), ...(b.results as {route: string}[])].map((r) => r.route)).toEqual(
      results.map((r) => r.route),
    );
    expect(a.nextOffset).toBe(4);
    expect(a.total).toBe(first.structured!.total);
  });

  test('search_docs refuses a limit over 50, naming the field', async () => {
    const answer = await mcp.call('search_docs', {query: 'invoice', limit: 500});
    expect(answer.isError).toBe(true);
    expect(answer.text).toMatch(/limit/);
  });

  test('read_page reads a twin by route, with or without .md, and #anchor reads that section only', async () => {
    const twin = readFileSync(path.join(ROOT, 'build/rate-limits.md'), 'utf8');
    for (const route of ['/rate-limits/', '/rate-limits', '/rate-limits.md', 'rate-limits']) {
      const page = await mcp.call('read_page', {route});
      expect(page.isError, route).toBe(false);
      expect(page.text, route).toBe(twin);
    }
    const section = await mcp.call('read_page', {route: '/walkthrough/example-apps#receive-a-payment'});
    expect(section.text).toMatch(/^## Receive a payment\n/);
    expect(section.text).not.toContain('## Send a Lightning payment');
  });

  test('read_page answers a long page in parts with a cursor, and the parts make the page', async () => {
    const twin = readFileSync(path.join(ROOT, 'build/webhooks/signature-verification.md'), 'utf8');
    expect(twin.length).toBeGreaterThan(40_000);
    let cursor: string | undefined;
    let joined = '';
    let parts = 0;
    do {
      const page = await mcp.call('read_page', {route: '/webhooks/signature-verification', ...(cursor && {cursor})});
      expect(page.isError).toBe(false);
      parts++;
      cursor = page.structured!.nextCursor as string | undefined;
      joined += cursor ? page.text.slice(0, page.text.lastIndexOf('\n\n[part ')) : page.text;
      expect(page.text.length).toBeLessThanOrEqual(20_500);
    } while (cursor && parts < 10);
    expect(parts).toBeGreaterThan(1);
    expect(joined).toBe(twin);
  });

  test('read_page: an unknown route is an error naming the closest routes; a bad cursor or anchor says what to do', async () => {
    const unknown = await mcp.call('read_page', {route: '/walkthrough/receving-payments'});
    expect(unknown.isError).toBe(true);
    expect(unknown.text).toContain('/walkthrough/receiving-payments');
    const anchor = await mcp.call('read_page', {route: '/rate-limits/#no-such-section'});
    expect(anchor.isError).toBe(true);
    expect(anchor.text).toMatch(/#when-you-exceed-the-limit/);
    const cursor = await mcp.call('read_page', {route: '/rate-limits/', cursor: '999999'});
    expect(cursor.isError).toBe(true);
    expect(cursor.text).toMatch(/cursor/);
  });

  test('get_operation: fields with constraints, errors with their catalogue rows, a sample; by slug, operationId or method and path', async () => {
    const bySlug = await mcp.call('get_operation', {slug: 'issue-invoice'});
    expect(bySlug.isError).toBe(false);
    expect(bySlug.text).toContain('`POST /invoices`');
    expect(bySlug.text).toMatch(/`amount\.currency` \(required\): string.*one of "BTC"/);
    expect(bySlug.text).toMatch(/`VALIDATION_FAILED` \(422\): .*Retry: /);
    expect(bySlug.text).toMatch(/## Sample \(cURL\)\n\n```bash\n[\s\S]*\ncurl 'https:\/\/[^']+\/v1\/invoices'/);
    expect((await mcp.call('get_operation', {operationId: 'issueInvoice'})).text).toBe(bySlug.text);
    expect((await mcp.call('get_operation', {method: 'post', path: '/v1/invoices'})).text).toBe(bySlug.text);
    const python = await mcp.call('get_operation', {slug: 'find-invoice-by-id', language: 'python'});
    expect(python.text).toMatch(/```python\n[\s\S]*import requests/);
    const byPath = await mcp.call('get_operation', {
      method: 'GET',
      path: '/invoices/3f0c2a1e-1111-4222-8333-444455556666',
    });
    expect(byPath.text).toContain('operationId `findInvoiceById`');
  });

  test('get_operation: an unknown slug, language or nothing at all is an error that says what exists', async () => {
    const slug = await mcp.call('get_operation', {slug: 'isue-invoice'});
    expect(slug.isError).toBe(true);
    expect(slug.text).toMatch(/Closest: issue-invoice/);
    const language = await mcp.call('get_operation', {slug: 'issue-invoice', language: 'cobol'});
    expect(language.isError).toBe(true);
    expect(language.text).toContain('python');
    expect((await mcp.call('get_operation', {})).isError).toBe(true);
  });

  test('lookup_error: the catalogue row and the operations that answer it; an unknown code names the closest', async () => {
    const row = await mcp.call('lookup_error', {code: 'invoice_not_found'});
    expect(row.isError).toBe(false);
    expect(row.text).toMatch(/^`INVOICE_NOT_FOUND` \(404\): .+ Retry: .+ What to do: /);
    expect(row.text).toContain('GET /invoices/{invoiceId} (find-invoice-by-id)');
    const unknown = await mcp.call('lookup_error', {code: 'INVOICE_NOT_FOUN'});
    expect(unknown.isError).toBe(true);
    expect(unknown.text).toMatch(/Closest: INVOICE_NOT_FOUND/);
  });
});

describe('sandbox tools', () => {
  test('sandbox_request answers status, rate-limit headers, body; a retry with the same key is a replay', async () => {
    const body = {amount: {currency: 'USD', amount: '12.00'}, description: 'protocol test'};
    const first = JSON.parse(
      (await mcp.call('sandbox_request', {method: 'POST', path: '/invoices', body, idempotencyKey: 'mcp-protocol-1'}))
        .text,
    );
    expect(first.status).toBe(201);
    expect(first.headers['ratelimit-limit']).toBe(String(SANDBOX_LIMIT));
    expect(first.body.status).toBe('UNPAID');
    const again = JSON.parse(
      (
        await mcp.call('sandbox_request', {
          method: 'POST',
          path: '/v1/invoices',
          body,
          idempotencyKey: 'mcp-protocol-1',
        })
      ).text,
    );
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.id).toBe(first.body.id);
    const problem = JSON.parse((await mcp.call('sandbox_request', {method: 'GET', path: '/invoices/not-an-id'})).text);
    expect(problem.status).toBe(404);
    expect(problem.body.code).toBe('INVOICE_NOT_FOUND');
  });

  test('sandbox_request refuses a URL, or a Host header', async () => {
    const url = await mcp.call('sandbox_request', {method: 'GET', path: 'https://api.kestrel.example/v1/invoices'});
    expect(url.isError).toBe(true);
    expect(url.text).toMatch(/^Refused: https:\/\/api\.kestrel\.example\/v1\/invoices is a URL, not a path\./);
    const host = await mcp.call('sandbox_request', {
      method: 'GET',
      path: '/invoices',
      headers: {Host: 'api.kestrel.example'},
    });
    expect(host.isError).toBe(true);
    expect(host.text).toMatch(/Host/);
  });

  test('sandbox_send_test_event and sandbox_deliveries: the attempt is in the log; an unknown subscription is an error', async () => {
    const missing = await mcp.call('sandbox_send_test_event', {subscriptionId: '00000000-0000-4000-8000-000000000000'});
    expect(missing.isError).toBe(true);
    expect(missing.text).toContain('SUBSCRIPTION_NOT_FOUND');
    const subscription = (webhookUrl: string) => ({
      webhookUrl,
      webhookVersion: '2025-06-01',
      secret: 'whsec_protocol_0123456789',
      eventTypes: ['invoice.updated'],
    });
    // A webhook off the loopback is refused before the sandbox sees it (the server has no --remote-webhooks).
    const remote = await mcp.call('sandbox_request', {
      method: 'POST',
      path: '/subscriptions',
      idempotencyKey: 'mcp-protocol-sub-remote',
      body: subscription('https://hooks.example.com/kestrel'),
    });
    expect(remote.isError).toBe(true);
    expect(remote.text).toMatch(/^Refused: webhookUrl https:\/\/hooks\.example\.com\/kestrel: .*--remote-webhooks/);
    const received: {signature?: string}[] = [];
    const receiver = http.createServer((req, res) => {
      received.push({signature: req.headers['kestrel-signature'] as string | undefined});
      req.resume();
      res.writeHead(204).end();
    });
    const origin = await listenOnFreePort(receiver);
    try {
      const sub = JSON.parse(
        (
          await mcp.call('sandbox_request', {
            method: 'POST',
            path: '/subscriptions',
            idempotencyKey: 'mcp-protocol-sub',
            body: subscription(`${origin}/hook`),
          })
        ).text,
      ).body;
      const sent = JSON.parse((await mcp.call('sandbox_send_test_event', {subscriptionId: sub.id})).text);
      expect(sent.delivery.ok).toBe(true);
      expect(received).toHaveLength(1);
      const log = JSON.parse((await mcp.call('sandbox_deliveries', {subscriptionId: sub.id})).text);
      expect(log.total).toBe(1);
      expect(log.items[0]).toMatchObject({
        eventId: sent.event.id,
        test: true,
        attempt: 1,
        succeeded: true,
        signature: received[0]!.signature,
        url: `${origin}/hook`,
      });
    } finally {
      receiver.closeAllConnections();
      await new Promise((resolve) => receiver.close(resolve));
    }
  });

  test('sandbox_advance_clock moves the clock; sandbox_reset forgets every object', async () => {
    const before = JSON.parse((await mcp.call('sandbox_advance_clock', {seconds: 60})).text);
    expect(before.offsetSeconds).toBeGreaterThanOrEqual(60);
    const bad = await mcp.call('sandbox_advance_clock', {seconds: -5});
    expect(bad.isError).toBe(true);
    const reset = await mcp.call('sandbox_reset');
    expect(reset.isError).toBe(false);
    const list = JSON.parse((await mcp.call('sandbox_request', {method: 'GET', path: '/invoices'})).text);
    expect(list.body.items).toEqual([]);
    const clock = JSON.parse((await mcp.call('sandbox_advance_clock', {seconds: 0})).text);
    expect(clock.offsetSeconds).toBe(0);
  });

  test('with KESTREL_SANDBOX_URL where nothing answers, each sandbox tool is an error naming the URL; reset leaves it alone', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/v1`;
    const other = await startMcp({env: {KESTREL_SANDBOX_URL: url}});
    try {
      for (const [tool, args] of [
        ['sandbox_request', {method: 'GET', path: '/invoices'}],
        ['sandbox_deliveries', {}],
        ['sandbox_reset', {}],
      ] as const) {
        const answer = await other.call(tool, args);
        expect(answer.isError, tool).toBe(true);
        expect(answer.text, tool).toContain(`No sandbox answers at ${url} (KESTREL_SANDBOX_URL)`);
      }
    } finally {
      await other.close();
    }
  });
});

describe('resources and prompt', () => {
  test('every twin is a kestrel://docs resource, and the bundled definition is one too', async () => {
    const {resources} = await mcp.client.listResources();
    const uris = resources.map((r) => r.uri);
    const links = [...readFileSync(path.join(ROOT, 'build/llms.txt'), 'utf8').matchAll(/\]\(([^)\s]+\.md)\)/g)];
    expect(links.length).toBeGreaterThan(50);
    for (const [, link] of links) {
      const twin = new URL(link!, 'https://docs.kestrel.example').pathname;
      expect(uris, twin).toContain(`kestrel://docs${twin}`);
    }
    const page = await mcp.client.readResource({uri: 'kestrel://docs/api/issue-invoice.md'});
    expect((page.contents[0] as {text: string}).text).toBe(
      readFileSync(path.join(ROOT, 'build/api/issue-invoice.md'), 'utf8'),
    );
    const definition = await mcp.client.readResource({uri: 'kestrel://definition/openapi.json'});
    expect(JSON.parse((definition.contents[0] as {text: string}).text).openapi).toMatch(/^3\.1/);
  });

  test('the prompt points at the walkthroughs and the sandbox tools', async () => {
    const {prompts} = await mcp.client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(['integrate-kestrel-payments']);
    const prompt = await mcp.client.getPrompt({
      name: 'integrate-kestrel-payments',
      arguments: {goal: 'take payments in my shop'},
    });
    const text = (prompt.messages[0]!.content as {text: string}).text;
    expect(text).toContain('take payments in my shop');
    expect(text).toContain('/walkthrough/receiving-payments');
    expect(text).toMatch(/sandbox_request[\s\S]*sandbox_deliveries/);
  });
});

describe('round trip', () => {
  test('every route search_docs answers for the relevance queries opens with read_page', async () => {
    const routes = new Set<string>();
    for (const [query] of RELEVANCE) {
      const answer = await mcp.call('search_docs', {query});
      for (const r of answer.structured!.results as {route: string}[]) routes.add(r.route);
    }
    const failed: string[] = [];
    for (const route of routes) {
      const page = await mcp.call('read_page', {route});
      if (page.isError || page.text.trim() === '') failed.push(`${route}: ${page.text.slice(0, 200)}`);
    }
    console.log(
      `mcp round trip: ${routes.size - failed.length} of ${routes.size} routes from ${RELEVANCE.length} queries open`,
    );
    expect(routes.size).toBeGreaterThan(RELEVANCE.length);
    expect(failed).toEqual([]);
  }, 120_000);
});
