/**
 * An assistant's session, as one test, through `npm run --silent mcp` and the SDK's client: find
 * the walkthrough and read it; look the operation up and issue an invoice and its quote in the
 * sandbox; subscribe a receiver on this machine and move the clock so the invoice is paid; then the
 * delivery log shows the signed `invoice.updated` delivery, and the receiver verified that very
 * signature with the example verifier the guides embed. Needs `npm run build`.
 */
import {createServer, type Server} from 'node:http';
import {afterAll, beforeAll, expect, test} from 'vitest';
import {verifyKestrelSignature} from '../../examples/webhooks/node/verify-signature';
import {listenOnFreePort} from '../../tooling/ports.mjs';
import {waitFor} from '../unit/sandbox-process';
import {startMcp, type McpSession} from '../mcp-client';

const SECRET = 'whsec_assistant_flow_0123456789';

let mcp: McpSession;
let receiver: Server;
let receiverUrl: string;
/** Each delivery the receiver verified: its event and the signature header it carried. */
const verified: {eventType: string; id: string; signature: string}[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const signature = String(req.headers['kestrel-signature']);
      try {
        verifyKestrelSignature(raw, signature, SECRET);
      } catch {
        res.writeHead(400).end();
        return;
      }
      const event = JSON.parse(raw.toString('utf8'));
      verified.push({eventType: event.eventType, id: event.id, signature});
      res.writeHead(200).end();
    });
  });
  receiverUrl = `${await listenOnFreePort(receiver)}/kestrel/webhooks`;
  mcp = await startMcp({args: ['--own-sandbox']});
});

afterAll(async () => {
  await mcp?.close();
  receiver?.close();
});

const json = (text: string) => JSON.parse(text);

test('search, read, look up, issue an invoice and its quote, subscribe, move the clock, see the signed delivery', async () => {
  // 1. Search "receive a payment", then read the walkthrough.
  const search = await mcp.call('search_docs', {query: 'receive a payment'});
  const routes = (search.structured!.results as {route: string}[]).map((r) => r.route);
  const walkthrough = routes.find((r) => r.startsWith('/walkthrough/receiving-payments'));
  expect(walkthrough, routes.join(', ')).toBeDefined();
  const page = await mcp.call('read_page', {route: walkthrough!});
  expect(page.isError).toBe(false);
  expect(page.text).toContain('POST /invoices/{invoiceId}/quote');

  // 2. get_operation issue-invoice, then issue an invoice and its quote.
  const operation = await mcp.call('get_operation', {slug: 'issue-invoice'});
  expect(operation.text).toContain('`POST /invoices`');
  const invoice = json(
    (
      await mcp.call('sandbox_request', {
        method: 'POST',
        path: '/invoices',
        idempotencyKey: 'flow-invoice',
        body: {amount: {currency: 'USD', amount: '25.00'}, description: 'Assistant flow'},
      })
    ).text,
  );
  expect(invoice.status).toBe(201);
  const quote = json(
    (
      await mcp.call('sandbox_request', {
        method: 'POST',
        path: `/invoices/${invoice.body.id}/quote`,
        idempotencyKey: 'flow-quote',
      })
    ).text,
  );
  expect(quote.status, JSON.stringify(quote.body)).toBe(201);

  // 3. Subscribe a local receiver, then move the clock past the simulated payment.
  const subscription = json(
    (
      await mcp.call('sandbox_request', {
        method: 'POST',
        path: '/subscriptions',
        idempotencyKey: 'flow-subscription',
        body: {webhookUrl: receiverUrl, webhookVersion: '2025-06-01', secret: SECRET, eventTypes: ['invoice.updated']},
      })
    ).text,
  ).body;
  const clock = await mcp.call('sandbox_advance_clock', {seconds: 15});
  expect(clock.isError).toBe(false);

  // 4. The delivery log shows the signed invoice.updated delivery, which the receiver verified.
  const delivered = await waitFor('a successful invoice.updated delivery in the log', async () => {
    const log = json((await mcp.call('sandbox_deliveries', {subscriptionId: subscription.id})).text);
    return (log.items as Record<string, unknown>[]).find((d) => d.eventType === 'invoice.updated' && d.succeeded);
  });
  expect(delivered).toMatchObject({
    url: receiverUrl,
    responseStatus: 200,
    attempt: 1,
    error: null,
    nextAttempt: null,
    test: false,
  });
  expect(delivered.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  expect(delivered.latencyMs).toEqual(expect.any(Number));
  expect(verified).toContainEqual({
    eventType: 'invoice.updated',
    id: delivered.eventId,
    signature: delivered.signature,
  });
  const paid = json((await mcp.call('sandbox_request', {method: 'GET', path: `/invoices/${invoice.body.id}`})).text);
  expect(paid.body.status).toBe('PAID');
  // The event's own record of the delivery is made from the same log entry.
  const event = json(
    (await mcp.call('sandbox_request', {method: 'GET', path: `/events/${delivered.eventId}`})).text,
  ).body;
  expect(event.deliveries).toContainEqual({
    subscriptionId: subscription.id,
    status: 'SUCCEEDED',
    attempts: 1,
    lastAttempt: delivered.attemptedAt,
    lastResponseStatus: 200,
    nextAttempt: null,
  });
});
