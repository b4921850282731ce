/**
 * `npm run webhooks -- check` (its command line, run in this process) against receivers with one
 * flaw each (tests/fixtures/webhook-check/), the secret read from a file:
 * it exits 1 and names exactly the cases the flaw breaks, saying what it saw. A receiver that
 * answers 500 once and is then acknowledged passes the retry case; one that then processes the
 * event again fails it.
 */
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterAll, expect, test} from 'vitest';
import {checkEndpoint} from '../../webhook-check/check';
import {CASE_NAMES, TIMESTAMP_MARGIN_SECONDS} from '../../webhook-check/cases';
import {kestrelRules} from '../../webhook-check/rules';
import {SECRET, tempDir, type RunningReceiver} from './webhook-receivers';
import {failing, runCommandHere, standInPort, startFixture} from './webhook-check-run';

const running: RunningReceiver[] = [];
const dir = tempDir();
const secretFile = path.join(dir.dir, 'secret');
writeFileSync(secretFile, `${SECRET}\n`);
/** Runs the command line here, with the receivers' secret from a file. */
const check = (args: string[]) => runCommandHere([...args, '--secret-file', secretFile]);
afterAll(async () => {
  for (const r of running) {
    r.child.kill('SIGKILL');
    await r.exited;
  }
  dir.remove();
});

async function fixture(modes: string, env: Record<string, string> = {}) {
  const {port, apiBase} = await standInPort();
  const receiver = await startFixture(modes, dir.dir, apiBase, env);
  running.push(receiver);
  return {receiver, apiArgs: ['--api-port', String(port)]};
}

const ms = String.raw`\d+ ms`;
const REJECTIONS = ['bad-signature', 'missing-signature', 'stale-timestamp', 'future-timestamp'];

test.concurrent(
  'a receiver that skips signature checks fails the four rejection cases, and processes what it took',
  async () => {
    const {receiver, apiArgs} = await fixture('no-signature-check');
    const run = await check(['check', receiver.url, ...apiArgs]);
    expect(run.code).toBe(1);
    expect(failing(run)).toEqual(REJECTIONS);
    expect(run.cases.get('bad-signature')?.detail).toMatch(
      new RegExp(`^200 in ${ms}; a delivery signed with another secret must be refused with a 4xx$`),
    );
    expect(run.cases.get('missing-signature')?.detail).toMatch(
      new RegExp(`^200 in ${ms}; a delivery without a Kestrel-Signature header must be refused with a 4xx$`),
    );
    const seconds = kestrelRules().signature.toleranceSeconds + TIMESTAMP_MARGIN_SECONDS;
    expect(run.cases.get('stale-timestamp')?.detail).toMatch(
      new RegExp(`^200 in ${ms}; a delivery signed ${seconds} s ago must be refused with a 4xx$`),
    );
    expect(run.cases.get('future-timestamp')?.detail).toMatch(
      new RegExp(`^200 in ${ms}; a delivery signed ${seconds} s ahead must be refused with a 4xx$`),
    );
    expect(run.stdout).toContain(`${CASE_NAMES.length - REJECTIONS.length} of ${CASE_NAMES.length} cases passed`);
  },
);

test.concurrent('a receiver that skips deduplication fails the duplicate case: the invoice is read twice', async () => {
  const {receiver, apiArgs} = await fixture('no-dedup');
  const run = await check(['check', receiver.url, ...apiArgs]);
  expect(run.code).toBe(1);
  expect(failing(run)).toEqual(['duplicate']);
  expect(run.cases.get('duplicate')?.detail).toMatch(
    new RegExp(
      `^200 in ${ms}, then 200 in ${ms}; its invoice was read 2 times: the event was processed more than once$`,
    ),
  );
});

test.concurrent(
  'a receiver that answers after the timeout fails every case that needs an acknowledgement',
  async () => {
    const {receiver} = await fixture('slow', {FIXTURE_DELAY_MS: '1500'});
    // Without the stand-in: only the answers are checked, and the last line says so.
    const run = await check(['check', receiver.url, '--timeout-ms', '250']);
    expect(run.code).toBe(1);
    expect(failing(run)).toEqual(CASE_NAMES.filter((name) => !REJECTIONS.includes(name)));
    expect(run.cases.get('answer-time')?.detail).toBe('no answer within 250 ms; answer before you do slow work');
    expect(run.cases.get('valid-event')?.detail).toBe(
      'a valid delivery got no answer within 250 ms; it must be acknowledged with a 2xx',
    );
    expect(run.stdout).toContain(
      "Processing was not observed: give --api-port and point the endpoint's API base at it to check it.",
    );
  },
);

test.concurrent(
  'after a 500 the check redelivers; a receiver that stored the event acknowledges it and processes it once',
  async () => {
    const {receiver, apiArgs} = await fixture('fails-first');
    const port = Number(apiArgs[1]);
    const report = await checkEndpoint({url: receiver.url, secret: SECRET, apiPort: port, cases: ['retry-after-5xx']});
    expect(report.results).toEqual([
      {
        name: 'retry-after-5xx',
        ok: true,
        detail: expect.stringMatching(
          new RegExp(`^attempt 1: 500 in ${ms}, attempt 2: 200 in ${ms}; invoice read once$`),
        ),
      },
    ]);
  },
);

test.concurrent(
  'after a 500 the check redelivers; a receiver that then processes the event again fails the retry case',
  async () => {
    const {receiver, apiArgs} = await fixture('fails-first,no-dedup');
    const report = await checkEndpoint({
      url: receiver.url,
      secret: SECRET,
      apiPort: Number(apiArgs[1]),
      cases: ['retry-after-5xx'],
    });
    expect(report.ok).toBe(false);
    expect(report.results[0]?.detail).toMatch(
      new RegExp(
        `^attempt 1: 500 in ${ms}, attempt 2: 500 in ${ms}, .*; every one of Kestrel's \\d+ attempts got a 5xx$|its invoice was read`,
      ),
    );
  },
);

test.concurrent(
  "a receiver whose API base is elsewhere: valid-event names the stand-in's base, and the later counting cases say so at once",
  async () => {
    // The receiver reads from a port where nothing listens; the stand-in listens on another.
    const elsewhere = await standInPort();
    const receiver = await startFixture('', dir.dir, elsewhere.apiBase);
    running.push(receiver);
    const {port, apiBase} = await standInPort();
    const started = Date.now();
    const run = await check(['check', receiver.url, '--api-port', String(port), '--timeout-ms', '1000']);
    const took = Date.now() - started;
    expect(run.code).toBe(1);
    expect(run.cases.get('valid-event')?.detail).toMatch(
      new RegExp(
        `^200 in ${ms}; its invoice was not read within 1000 ms, and no request reached the API stand-in; is the endpoint's API base ${apiBase}\\?$`,
      ),
    );
    const notCounted = `not counted: no request has reached the API stand-in at ${apiBase} since the check began; start the endpoint with its API base there`;
    for (const name of ['bad-signature', 'duplicate', 'retry-after-5xx'])
      expect(run.cases.get(name)?.detail, name).toMatch(new RegExp(`; ${notCounted.replace(/[.?]/g, '\\$&')}$`));
    // One wait of the timeout, not one per case: nine more would take over 9 s.
    expect(took).toBeLessThan(5_000);
  },
);
