/**
 * Which sandbox the MCP server's sandbox tools call: a sandbox that answers at the default address
 * is used (and never reset); with none there, the server starts its own on the loopback, which it
 * can reset; KESTREL_SANDBOX_URL off the loopback is refused before anything is sent.
 */
import type {AddressInfo} from 'node:net';
import {afterAll, expect, test} from 'vitest';
import {SandboxConnection, SandboxError} from '../../mcp/sandbox-connection';
import {Definition} from '../../sandbox/definition';
import {createSandbox} from '../../sandbox/start';
import {freePort} from '../../tooling/ports.mjs';
import {loadBundledDefinition} from './openapi-definition';

const log = () => {};
const running = createSandbox(new Definition(loadBundledDefinition()), {rateLimit: false});
afterAll(() => running.server.close());

test('uses a sandbox that answers at the default address, and refuses to reset it', async () => {
  await new Promise<void>((resolve) => running.server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(running.server.address() as AddressInfo).port}/v1`;
  const connection = new SandboxConnection({defaultUrl: url, log});
  expect(await connection.target()).toEqual({base: url, origin: new URL(url).origin, owned: false});
  await expect(connection.reset()).rejects.toThrow(/was not started by this MCP server/);
});

test('KESTREL_SANDBOX_URL given as an origin, without /v1, calls the API under /v1', async () => {
  if (!running.server.listening) await new Promise<void>((resolve) => running.server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(running.server.address() as AddressInfo).port}`;
  for (const url of [origin, `${origin}/`]) {
    const connection = new SandboxConnection({url, log});
    expect(await connection.target()).toEqual({base: `${origin}/v1`, origin, owned: false});
  }
  const answer = await fetch(`${origin}/v1/invoices`, {headers: {Authorization: 'Bearer t'}});
  expect(answer.status).toBe(200);
});

test('with nothing at the default address, starts its own on the loopback; reset gives a fresh one on the same port', async () => {
  const connection = new SandboxConnection({defaultUrl: `http://127.0.0.1:${await freePort()}/v1`, log});
  try {
    const own = await connection.target();
    expect(own.owned).toBe(true);
    expect(own.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const created = await fetch(`${own.base}/invoices`, {
      method: 'POST',
      headers: {Authorization: 'Bearer t', 'Content-Type': 'application/json', 'Idempotency-Key': 'k1'},
      body: JSON.stringify({amount: {currency: 'USD', amount: '1.00'}}),
    });
    expect(created.status).toBe(201);
    const fresh = await connection.reset();
    expect(fresh.base).toBe(own.base);
    const list = await (await fetch(`${fresh.base}/invoices`, {headers: {Authorization: 'Bearer t'}})).json();
    expect(list.items).toEqual([]);
  } finally {
    await connection.close();
  }
});

test('KESTREL_SANDBOX_URL off the loopback is refused, naming it', async () => {
  const connection = new SandboxConnection({url: 'https://api.sandbox.kestrel.example/v1', log});
  const error = await connection.target().catch((e: unknown) => e);
  expect(error).toBeInstanceOf(SandboxError);
  expect((error as Error).message).toMatch(
    /^KESTREL_SANDBOX_URL=https:\/\/api\.sandbox\.kestrel\.example\/v1 is refused: /,
  );
});
