/**
 * sandbox_request reaches the sandbox's API base and nothing else: a full URL (even to another
 * loopback port), a `..` segment (also percent-encoded), a scheme-relative `//host` or a backslash
 * is refused before anything is sent, so the bearer token goes nowhere but the sandbox. A sandbox
 * started elsewhere (here: one with no loopback limit of its own) still gets no subscription whose
 * webhook leaves the loopback, by any spelling of the path or from a workflow's inputs, and no test
 * event to one, unless the server was started with --remote-webhooks.
 */
import http from 'node:http';
import {afterAll, beforeAll, expect, test} from 'vitest';
import {SandboxConnection} from '../../mcp/sandbox-connection';
import {Definition} from '../../sandbox/definition';
import {createSandbox} from '../../sandbox/start';
import {listenOnFreePort} from '../../tooling/ports.mjs';
import {smallBuild, toolsClient, type ToolsClient} from './mcp-tools-client';
import {loadBundledDefinition} from './openapi-definition';

const log = () => {};
const sandbox = createSandbox(new Definition(loadBundledDefinition()), {rateLimit: false});
const build = smallBuild();
/** Every request another server on the loopback receives, with its Authorization header. */
const elsewhere: {url: string; authorization?: string}[] = [];
const other = http.createServer((req, res) => {
  elsewhere.push({url: req.url ?? '', ...(req.headers.authorization && {authorization: req.headers.authorization})});
  res.writeHead(200, {'Content-Type': 'application/json'}).end('{}');
});
let base: string;
let otherOrigin: string;
let tools: ToolsClient;
let remoteTools: ToolsClient;

beforeAll(async () => {
  base = `${await listenOnFreePort(sandbox.server)}/v1`;
  otherOrigin = await listenOnFreePort(other);
  tools = await toolsClient(build.dir, new SandboxConnection({url: base, log}));
  remoteTools = await toolsClient(build.dir, new SandboxConnection({url: base, remoteWebhooks: true, log}));
});
afterAll(async () => {
  await tools.close();
  await remoteTools.close();
  sandbox.server.closeAllConnections();
  other.closeAllConnections();
  await Promise.all([
    new Promise((resolve) => sandbox.server.close(resolve)),
    new Promise((resolve) => other.close(resolve)),
  ]);
  build.remove();
});

const subscription = (webhookUrl: string) => ({
  webhookUrl,
  webhookVersion: '2025-06-01',
  secret: 'whsec_0123456789abcdef0123456789abcdef',
  eventTypes: ['invoice.updated'],
});

async function subscriptionUrls(): Promise<string[]> {
  const res = await fetch(`${base}/subscriptions`, {headers: {Authorization: 'Bearer sk_sandbox_mcp'}});
  const list = (await res.json()) as {items: {webhookUrl: string}[]};
  return list.items.map((s) => s.webhookUrl);
}

test('a path under the API base reaches the sandbox, with or without /v1', async () => {
  for (const path of ['/invoices?$top=1', '/v1/invoices?$top=1', 'invoices']) {
    const answer = await tools.call('sandbox_request', {method: 'GET', path});
    expect(answer.isError, path).toBe(false);
    expect(JSON.parse(answer.text).status, path).toBe(200);
  }
});

test("each answer names the sandbox's API base, for a receiver that fetches what an event names", async () => {
  for (const [tool, call] of [
    ['sandbox_get', {path: '/invoices?$top=1'}],
    ['sandbox_request', {method: 'GET', path: '/invoices?$top=1'}],
  ] as const) {
    const answer = await tools.call(tool, call);
    expect(JSON.parse(answer.text), tool).toMatchObject({sandbox: base, status: 200});
  }
});

test('refuses the full URL of a server on another loopback port, which receives nothing', async () => {
  for (const path of [`${otherOrigin}/v1/invoices`, `${otherOrigin}/steal`]) {
    const answer = await tools.call('sandbox_request', {method: 'GET', path});
    expect(answer.isError).toBe(true);
    expect(answer.text).toContain(`Refused: ${path} is a URL, not a path.`);
    expect(answer.text).toContain(`under the sandbox's API base ${base}`);
  }
  // The same server answers a request made directly, so a request from the tool would have shown here.
  await fetch(`${otherOrigin}/direct`);
  expect(elsewhere).toEqual([{url: '/direct'}]);
});

test('refuses a scheme-relative //host, a .. segment (also percent-encoded) and a backslash', async () => {
  const host = new URL(otherOrigin).host;
  const cases: [string, string][] = [
    [`//${host}/steal`, 'names a host (a scheme-relative URL)'],
    ['/../_sandbox/clock', 'has a "." or ".." segment'],
    ['/invoices/../../_sandbox/clock', 'has a "." or ".." segment'],
    ['/%2e%2E/_sandbox/clock', 'has a "." or ".." segment'],
    ['/./invoices', 'has a "." or ".." segment'],
    [`/\\\\${host}/steal`, 'has a backslash'],
  ];
  for (const [path, why] of cases) {
    const answer = await tools.call('sandbox_request', {method: 'GET', path});
    expect(answer.isError, path).toBe(true);
    expect(answer.text, path).toBe(
      `Refused: ${path} ${why}. sandbox_request takes a path under the sandbox's API base ${base}, such as /invoices or /events?$top=5, and calls nothing else.`,
    );
  }
  expect(elsewhere.filter((r) => r.url !== '/direct')).toEqual([]);
});

test('refuses to create or point a subscription at a host off the loopback; nothing is stored', async () => {
  for (const webhookUrl of [
    'https://127.attacker.example/hook',
    'https://localhost.evil.example/hook',
    'https://127.0.0.1.nip.io/hook',
  ]) {
    const answer = await tools.call('sandbox_request', {
      method: 'POST',
      path: '/subscriptions',
      body: subscription(webhookUrl),
      idempotencyKey: `sub-${webhookUrl}`,
    });
    expect(answer.isError, webhookUrl).toBe(true);
    expect(answer.text).toContain(`Refused: webhookUrl ${webhookUrl}: `);
    expect(answer.text).toContain('start the MCP server with --remote-webhooks');
  }
  expect(await subscriptionUrls()).toEqual([]);

  const created = await tools.call('sandbox_request', {
    method: 'POST',
    path: '/subscriptions',
    body: subscription(`${otherOrigin}/hook`),
    idempotencyKey: 'sub-loopback',
  });
  expect(JSON.parse(created.text).status).toBe(201);
  const {id} = JSON.parse(created.text).body as {id: string};
  const moved = await tools.call('sandbox_request', {
    method: 'PATCH',
    path: `/subscriptions/${id}`,
    body: {webhookUrl: 'https://127.attacker.example/hook'},
  });
  expect(moved.isError).toBe(true);
  expect(moved.text).toContain('Refused: webhookUrl https://127.attacker.example/hook: ');
  expect(await subscriptionUrls()).toEqual([`${otherOrigin}/hook`]);
});

test("refuses a webhook off the loopback whatever the path is spelled, and from a workflow's inputs", async () => {
  const webhookUrl = 'https://192.0.2.2:3477/hook';
  for (const path of ['/%73ubscriptions', '/v1/subscriptions', '/subscriptions/', '/%2Fsubscriptions']) {
    const answer = await tools.call('sandbox_request', {
      method: 'POST',
      path,
      body: subscription(webhookUrl),
      idempotencyKey: `spelled-${path}`,
    });
    expect(answer.isError, path).toBe(true);
    expect(answer.text, path).toContain(`Refused: webhookUrl ${webhookUrl}: `);
  }
  const run = await tools.call('run_workflow', {
    id: 'webhook-setup',
    inputs: {orderId: 'refused-webhook', webhookUrl},
  });
  expect(run.text).toMatch(/^webhook-setup failed at step subscribe /);
  expect(run.text).toContain(
    `FAIL subscribe: workflows/webhook-setup.arazzo.yaml, step subscribe (createSubscription): Refused: webhookUrl ${webhookUrl}: `,
  );
  expect((await subscriptionUrls()).filter((url) => !url.startsWith(otherOrigin))).toEqual([]);
});

test('refuses a test event to a subscription made elsewhere that points off the loopback', async () => {
  const res = await fetch(`${base}/subscriptions`, {
    method: 'POST',
    headers: {
      Authorization: 'Bearer sk_sandbox_mcp',
      'Content-Type': 'application/json',
      'Idempotency-Key': 'made-elsewhere',
    },
    body: JSON.stringify(subscription('https://localhost.evil.example/hook')),
  });
  expect(res.status).toBe(201);
  const {id} = (await res.json()) as {id: string};
  const answer = await tools.call('sandbox_send_test_event', {subscriptionId: id});
  expect(answer.isError).toBe(true);
  expect(answer.text).toContain('Refused: webhookUrl https://localhost.evil.example/hook: ');
  const log = await (await fetch(`${new URL(base).origin}/_sandbox/deliveries?subscriptionId=${id}`)).json();
  expect(log.items).toEqual([]);
});

test('with --remote-webhooks, a subscription to another host is created', async () => {
  const answer = await remoteTools.call('sandbox_request', {
    method: 'POST',
    path: '/subscriptions',
    body: subscription('https://hooks.example.com/kestrel'),
    idempotencyKey: 'sub-remote',
  });
  expect(answer.isError).toBe(false);
  expect(JSON.parse(answer.text).status).toBe(201);
  expect(await subscriptionUrls()).toContain('https://hooks.example.com/kestrel');
});

test('a test event goes to a loopback subscription; an unknown one is refused without sending', async () => {
  const missing = await tools.call('sandbox_send_test_event', {subscriptionId: '00000000-0000-4000-8000-000000000000'});
  expect(missing.isError).toBe(true);
  expect(missing.text).toMatch(/^GET \/subscriptions\/00000000-0000-4000-8000-000000000000 answered 404: /);
  expect(missing.text).toContain('SUBSCRIPTION_NOT_FOUND');
  expect(missing.text).toContain('No test event was sent');

  const [loopback] = (await subscriptionUrls()).filter((url) => url.startsWith(otherOrigin));
  expect(loopback).toBe(`${otherOrigin}/hook`);
  const res = await fetch(`${base}/subscriptions`, {headers: {Authorization: 'Bearer sk_sandbox_mcp'}});
  const {items} = (await res.json()) as {items: {id: string; webhookUrl: string}[]};
  const id = items.find((s) => s.webhookUrl === loopback)!.id;
  const sent = await tools.call('sandbox_send_test_event', {subscriptionId: id});
  expect(sent.isError).toBe(false);
  expect(JSON.parse(sent.text).delivery.ok).toBe(true);
  expect(elsewhere.map((r) => r.url)).toContain('/hook');
  // Nothing that reached the other server carried the bearer token.
  expect(elsewhere.filter((r) => r.authorization !== undefined)).toEqual([]);
});
