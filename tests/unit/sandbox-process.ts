/**
 * Starts `scripts/sandbox.mjs` as `npm run sandbox` does, on a free port (so a sandbox a developer
 * already runs on 4010 does not collide with the tests), and stops it with a signal.
 */
import {spawn, type ChildProcess} from 'node:child_process';
import {freePort} from '../../scripts/ports.mjs';
import path from 'node:path';
import {ROOT} from './openapi-definition';

export type Sandbox = {
  base: string;
  origin: string;
  process: ChildProcess;
  /** The Prism child's pid, from the sandbox's first line. */
  prismPid: number;
  output: () => string;
  /** Sends the signal and resolves with the sandbox's exit code. */
  stop: (signal: NodeJS.Signals) => Promise<number | null>;
};


export async function startSandbox(timeoutMs = 60_000): Promise<Sandbox> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'sandbox.mjs'), '--port', String(port)], {
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
      reject(new Error(`sandbox exited with ${code} before it was ready:\n${output}`));
    });
  });
  const prismPid = Number(/Prism pid (\d+)/.exec(output)?.[1]);
  const origin = `http://127.0.0.1:${port}`;
  return {
    base: `${origin}/v1`,
    origin,
    process: child,
    prismPid,
    output: () => output,
    stop: async (signal) => {
      child.kill(signal);
      return exited;
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
