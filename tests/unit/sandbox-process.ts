/**
 * Starts the local sandbox as `npm run sandbox` does (`node sandbox/cli.ts`), on a free port (so a
 * sandbox a developer already runs on 4010 does not collide with the tests), with extra flags, and
 * stops it with a signal. Also small helpers the sandbox suites share. The unit suites and the
 * local-sandbox browser tests both use it.
 */
import {spawn, type ChildProcess} from 'node:child_process';
import {freePort} from '../../tooling/ports.mjs';
import path from 'node:path';
import {WINDOW_MS} from '../../sandbox/rate-limit-figures';

// From __dirname, not import.meta: the local-sandbox browser tests start their sandbox with this
// module too, and Playwright loads it as CommonJS.
const ROOT = path.resolve(__dirname, '../..');

export type Sandbox = {
  base: string;
  origin: string;
  port: number;
  process: ChildProcess;
  output: () => string;
  /** Sends the signal and resolves with the sandbox's exit code. */
  stop: (signal: NodeJS.Signals) => Promise<number | null>;
  /** Moves the sandbox's clock forward (POST /_sandbox/clock). */
  advance: (seconds: number) => Promise<void>;
};

export const CLI = path.join(ROOT, 'sandbox', 'cli.ts');

/** The sandbox exited because another process holds its port. */
class PortTakenError extends Error {}

/** How often a start is retried when another process took the free port first. */
const PORT_ATTEMPTS = 5;

/**
 * A port is free when `freePort` answers, but another process (a test server of a parallel worker)
 * may bind it before the sandbox does: the sandbox then exits naming the port in use, and this
 * starts it again on another free port. Any other failure is thrown as it is.
 */
export async function startSandbox(flags: string[] = [], timeoutMs = 30_000): Promise<Sandbox> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startSandboxOnce(await freePort(), flags, timeoutMs);
    } catch (error) {
      if (attempt === PORT_ATTEMPTS || !(error instanceof PortTakenError)) throw error;
    }
  }
}

async function startSandboxOnce(port: number, flags: string[], timeoutMs: number): Promise<Sandbox> {
  const child = spawn(process.execPath, [CLI, '--port', String(port), ...flags], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`sandbox not ready in ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/sandbox: ready at /.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      const message = `sandbox exited with ${code} before it was ready:\n${output}`;
      reject(new RegExp(`port ${port} is in use`).test(output) ? new PortTakenError(message) : new Error(message));
    });
  });
  const origin = `http://127.0.0.1:${port}`;
  return {
    base: `${origin}/v1`,
    origin,
    port,
    process: child,
    output: () => output,
    stop: async (signal) => {
      if (child.exitCode !== null) return child.exitCode;
      child.kill(signal);
      return exited;
    },
    advance: async (seconds) => {
      const res = await fetch(`${origin}/_sandbox/clock`, {
        method: 'POST',
        headers: {'Content-Type': 'application/json'},
        body: JSON.stringify({advanceSeconds: seconds}),
      });
      if (res.status !== 200) throw new Error(`clock: ${res.status} ${await res.text()}`);
    },
  };
}

/** Whether a process with this pid still exists. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Waits until `check` holds, polling; fails with `what` after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | false>,
  timeoutMs = 10_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Waits, if need be, until the first half of a 10-second rate-limit window (windows start at
 * multiples of 10 s of real time), so that a burst of requests never spans two windows.
 */
export async function freshRateLimitWindow(): Promise<void> {
  await waitFor(
    'the first half of a rate-limit window',
    async () => Date.now() % WINDOW_MS < WINDOW_MS / 2,
    WINDOW_MS + 1_000,
  );
}
