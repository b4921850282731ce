/**
 * `npm start` (scripts/start.mjs) checks both of its ports before it generates anything: a port in
 * use stops it with a message naming the port and what it is for.
 */
import {describe, it, expect} from 'vitest';
import {spawnSync} from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import {freePort} from '../../tooling/ports.mjs';
import {ROOT} from './openapi-definition';

async function occupied(): Promise<{port: number; close: () => void}> {
  const port = await freePort();
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {port, close: () => server.close()};
}

const start = (args: string[]) =>
  spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'start.mjs'), ...args], {encoding: 'utf8', timeout: 120_000});

describe('npm start with a port in use', () => {
  it('names the portal port', async () => {
    const busy = await occupied();
    const free = await freePort();
    try {
      const run = start(['--port', String(busy.port), '--sandbox-port', String(free)]);
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(`port ${busy.port} is in use`);
      expect(run.stderr).toContain('the portal');
      expect(run.stdout).not.toContain('gen-api');
    } finally {
      busy.close();
    }
  });

  it('names the sandbox port', async () => {
    const busy = await occupied();
    const free = await freePort();
    try {
      const run = start(['--port', String(free), '--sandbox-port', String(busy.port)]);
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(`port ${busy.port} is in use`);
      expect(run.stderr).toContain('the local sandbox');
    } finally {
      busy.close();
    }
  });

  it('refuses a port that is not a number, naming the option', () => {
    const run = start(['--sandbox-port', 'x']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--sandbox-port needs a port number');
  });
});
