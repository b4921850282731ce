/**
 * A sandbox in this test's process and a webhook receiver beside it, each on a free loopback port,
 * for suites that read what the sandbox answers while deliveries go out. `call` sends a request
 * (API or `/_sandbox/` control) with a sandbox token and answers the status and the JSON body.
 */
import http from 'node:http';
import {Definition} from '../../sandbox/definition';
import {createSandbox, type SandboxSettings} from '../../sandbox/start';
import {listenOnFreePort} from '../../tooling/ports.mjs';
import {loadBundledDefinition} from './openapi-definition';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are read field by field

/** What the receiver does with a delivery: its raw body, and the answer to write (or hold). */
export type OnDelivery = (body: string, res: http.ServerResponse) => void;

export function sandboxWithReceiver(settings: SandboxSettings, onDelivery: OnDelivery) {
  const sandbox = createSandbox(new Definition(loadBundledDefinition()), settings);
  const receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c));
    req.on('end', () => onDelivery(body, res));
  });
  let origin = '';
  let hook = '';
  return {
    start: async () => {
      origin = await listenOnFreePort(sandbox.server);
      hook = `${await listenOnFreePort(receiver)}/hook`;
    },
    stop: async () => {
      for (const server of [sandbox.server, receiver]) {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    },
    /** The receiver's URL, for a subscription's webhookUrl. */
    hook: () => hook,
    call: async (method: string, path: string, body?: unknown, key?: string): Promise<{status: number; body: Json}> => {
      const res = await fetch(`${origin}${path}`, {
        method,
        headers: {
          Authorization: 'Bearer sk_sandbox_test',
          'Content-Type': 'application/json',
          ...(key && {'Idempotency-Key': key}),
        },
        ...(body !== undefined && {body: JSON.stringify(body)}),
      });
      return {status: res.status, body: (await res.json()) as Json};
    },
  };
}
