/**
 * The quickstart of docs/sandbox.md, run as the page tells a reader to: the local sandbox, the
 * webhook receiver example (examples/webhooks/node/server.ts) and examples/sandbox/quickstart.sh.
 * The script must end with the invoice PAID, and the receiver must have verified the signed
 * deliveries and fetched the invoice they name.
 */
import {describe, it, expect, afterAll} from 'vitest';
import {spawn, type ChildProcess} from 'node:child_process';
import path from 'node:path';
import {ROOT} from './openapi-definition';
import {EXAMPLE_AMOUNTS} from '../../sandbox/test-inputs';
import {startSandbox, waitFor, type Sandbox} from './sandbox-process';
import {NODE_RECEIVER, startReceiver, tempDir, type RunningReceiver} from './webhook-receivers';

const SECRET = 'quickstart-secret-0123456789abcdef';
let sandbox: Sandbox | undefined;
let receiver: RunningReceiver | undefined;
// The receiver's event store, outside the repository.
const events = tempDir();

afterAll(async () => {
  receiver?.child.kill('SIGTERM');
  await sandbox?.stop('SIGTERM');
  events.remove();
});

function collect(child: ChildProcess): () => string {
  let out = '';
  child.stdout!.on('data', (c) => (out += c));
  child.stderr!.on('data', (c) => (out += c));
  return () => out;
}

describe('the local sandbox quickstart', () => {
  it('ends with the invoice PAID and the receiver having verified its webhooks', async () => {
    // --pay-after 1 instead of the default 10 s: the same steps, sooner.
    sandbox = await startSandbox(['--pay-after', '1']);
    const env = {
      ...process.env,
      KESTREL_API_BASE: sandbox.base,
      KESTREL_API_KEY: 'local-test-token',
      KESTREL_WEBHOOK_SECRET: SECRET,
    };
    receiver = await startReceiver(NODE_RECEIVER, events.dir, sandbox.base, {
      KESTREL_API_KEY: env.KESTREL_API_KEY,
      KESTREL_WEBHOOK_SECRET: SECRET,
    });
    const received = receiver.output;

    const script = spawn('bash', [path.join(ROOT, 'examples/sandbox/quickstart.sh'), receiver.url], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = collect(script);
    const code = await new Promise<number | null>((resolve) => script.once('exit', resolve));
    expect(code, output()).toBe(0);
    const id = /Invoice ([0-9a-f-]{36}) is UNPAID/.exec(output())?.[1];
    expect(id, output()).toBeDefined();
    expect(output()).toMatch(/^lntbs\d+n1p[02-9ac-hj-np-z]+$/m);
    // Each status once, in order: UNPAID, PENDING only if a read fell in its second, then PAID.
    const statuses = [...output().matchAll(new RegExp(`^Invoice ${id} is (\\w+)$`, 'gm'))].map((m) => m[1]);
    expect(
      [
        ['UNPAID', 'PAID'],
        ['UNPAID', 'PENDING', 'PAID'],
      ],
      output(),
    ).toContainEqual(statuses);
    // The receiver verified each delivery, then fetched the invoice: created, then updated for
    // PENDING and again for PAID, whichever statuses the script saw.
    await waitFor(
      'the verified PAID delivery',
      async () => /invoice\.updated [0-9a-f-]{36}[\s\S]*status: 'PAID'/.test(received()),
      15_000,
    );
    expect(received()).toContain(`invoice.created ${id}`);
    await waitFor(
      'both invoice.updated deliveries',
      async () => received().split(`invoice.updated ${id}`).length - 1 === 2,
      15_000,
    );
    expect(received()).not.toMatch(/SIGNATURE_MISMATCH|failed/);
  });
});

describe('the clock script of the guide', () => {
  it('moves the clock 300 s: an invoice for 10.13 that expires in 5 minutes is then CANCELLED with EXPIRED', async () => {
    const s = await startSandbox();
    try {
      const headers = {Authorization: 'Bearer local-test-token', 'Content-Type': 'application/json'};
      const invoice = await (
        await fetch(`${s.base}/invoices`, {
          method: 'POST',
          headers: {...headers, 'Idempotency-Key': crypto.randomUUID()},
          body: JSON.stringify({amount: {amount: EXAMPLE_AMOUNTS.expires, currency: 'USD'}, expiresInSeconds: 300}),
        })
      ).json();
      const script = spawn('bash', [path.join(ROOT, 'examples/sandbox/advance-clock.sh'), '300'], {
        env: {...process.env, KESTREL_SANDBOX_ORIGIN: s.origin},
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const output = collect(script);
      expect(await new Promise((resolve) => script.once('exit', resolve)), output()).toBe(0);
      expect(JSON.parse(output())).toMatchObject({offsetSeconds: 300});
      const after = await (await fetch(`${s.base}/invoices/${invoice.id}`, {headers})).json();
      expect(after).toMatchObject({status: 'CANCELLED', cancellationReason: 'EXPIRED'});
    } finally {
      await s.stop('SIGTERM');
    }
  });
});
