/**
 * A payout or exchange quote that nobody used still ends `EXPIRED` when the sandbox that made it
 * restarted from its `--state` file in between (--state keeps its scheduled expiry step): reading
 * it, or deleting what it held, sees it expired, so its originator and bank account stay free.
 */
import {describe, it, expect} from 'vitest';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {exampleLifetimeOf, loadDefinition} from '../../definition/index.ts';
import {startSandbox, type Sandbox} from './sandbox-process';
import {checkedSender, US_BANK_ACCOUNT} from './sandbox-answers';

/** Requests to one of the two sandboxes (the one before the restart, or after), checked against the definition. */
const send = (sandbox: Sandbox, method: string, apiPath: string, body?: unknown) =>
  checkedSender(() => sandbox.base, 'sk_sandbox_expiry')(method, apiPath, body);

describe('expiry across a restart (--state FILE)', () => {
  it('a NEW payout and a NEW exchange quote read back after their expiration are EXPIRED, and the payout holds nothing', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kestrel-expiry-'));
    const file = path.join(dir, 'sandbox.json');
    try {
      const first = await startSandbox(['--state', file]);
      const method = await send(first, 'POST', '/payment-methods/bank', US_BANK_ACCOUNT);
      const payout = await send(first, 'POST', '/payouts', {
        paymentMethodId: method.body.id,
        amount: {amount: '10.00', currency: 'USD'},
        reference: 'RESTART',
      });
      const quote = await send(first, 'POST', '/currency-exchange-quotes', {
        sourceCurrency: 'USD',
        targetCurrency: 'BTC',
        amount: {amount: '10.00', currency: 'USD'},
      });
      expect([payout.body.status, quote.body.status]).toEqual(['NEW', 'NEW']);
      expect(await first.stop('SIGTERM')).toBe(0);

      const second = await startSandbox(['--state', file]);
      try {
        await second.advance(exampleLifetimeOf(loadDefinition(), 'createAPayout') + 1);
        expect((await send(second, 'GET', `/payouts/${payout.body.id}`)).body.status).toBe('EXPIRED');
        expect((await send(second, 'GET', `/currency-exchange-quotes/${quote.body.id}`)).body.status).toBe('EXPIRED');
        expect((await send(second, 'DELETE', `/payment-methods/bank/${method.body.id}`)).status).toBe(204);
      } finally {
        await second.stop('SIGTERM');
      }
    } finally {
      rmSync(dir, {recursive: true, force: true});
    }
  });
});
