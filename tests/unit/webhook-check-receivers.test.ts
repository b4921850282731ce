/**
 * `npm run webhooks -- check` against the three example receivers (Node.js, Python, Go), each run
 * as a reader runs it and reading invoices from the check's API stand-in: every case passes, each
 * processed event's invoice is read once, and a refused delivery's is never read.
 */
import {afterAll, expect, test} from 'vitest';
import {CASE_NAMES} from '../../webhook-check/cases';
import {defaultTimeoutMs} from '../../webhook-check/check';
import {INVOICE_STATUS} from '../../webhook-check/probe';
import {RECEIVERS, startReceiver, tempDir, type RunningReceiver} from './webhook-receivers';
import {runCheck, standInPort} from './webhook-check-run';

const running: RunningReceiver[] = [];
const dirs: {remove: () => void}[] = [];
afterAll(async () => {
  for (const r of running) {
    r.child.kill('SIGKILL');
    await r.exited;
  }
  for (const d of dirs) d.remove();
});

test.concurrent.each(RECEIVERS)(
  'the $name receiver passes every case, processing each accepted event once',
  async (kind) => {
    const dir = tempDir();
    dirs.push(dir);
    const {port, apiBase} = await standInPort();
    const receiver = await startReceiver(kind, dir.dir, apiBase);
    running.push(receiver);
    const run = await runCheck(['check', receiver.url, '--api-port', String(port)]);
    expect(run.stderr).toBe('');
    expect([...run.cases.keys()]).toEqual(CASE_NAMES);
    expect(run.stdout).toContain(`${CASE_NAMES.length} of ${CASE_NAMES.length} cases passed against ${receiver.url}\n`);
    expect(run.code).toBe(0);
    const ms = String.raw`\d+ ms`;
    const lines: Record<string, RegExp> = {
      'valid-event': new RegExp(`^200 in ${ms}; invoice read once$`),
      'bad-signature': new RegExp(`^400 in ${ms}; invoice not read$`),
      'missing-signature': new RegExp(`^400 in ${ms}; invoice not read$`),
      'stale-timestamp': new RegExp(`^400 in ${ms}; invoice not read$`),
      'future-timestamp': new RegExp(`^400 in ${ms}; invoice not read$`),
      duplicate: new RegExp(`^200 in ${ms}, then 200 in ${ms}; invoice read once$`),
      'out-of-order': new RegExp(
        `^newer 200 in ${ms}, older 200 in ${ms}; invoice read (once|2 times), answered ${INVOICE_STATUS} each time$`,
      ),
      'unknown-event-type': new RegExp(`^webhook-check.unknown-type: 200 in ${ms}$`),
      'retry-after-5xx': new RegExp(`^attempt 1: 200 in ${ms}, no retry needed; invoice read once$`),
      'answer-time': new RegExp(`^200 in ${ms} \\(Kestrel waits ${defaultTimeoutMs()} ms\\)$`),
    };
    for (const [name, line] of Object.entries(lines))
      expect(run.cases.get(name)).toEqual({ok: true, detail: expect.stringMatching(line)});
  },
  30_000,
);
