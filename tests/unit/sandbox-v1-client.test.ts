/**
 * A client written from release 1.0.0 alone (examples/releases/v1-client.ts) runs unchanged
 * against the sandbox when it sends `Kestrel-Version: 1.0.0`: it reads the receive request's
 * `lnInvoice`, waits for the payment, exchanges, reads balances and creates a payout. Served as
 * the latest release instead, it stops at the first change the 2.0.0 notes list for it: the
 * receive request has no `lnInvoice`.
 */
import {execFile} from 'node:child_process';
import path from 'node:path';
import {promisify} from 'node:util';
import {describe, expect, it} from 'vitest';
import {ROOT} from './openapi-definition';
import {suiteSandbox} from './suite-sandbox';
import {LATEST, V1} from './sandbox-v1';

const CLIENT = path.join(ROOT, 'examples', 'releases', 'v1-client.ts');

/** Runs the client as a person would, against the suite's sandbox, served as `version`. */
async function runClient(base: string, version: string): Promise<{code: number; stdout: string; stderr: string}> {
  const env = {
    ...process.env,
    KESTREL_API_BASE: base,
    KESTREL_API_KEY: 'sk_sandbox_v1_client',
    KESTREL_VERSION: version,
  };
  try {
    const {stdout, stderr} = await promisify(execFile)(process.execPath, [CLIENT], {env, timeout: 60_000});
    return {code: 0, stdout, stderr};
  } catch (error) {
    const failed = error as {code?: number; stdout?: string; stderr?: string};
    return {code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? ''};
  }
}

describe('a client written from release 1.0.0', () => {
  // The simulated payer pays a receive request as soon as it exists, so the client's wait is short.
  const sandbox = suiteSandbox(['--no-rate-limit', '--pay-after', '0']);

  it('runs unchanged against the sandbox at Kestrel-Version 1.0.0', async () => {
    const run = await runClient(sandbox.base, V1);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Pay lntbs\S+ \(or on-chain to tb1\S+\)$/m);
    expect(run.stdout).toMatch(/^Received 0\.00020000 BTC$/m);
    expect(run.stdout).toMatch(/^Exchanging 0\.00010000 BTC for \d+\.\d\d USD$/m);
    expect(run.stdout).toMatch(/^Payout \S+ costs 0\.\d{8} BTC$/m);
  });

  it('fails at the latest release where the 2.0.0 notes say it would: the receive request has no lnInvoice', async () => {
    const run = await runClient(sandbox.base, LATEST);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n').at(-1)).toBe("the answer's lnInvoice is undefined");
  });
});
