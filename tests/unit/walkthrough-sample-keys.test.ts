/**
 * The Node.js and Python samples of the walkthroughs, run against the local sandbox as a reader runs
 * them: each prints the Idempotency-Key it used on standard error, and a rerun with IDEMPOTENCY_KEY
 * set to that key (after a timeout, say) answers the first result instead of a second invoice.
 */
import {afterAll, describe, expect, it} from 'vitest';
import {execFile} from 'node:child_process';
import {promisify} from 'node:util';
import {ROOT} from './guide-http';
import {suiteSandbox} from './suite-sandbox';

const run = promisify(execFile);
const sandbox = suiteSandbox(['--no-rate-limit']);
afterAll(async () => {});

const SAMPLES = {
  'Node.js': [process.execPath, ['--import', 'tsx', 'examples/walkthroughs/node/steps/issue-invoice.ts']],
  Python: ['python3', ['examples/walkthroughs/python/issue_invoice.py']],
} as const;

describe.each(Object.entries(SAMPLES))('the %s issue-invoice sample', (_name, [cmd, args]) => {
  const issue = async (key?: string) => {
    const {stdout, stderr} = await run(cmd, [...args], {
      cwd: ROOT,
      env: {
        ...process.env,
        KESTREL_API_BASE: sandbox.base,
        KESTREL_API_KEY: 'sk_sandbox_sample_keys',
        IDEMPOTENCY_KEY: key ?? '',
        PYTHONDONTWRITEBYTECODE: '1',
      },
      timeout: 120_000,
    });
    const printed = /^Idempotency-Key: (\S+)$/m.exec(stderr)?.[1];
    return {invoice: JSON.parse(stdout) as {id: string}, printed};
  };

  it('prints the key it made, and a rerun with that key answers the same invoice', async () => {
    const first = await issue();
    expect(first.printed).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const again = await issue(first.printed);
    expect(again.printed).toBe(first.printed);
    expect(again.invoice.id).toBe(first.invoice.id);
    const other = await issue();
    expect(other.printed).not.toBe(first.printed);
    expect(other.invoice.id).not.toBe(first.invoice.id);
  });
});
