/**
 * `--state FILE` keeps what the sandbox answered: the sandbox is killed (SIGKILL, no chance to
 * save) right after its last answer and restarted on the same file, and every object it answered,
 * its balances and its clock offset are there. A journal line cut short by a crash is ignored; a
 * journal that is not the sandbox's stops it with a message naming the file.
 */
import {describe, it, expect} from 'vitest';
import {appendFileSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {startSandbox, type Sandbox} from './sandbox-process';

const AUTH = {Authorization: 'Bearer sk_state_test'};
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers read field by field

async function post(sandbox: Sandbox, apiPath: string, body?: unknown): Promise<{status: number; body: Json}> {
  const res = await fetch(`${sandbox.base}${apiPath}`, {
    method: 'POST',
    headers: {
      ...AUTH,
      'Idempotency-Key': crypto.randomUUID(),
      ...(body === undefined ? {} : {'Content-Type': 'application/json'}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {status: res.status, body: await res.json()};
}

const get = async (sandbox: Sandbox, apiPath: string) => {
  const res = await fetch(`${sandbox.base}${apiPath}`, {headers: AUTH});
  return {status: res.status, body: (await res.json()) as Json};
};

const usd = async (sandbox: Sandbox) =>
  (await get(sandbox, '/account/balances')).body.items.find((b: Json) => b.currency === 'USD').available.amount;

describe('--state FILE after SIGKILL', () => {
  it('every invoice answered 201 before the kill is there after a restart, with the balances and the clock offset', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kestrel-state-kill-'));
    const file = path.join(dir, 'sandbox.json');
    try {
      const first = await startSandbox(['--state', file, '--no-rate-limit', '--pay-after', '1']);
      const paid = (await post(first, '/invoices', {amount: {amount: '25.00', currency: 'USD'}})).body;
      expect((await post(first, `/invoices/${paid.id}/quote`)).status).toBe(201);
      await first.advance(5);
      expect((await get(first, `/invoices/${paid.id}`)).body.status).toBe('PAID');
      const ids: string[] = [];
      for (let i = 0; i < 40; i++) {
        const created = await post(first, '/invoices', {amount: {amount: `${i + 1}.00`, currency: 'USD'}});
        expect(created.status).toBe(201);
        ids.push(created.body.id);
      }
      // Killed at once: nothing the sandbox does on exit or later may be what keeps the answers.
      await first.stop('SIGKILL');

      const second = await startSandbox(['--state', file, '--no-rate-limit']);
      try {
        const found = await Promise.all(ids.map(async (id) => (await get(second, `/invoices/${id}`)).status));
        expect(found.filter((status) => status !== 200)).toEqual([]);
        expect((await get(second, `/invoices/${paid.id}`)).body.status).toBe('PAID');
        expect(await usd(second)).toBe('25.00');
        const clock = await (await fetch(`${second.origin}/_sandbox/clock`)).json();
        expect(clock.offsetSeconds).toBeGreaterThanOrEqual(5);
      } finally {
        await second.stop('SIGKILL');
      }

      // A crash in the middle of appending leaves a last line cut short: the rest still loads.
      appendFileSync(`${file}.journal`, '{"seq":999999,"account":"default","kind":"Invoice","put":{"id":"to');
      const third = await startSandbox(['--state', file, '--no-rate-limit']);
      try {
        expect((await get(third, `/invoices/${ids[39]}`)).status).toBe(200);
      } finally {
        await third.stop('SIGTERM');
      }

      writeFileSync(`${file}.journal`, 'not a journal\n{"seq":1}\n');
      const broken = await startSandbox(['--state', file]).catch((error: Error) => error);
      expect(String(broken)).toContain(`--state ${file}.journal line 1 is not a sandbox journal entry`);
    } finally {
      rmSync(dir, {recursive: true, force: true});
    }
  });

  it('reads a state file written by an earlier sandbox (version 1, one account) into the default account', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kestrel-state-v1-'));
    const file = path.join(dir, 'sandbox.json');
    const invoice = {
      id: '3f0e8c5a-1b2d-4c6e-8f90-a1b2c3d4e5f6',
      status: 'PAID',
      amount: {amount: '12.00', currency: 'USD'},
    };
    writeFileSync(
      file,
      JSON.stringify({
        version: 1,
        clockOffsetMs: 7000,
        balances: {USD: {available: '1200000000', pending: '0', updated: Date.now()}},
        objects: {Invoice: [invoice]},
      }),
    );
    try {
      const sandbox = await startSandbox(['--state', file, '--no-rate-limit']);
      try {
        expect((await get(sandbox, `/invoices/${invoice.id}`)).body).toMatchObject(invoice);
        expect(await usd(sandbox)).toBe('12.00');
        expect((await (await fetch(`${sandbox.origin}/_sandbox/clock`)).json()).offsetSeconds).toBeGreaterThanOrEqual(
          7,
        );
      } finally {
        await sandbox.stop('SIGTERM');
      }
    } finally {
      rmSync(dir, {recursive: true, force: true});
    }
  });
});
