/**
 * `npm run workflows`: runs the guides' procedures against a sandbox it starts itself (restarts
 * included), prints each step, and exits non-zero when one fails or the command line is wrong.
 */
import {spawnSync} from 'node:child_process';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {listWorkflows} from '../../workflows/index';

const CLI = path.resolve(__dirname, '../../workflows/cli.ts');
const run = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], {encoding: 'utf8', timeout: 120_000});

describe('npm run workflows', () => {
  it('runs the named workflows, a restart among them, and says which steps passed', () => {
    const {status, stdout, stderr} = run('payout-keys-survive-restart', 'retry-after-work-5xx');
    expect(stderr).toBe('');
    expect(stdout).toContain('pass  payout-keys-survive-restart\n');
    expect(stdout).toMatch(/^ {2}pass {2}afterCrash \[restart\]$/m);
    expect(stdout).toMatch(/^ {2}pass {2}issueInvoice \[5xx-after-work\]$/m);
    expect(stdout.trim().split('\n').at(-1)).toBe('2 of 2 workflows passed');
    expect(status).toBe(0);
  }, 120_000);

  it('fails, and exits 1, against a sandbox that does not answer', () => {
    // Nothing listens on port 9 of the loopback: every step of the run fails, and the command with it.
    const {status, stdout} = run('retry-after-work-5xx', '--sandbox', 'http://127.0.0.1:9');
    expect(stdout).toMatch(/^FAIL {2}retry-after-work-5xx$/m);
    expect(stdout.trim().split('\n').at(-1)).toBe('0 of 1 workflows passed');
    expect(status).toBe(1);
  }, 120_000);

  it('lists every workflow with --list, and refuses an unknown one naming it', () => {
    const listed = run('--list');
    expect(listed.status).toBe(0);
    for (const w of listWorkflows()) expect(listed.stdout).toContain(`${w.id}  (`);
    const unknown = run('no-such-workflow');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('No workflow no-such-workflow.');
  }, 120_000);
});
