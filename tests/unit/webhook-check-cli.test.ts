/**
 * `npm run webhooks -- check` on a bad command line: a secret given as an option, an endpoint off
 * the loopback, no secret at all, a bad timeout or an unknown option each end it with exit code 2
 * and one line naming what is wrong, before anything is sent. `--help` lists every case.
 */
import {spawn} from 'node:child_process';
import {afterEach, expect, test, vi} from 'vitest';
import {CASES} from '../../webhook-check/cases';
import {checkEndpoint, defaultTimeoutMs} from '../../webhook-check/check';
import {runCommand} from '../../webhook-check/command';
import {ROOT} from './guide-http';
import {SECRET} from './webhook-receivers';

const SECRET_REFUSED =
  'webhooks: --secret is refused: a secret on the command line stays in shell history and process lists; use --secret-file F or KESTREL_WEBHOOK_SECRET.';

afterEach(() => vi.unstubAllEnvs());

/** The command run in this process: its exit code and what it wrote to each stream. */
async function command(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCommand(args, {out: (l) => out.push(l), err: (l) => err.push(l)});
  return {code, out, err};
}

test('npm run webhooks refuses a secret on the command line, naming the file option and the variable', async () => {
  const child = spawn(
    'npm',
    ['run', '--silent', 'webhooks', '--', 'check', 'http://127.0.0.1:3000/', '--secret', 'x'],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (c) => (stderr += c));
  let stdout = '';
  child.stdout.on('data', (c) => (stdout += c));
  const code = await new Promise((resolve) => child.once('close', resolve));
  expect({code, stdout, stderr}).toEqual({code: 2, stdout: '', stderr: `${SECRET_REFUSED}\n`});
});

test.each([
  [['check', 'http://127.0.0.1:3000/', '--secret=x'], SECRET_REFUSED],
  [
    ['check', 'https://merchant.example/webhooks/kestrel'],
    "webhooks: merchant.example is not on this machine's loopback (localhost, 127.0.0.0/8, ::1); the check sends to loopback URLs only (give --allow-remote for another host)",
  ],
  [['check', 'ftp://127.0.0.1/'], 'webhooks: ftp://127.0.0.1/ is not an http(s) URL'],
  [
    ['check', 'http://127.0.0.1:3000/', '--secret-file', '/nonexistent/secret'],
    'webhooks: cannot read the secret file /nonexistent/secret: ENOENT',
  ],
  [
    ['check', 'http://127.0.0.1:3000/', '--timeout-ms', '0'],
    `webhooks: --timeout-ms needs a whole number from 1 to ${defaultTimeoutMs()}, not 0.`,
  ],
  // Kestrel gives up after its timeout: a longer wait would pass an endpoint it drops.
  [
    ['check', 'http://127.0.0.1:3000/', '--timeout-ms', String(defaultTimeoutMs() + 1)],
    `webhooks: --timeout-ms needs a whole number from 1 to ${defaultTimeoutMs()}, not ${defaultTimeoutMs() + 1}.`,
  ],
  [
    ['check', 'http://127.0.0.1:3000/', '--api-port', '70000'],
    'webhooks: --api-port needs a whole number from 1 to 65535, not 70000.',
  ],
  [['check', 'http://127.0.0.1:3000/', '--fast'], 'webhooks: Unknown option --fast.'],
  [
    ['check', 'http://127.0.0.1:3000/', 'http://127.0.0.1:3001/'],
    'webhooks: One URL only; http://127.0.0.1:3001/ is a second.',
  ],
  [['check'], 'webhooks: check needs the endpoint URL.'],
  [['verify', 'http://127.0.0.1:3000/'], 'webhooks: Unknown command verify; the command is check.'],
  [[], 'webhooks: Give the command: check URL (--help lists the options).'],
])('%j exits 2: %s', async (args, line) => {
  vi.stubEnv('KESTREL_WEBHOOK_SECRET', SECRET);
  expect(await command(args)).toEqual({code: 2, out: [], err: [line]});
});

test('with no secret in the environment and no file, it names both', async () => {
  vi.stubEnv('KESTREL_WEBHOOK_SECRET', '');
  expect(await command(['check', 'http://127.0.0.1:3000/'])).toEqual({
    code: 2,
    out: [],
    err: ['webhooks: no signing secret: set KESTREL_WEBHOOK_SECRET or give a file with --secret-file'],
  });
});

test("the check itself refuses a timeout above Kestrel's, as the MCP tool calls it", async () => {
  await expect(
    checkEndpoint({url: 'http://127.0.0.1:3000/', secret: SECRET, timeoutMs: defaultTimeoutMs() * 6}),
  ).rejects.toThrow(
    `the timeout can only shorten Kestrel's delivery timeout of ${defaultTimeoutMs()} ms, not lengthen it to ${defaultTimeoutMs() * 6}`,
  );
});

test('--help lists the options and every case with what it requires, and exits 0', async () => {
  const {code, out, err} = await command(['--help']);
  expect({code, err}).toEqual({code: 0, err: []});
  const help = out.join('\n');
  expect(help).toContain(
    `--timeout-ms N   how long the endpoint has to answer, at most Kestrel's ${defaultTimeoutMs()} ms (the default)`,
  );
  for (const c of CASES) expect(help).toMatch(new RegExp(`^  ${c.name} +${c.requires}$`, 'm'));
});
