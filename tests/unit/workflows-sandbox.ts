/**
 * What the workflow suites share: a sandbox with a manual clock and a --state file that a run can
 * kill (SIGKILL) and start again on the same port and state, and a receiver that checks signatures
 * with the guides' own verifier (examples/webhooks/node/verify-signature.ts).
 */
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {verifyKestrelSignature} from '../../examples/webhooks/node/verify-signature';
import {startReceiver, type Receiver} from '../../workflows/index';
import {startSandbox, type Sandbox} from './sandbox-process';

export const TOKEN = 'sk_sandbox_workflows';
const FLAGS = ['--manual-clock', '--no-rate-limit', '--quiet'];

export interface StatefulSandbox {
  origin: () => string;
  restart: () => Promise<void>;
  /** How many times it was killed and started again. */
  restarts: () => number;
  stop: () => Promise<void>;
}

export async function startStatefulSandbox(): Promise<StatefulSandbox> {
  const dir = mkdtempSync(path.join(tmpdir(), 'kestrel-workflows-'));
  const flags = [...FLAGS, '--state', path.join(dir, 'state.json')];
  let sandbox: Sandbox = await startSandbox(flags);
  const port = sandbox.port;
  let restarts = 0;
  return {
    origin: () => sandbox.origin,
    restart: async () => {
      await sandbox.stop('SIGKILL');
      // The later --port wins: the same address, so the run's base URL stays valid.
      sandbox = await startSandbox([...flags, '--port', String(port)]);
      restarts++;
    },
    restarts: () => restarts,
    stop: async () => {
      await sandbox.stop('SIGTERM');
      rmSync(dir, {recursive: true, force: true});
    },
  };
}

/** A receiver whose signature check is the example the signature-verification guide teaches. */
export function startExampleReceiver(): Promise<Receiver> {
  return startReceiver((rawBody, header, secret) => {
    try {
      verifyKestrelSignature(rawBody, header, secret);
      return true;
    } catch {
      return false;
    }
  });
}
