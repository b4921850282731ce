/**
 * Shared by the webhook check's suites: runs `npm run webhooks -- check` as a person runs it (the
 * script's command, in its own process) and starts the flawed receivers of
 * tests/fixtures/webhook-check/ like the example receivers, against the check's API stand-in.
 */
import {spawn} from 'node:child_process';
import path from 'node:path';
import {freePort} from '../../tooling/ports.mjs';
import {runCommand} from '../../webhook-check/command';
import {kestrelRules} from '../../webhook-check/rules';
import {ROOT} from './guide-http';
import {SECRET, startReceiver, type ReceiverKind, type RunningReceiver} from './webhook-receivers';

export const CHECK_CLI = ['--import', './scripts/node-version.mjs', 'webhook-check/cli.ts'];

export interface CheckRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** The case lines, by case name: `pass` or `FAIL` and the detail. */
  cases: Map<string, {ok: boolean; detail: string}>;
}

/** Runs the check's command line with `args`; the environment has the receivers' secret unless `env` says otherwise. */
export function runCheck(args: string[], env: Record<string, string | undefined> = {}): Promise<CheckRun> {
  const child = spawn(process.execPath, [...CHECK_CLI, ...args], {
    cwd: ROOT,
    env: {...process.env, KESTREL_WEBHOOK_SECRET: SECRET, ...env},
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c));
  child.stderr.on('data', (c) => (stderr += c));
  return new Promise((resolve) =>
    child.once('close', (code) => resolve({code, stdout, stderr, cases: casesOf(stdout)})),
  );
}

/** The case lines of a report, by case name. */
function casesOf(stdout: string): CheckRun['cases'] {
  const cases = new Map<string, {ok: boolean; detail: string}>();
  for (const m of stdout.matchAll(/^(pass|FAIL) {2}([a-z0-9-]+): (.*)$/gm))
    cases.set(m[2]!, {ok: m[1] === 'pass', detail: m[3]!});
  return cases;
}

/**
 * Runs the command line in this process (`webhook-check/command.ts`, what cli.ts runs), which is
 * quicker than a process of its own; give it the secret with --secret-file, as the environment is shared.
 */
export async function runCommandHere(args: string[]): Promise<CheckRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCommand(args, {out: (l) => out.push(l), err: (l) => err.push(l)});
  const stdout = out.map((l) => `${l}\n`).join('');
  return {code, stdout, stderr: err.map((l) => `${l}\n`).join(''), cases: casesOf(stdout)};
}

/** The names of the failing cases, in order. */
export const failing = (run: CheckRun) => [...run.cases].filter(([, c]) => !c.ok).map(([name]) => name);

const FIXTURE: ReceiverKind = {
  name: 'flawed fixture',
  file: 'tests/fixtures/webhook-check/receiver.ts',
  command: () => [process.execPath, [path.join(ROOT, 'tests/fixtures/webhook-check/receiver.ts')]],
  storeEnv: 'FIXTURE_STORE_UNUSED',
};

/** A port for the check's API stand-in, and the API base a receiver reads from it. */
export async function standInPort(): Promise<{port: number; apiBase: string}> {
  const port = await freePort();
  return {port, apiBase: `http://127.0.0.1:${port}${kestrelRules().apiBasePath}`};
}

/** A flawed receiver (FIXTURE_MODE, comma-separated flaws) reading from `apiBase`. */
export function startFixture(
  modes: string,
  dir: string,
  apiBase: string,
  env: Record<string, string> = {},
): Promise<RunningReceiver> {
  return startReceiver(FIXTURE, dir, apiBase, {FIXTURE_MODE: modes, ...env});
}
