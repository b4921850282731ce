/**
 * What `--state FILE` keeps besides objects and balances, across a SIGKILL and a restart: the
 * answers kept against Idempotency-Keys (the same key and body replays, another body answers 409,
 * and the key is free again after the retention on the sandbox clock), maintenance windows and
 * faults not used yet, and the steps in flight (a payment PENDING, a payout INITIATED, an exchange,
 * a deposit, an invoice quoted, a receive request due to be paid), which reach their final status
 * after the restart with the same balances as a sandbox that was never killed.
 *
 * The sandboxes run with `--manual-clock`, so nothing moves on its own before the kill, and with
 * `--compact-after 3600`, so what the first one did is in the journal alone when it is killed; the
 * restart compacts it into FILE, and the key test restarts once more to read it from there.
 */
import {mkdtempSync, readdirSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {exchangeRequest, bankTransferRequest} from './request-bodies';
import {LIGHTNING_INVOICES, SIMULATE_HEADER} from '../../sandbox/test-inputs';
import {ROOT} from './openapi-definition';
import {checkedSender, US_BANK_ACCOUNT} from './sandbox-answers';
import {startSandbox, waitFor, type Sandbox} from './sandbox-process';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers read field by field

const TOKEN = 'sk_sandbox_state_restart';
const FLAGS = ['--manual-clock', '--no-rate-limit', '--pay-after', '1', '--compact-after', '3600'];
const RETENTION_SECONDS = 24 * 3600;

async function withStateFile(run: (file: string) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'kestrel-state-restart-'));
  try {
    await run(path.join(dir, 'sandbox.json'));
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
}

/** A sandbox on FILE, stopped (SIGKILL) after `run` whatever happens. */
async function during(file: string, run: (sandbox: Sandbox) => Promise<void>): Promise<void> {
  const sandbox = await startSandbox(['--state', file, ...FLAGS]);
  try {
    await run(sandbox);
  } finally {
    await sandbox.stop('SIGKILL');
  }
}

async function keyed(
  sandbox: Sandbox,
  key: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{status: number; replayed: string | null; body: Json}> {
  const res = await fetch(`${sandbox.base}/invoices`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${TOKEN}`,
      'Content-Type': 'application/json',
      'Idempotency-Key': key,
      ...headers,
    },
    body: JSON.stringify(body),
  });
  return {status: res.status, replayed: res.headers.get('idempotent-replayed'), body: await res.json()};
}

async function control(sandbox: Sandbox, method: string, name: string, body?: unknown) {
  const res = await fetch(`${sandbox.origin}/_sandbox/${name}`, {
    method,
    headers: {Authorization: `Bearer ${TOKEN}`, ...(body !== undefined && {'Content-Type': 'application/json'})},
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {status: res.status, body: res.status === 204 ? undefined : ((await res.json()) as Json)};
}

/** Requests as one API key, each change with a new Idempotency-Key, each answer checked against the definition. */
const api = (sandbox: Sandbox) => checkedSender(() => sandbox.base, TOKEN);

async function invoicesWith(sandbox: Sandbox, reference: string): Promise<string[]> {
  const filter = encodeURIComponent(`reference eq '${reference}'`);
  return (await api(sandbox)('GET', `/invoices?$filter=${filter}`)).body.items.map((i: Json) => i.id);
}

describe('--state FILE across SIGKILL: Idempotency-Keys, maintenance, faults and scheduled steps', () => {
  it('a key kept before the kill replays after a restart (from the journal, then from FILE), another body answers 409, and it frees after the retention', async () => {
    await withStateFile(async (file) => {
      const kept = {key: crypto.randomUUID(), body: {amount: {amount: '31.00', currency: 'USD'}, reference: 'KEPT'}};
      const after = {key: crypto.randomUUID(), body: {amount: {amount: '32.00', currency: 'USD'}, reference: 'AFTER'}};
      let invoiceId = '';
      let afterWorkId = '';
      await during(file, async (first) => {
        const created = await keyed(first, kept.key, kept.body);
        expect(created.status).toBe(201);
        invoiceId = created.body.id;
        const failed = await keyed(first, after.key, after.body, {[SIMULATE_HEADER]: 'internal-error-after-work'});
        expect([failed.status, failed.body.code]).toEqual([500, 'INTERNAL_ERROR']);
      });

      await during(file, async (second) => {
        const replay = await keyed(second, kept.key, kept.body);
        expect([replay.status, replay.replayed, replay.body.id]).toEqual([201, 'true', invoiceId]);
        const reused = await keyed(second, kept.key, {...kept.body, amount: {amount: '33.00', currency: 'USD'}});
        expect([reused.status, reused.body.code]).toEqual([409, 'IDEMPOTENCY_KEY_REUSED']);
        const afterWork = await keyed(second, after.key, after.body);
        expect([afterWork.status, afterWork.replayed]).toEqual([201, 'true']);
        afterWorkId = afterWork.body.id;
        expect(await invoicesWith(second, 'KEPT')).toEqual([invoiceId]);
        expect(await invoicesWith(second, 'AFTER')).toEqual([afterWorkId]);
      });

      await during(file, async (third) => {
        const replay = await keyed(third, after.key, after.body);
        expect([replay.status, replay.replayed, replay.body.id]).toEqual([201, 'true', afterWorkId]);
        await third.advance(RETENTION_SECONDS + 1);
        const fresh = await keyed(third, kept.key, {...kept.body, amount: {amount: '33.00', currency: 'USD'}});
        expect([fresh.status, fresh.replayed]).toEqual([201, null]);
        expect(fresh.body.id).not.toBe(invoiceId);
      });
    });
  }, 90_000);

  it('a manual clock goes on after a restart from the time it showed, however long the sandbox was down', async () => {
    await withStateFile(async (file) => {
      const clock = async (sandbox: Sandbox) =>
        (await (await fetch(`${sandbox.origin}/_sandbox/clock`)).json()) as Json;
      let before: Json = {};
      await during(file, async (sandbox) => {
        await sandbox.advance(100);
        before = await clock(sandbox);
      });
      // Down for more than a second of real time: a clock that followed real time would show it.
      const downUntil = Date.now() + 1500;
      await waitFor('a second and a half of real time', async () => Date.now() >= downUntil);
      await during(file, async (sandbox) => {
        expect((await clock(sandbox)).now).toBe(before.now);
      });
    });
  });

  it('a maintenance window and the faults not used yet are there after a restart', async () => {
    await withStateFile(async (file) => {
      let window: Json = {};
      await during(file, async (first) => {
        window = (await control(first, 'POST', 'maintenance', {startsInSeconds: 0, durationSeconds: 1800})).body!;
        const fault = {code: 'RATE_LIMITED', count: 2, retryAfterSeconds: 9};
        expect((await control(first, 'POST', 'faults', fault)).status).toBe(201);
        const used = await fetch(`${first.base}/account/balances`, {headers: {Authorization: `Bearer ${TOKEN}`}});
        expect(used.status).toBe(429);
      });

      await during(file, async (second) => {
        expect((await control(second, 'GET', 'faults')).body).toEqual({
          remaining: 1,
          faults: [{code: 'RATE_LIMITED', remaining: 1, retryAfterSeconds: 9}],
        });
        expect((await control(second, 'GET', 'maintenance')).body).toEqual({windows: [window]});
        const limited = await fetch(`${second.base}/account/balances`, {headers: {Authorization: `Bearer ${TOKEN}`}});
        expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '9']);
        const refused = await keyed(second, crypto.randomUUID(), {amount: {amount: '5.00', currency: 'USD'}});
        expect([refused.status, refused.body.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
        expect((await api(second)('GET', '/invoices')).status).toBe(200);
        await second.advance(1800);
        const open = await keyed(second, crypto.randomUUID(), {amount: {amount: '5.00', currency: 'USD'}});
        expect(open.status).toBe(201);
      });
    });
  });

  /** Starts a payment, a payout, an exchange, a deposit, an invoice payment and a receive request, all left in flight. */
  async function inFlight(sandbox: Sandbox): Promise<Record<string, string>> {
    const send = api(sandbox);
    const funding = (await send('POST', '/invoices', {amount: {amount: '1000.00', currency: 'USD'}})).body;
    expect((await send('POST', `/invoices/${funding.id}/quote`)).status).toBe(201);
    await sandbox.advance(5);
    expect((await send('GET', `/invoices/${funding.id}`)).body.status).toBe('PAID');

    const quote = (
      await send('POST', '/payment-quotes/lightning', {lnInvoice: LIGHTNING_INVOICES.pays, sourceCurrency: 'USD'})
    ).body;
    const payment = (await send('POST', `/payment-quotes/${quote.id}/execute`)).body;
    const method = (await send('POST', '/payment-methods/bank', US_BANK_ACCOUNT)).body;
    const payout = (await send('POST', '/payouts', bankTransferRequest(method.id, '100.00', 'USD', 'IN FLIGHT'))).body;
    const initiated = (await send('PATCH', `/payouts/${payout.id}/initiate`)).body;
    const exchange = (await send('POST', '/currency-exchange-quotes', exchangeRequest('USD', 'BTC', '50.00'))).body;
    const exchanging = (await send('POST', `/currency-exchange-quotes/${exchange.id}/execute`)).body;
    const deposit = (
      await send('POST', '/deposits', {paymentMethodId: method.id, amount: {amount: '20.00', currency: 'USD'}})
    ).body;
    const invoice = (await send('POST', '/invoices', {amount: {amount: '30.00', currency: 'USD'}})).body;
    expect((await send('POST', `/invoices/${invoice.id}/quote`)).status).toBe(201);
    const request = (
      await send('POST', '/receive-requests', {currency: 'USD', amount: {amount: '7.00', currency: 'USD'}})
    ).body;
    expect([payment.status, initiated.status, exchanging.status, deposit.status]).toEqual([
      'PENDING',
      'INITIATED',
      'PENDING',
      'PENDING',
    ]);
    return {
      payment: payment.id,
      payout: payout.id,
      exchange: exchange.id,
      deposit: deposit.id,
      invoice: invoice.id,
      request: request.id,
    };
  }

  /** Where everything ended, and the balances, once the clock has moved well past every step. */
  async function ended(sandbox: Sandbox, ids: Record<string, string>) {
    await sandbox.advance(600);
    const send = api(sandbox);
    const statuses = {
      payment: (await send('GET', `/payments/${ids.payment}`)).body.status,
      payout: (await send('GET', `/payouts/${ids.payout}`)).body.status,
      exchange: (await send('GET', `/currency-exchange-quotes/${ids.exchange}`)).body.status,
      deposit: (await send('GET', `/deposits/${ids.deposit}`)).body.status,
      invoice: (await send('GET', `/invoices/${ids.invoice}`)).body.status,
      received: (await send('GET', `/receive-requests/${ids.request}`)).body.totalReceived.amount,
    };
    const balances = Object.fromEntries(
      (await send('GET', '/account/balances')).body.items.map((b: Json) => [
        b.currency,
        `${b.available.amount} available, ${b.pending.amount} pending`,
      ]),
    );
    return {statuses, balances};
  }

  it('a payment PENDING, a payout INITIATED and the other steps in flight at the kill end after the restart, with the balances of a sandbox never killed', async () => {
    const final = {
      payment: 'COMPLETED',
      payout: 'COMPLETED',
      exchange: 'COMPLETED',
      deposit: 'COMPLETED',
      invoice: 'PAID',
      received: '7.00',
    };
    let unbroken: Awaited<ReturnType<typeof ended>> | undefined;
    await withStateFile(async (file) => {
      await during(file, async (sandbox) => {
        unbroken = await ended(sandbox, await inFlight(sandbox));
      });
    });
    expect(unbroken!.statuses).toEqual(final);

    await withStateFile(async (file) => {
      let ids: Record<string, string> = {};
      await during(file, async (first) => {
        ids = await inFlight(first);
      });
      await during(file, async (second) => {
        const after = await ended(second, ids);
        expect(after.statuses).toEqual(final);
        expect(after.balances).toEqual(unbroken!.balances);
      });
    });
  }, 90_000);

  it('every step an operation schedules is a kept step (sandbox/steps.ts), never a clock task a restart would lose', () => {
    const dir = path.join(ROOT, 'sandbox/operations');
    const bare = readdirSync(dir).filter((file) =>
      /\.clock\.(at|after)\(/.test(readFileSync(path.join(dir, file), 'utf8')),
    );
    expect(bare, 'operations that schedule with world.clock directly: use defineStep').toEqual([]);
  });
});
