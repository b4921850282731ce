/**
 * `npm run workflows -- [ID ...]`: runs the guides' procedures (all, or the ones named) against a
 * local sandbox this command starts with a manual clock and a `--state` file of its own, so that
 * a workflow that exists for a restart can kill it (SIGKILL) and start it again on that state.
 * Prints each step, pass or fail, and exits 1 when one failed, 2 on a bad command line.
 *
 * `--sandbox ORIGIN --token TOKEN` runs them against a sandbox already running instead (its clock,
 * faults and maintenance windows are moved by the workflows); there, a step that needs a restart
 * fails and says so.
 */
import {spawn, type ChildProcess} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import net from 'node:net';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {LOCAL_SANDBOX_ORIGIN} from '../sandbox/local-sandbox.mjs';
import {listWorkflows, runWorkflow, type RunResult} from './index.ts';
import {commandFlags} from '../sandbox/command-flags.ts';

const USAGE = `Usage: npm run workflows -- [ID ...] [--sandbox ORIGIN --token TOKEN]

  ID                 a workflow to run (default: every one); --list names them
  --list             list the workflows, their faults and the guide section of each
  --sandbox ORIGIN   run against this sandbox (e.g. ${LOCAL_SANDBOX_ORIGIN}) instead of starting one
  --token TOKEN      the bearer token for --sandbox (default: sk_sandbox_workflows)`;

const SANDBOX_CLI = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'sandbox', 'cli.ts');
const DEFAULT_TOKEN = 'sk_sandbox_workflows';
/** How long a sandbox this command starts has to say it is ready. */
const READY_TIMEOUT_MS = 60_000;

class UsageError extends Error {}

interface Args {
  ids: string[];
  list: boolean;
  sandbox?: string;
  token: string;
}

function parseArgs(argv: string[]): Args {
  const args: Args = {ids: [], list: false, token: DEFAULT_TOKEN};
  for (const [arg, value] of commandFlags(argv, (message) => new UsageError(message))) {
    if (arg === '--list') args.list = true;
    else if (arg === '--sandbox') args.sandbox = new URL(value()).origin;
    else if (arg === '--token') args.token = value();
    else if (arg === '--help') throw new UsageError('');
    else if (arg.startsWith('--')) throw new UsageError(`Unknown option ${arg}.`);
    else args.ids.push(arg);
  }
  const known = new Set(listWorkflows().map((w) => w.id));
  const unknown = args.ids.filter((id) => !known.has(id));
  if (unknown.length) throw new UsageError(`No workflow ${unknown.join(', ')}. Known: ${[...known].join(', ')}.`);
  return args;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const {port} = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Starts `sandbox/cli.ts` with these flags and resolves once it says it is ready. */
function startProcess(flags: string[]): Promise<ChildProcess> {
  const child = spawn(process.execPath, [SANDBOX_CLI, ...flags], {stdio: ['ignore', 'pipe', 'pipe']});
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the sandbox was not ready in time:\n${output}`)),
      READY_TIMEOUT_MS,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('sandbox: ready at ')) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the sandbox exited with ${code} before it was ready:\n${output}`));
    });
  });
}

const stopProcess = (child: ChildProcess, signal: NodeJS.Signals) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });

/** A sandbox of this command's own: a manual clock, no rate limit, a state file in a temporary folder. */
async function ownSandbox() {
  const dir = mkdtempSync(path.join(tmpdir(), 'kestrel-workflows-'));
  const port = await freePort();
  const flags = [
    '--port',
    String(port),
    '--manual-clock',
    '--no-rate-limit',
    '--quiet',
    '--state',
    path.join(dir, 'state.json'),
  ];
  let child = await startProcess(flags);
  return {
    origin: `http://127.0.0.1:${port}`,
    restart: async () => {
      await stopProcess(child, 'SIGKILL');
      child = await startProcess(flags);
    },
    stop: async () => {
      await stopProcess(child, 'SIGTERM');
      rmSync(dir, {recursive: true, force: true});
    },
  };
}

function report(result: RunResult): string {
  const lines = [`${result.ok ? 'pass' : 'FAIL'}  ${result.id}`];
  for (const step of result.steps) {
    const fault = step.fault ? ` [${step.fault}]` : '';
    lines.push(`  ${step.ok ? 'pass' : 'FAIL'}  ${step.stepId}${fault}${step.ok ? '' : `: ${step.detail}`}`);
  }
  return lines.join('\n');
}

async function main(argv: string[]): Promise<number> {
  let args: Args;
  try {
    args = parseArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    if (error.message) console.error(`workflows: ${error.message}`);
    console.error(USAGE);
    return 2;
  }
  const workflows = listWorkflows().filter((w) => args.ids.length === 0 || args.ids.includes(w.id));
  if (args.list) {
    for (const w of workflows)
      console.log(`${w.id}  (${w.faults.join(', ') || 'no fault'})  ${w.guide}\n  ${w.summary}`);
    return 0;
  }
  const sandbox = args.sandbox ? undefined : await ownSandbox();
  let failed = 0;
  try {
    for (const w of workflows) {
      const result = await runWorkflow(w.id, {
        baseUrl: args.sandbox ?? sandbox!.origin,
        token: args.token,
        restart: sandbox?.restart,
      });
      if (!result.ok) failed++;
      console.log(report(result));
    }
  } finally {
    await sandbox?.stop();
  }
  console.log(`${workflows.length - failed} of ${workflows.length} workflows passed`);
  return failed ? 1 : 0;
}

process.exitCode = await main(process.argv.slice(2));
