/**
 * `--http PORT` without a site build: the real HTTP server listens on 127.0.0.1 only (its own
 * `address()`), answers a request with no Origin or its own loopback origin, and answers 403 to a
 * foreign Origin (a web page) or Host (DNS rebinding). Stopping the process with the signal npm or
 * a terminal sends closes the server: the port can be bound again.
 */
import {spawn, type ChildProcess} from 'node:child_process';
import {request, type Server} from 'node:http';
import net from 'node:net';
import {afterAll, beforeAll, expect, test} from 'vitest';
import {serveHttp} from '../../mcp/http';
import {SandboxConnection} from '../../mcp/sandbox-connection';
import {createKestrelServer} from '../../mcp/server';
import {ROOT} from '../mcp-client';
import {freePort} from '../../tooling/ports.mjs';
import {smallBuild} from './mcp-tools-client';
import {waitFor} from './sandbox-process';

const build = smallBuild();
const connection = new SandboxConnection({url: 'http://127.0.0.1:1/v1', log: () => {}});
let server: Server;
let port: number;
const started: ChildProcess[] = [];

beforeAll(async () => {
  port = await freePort();
  server = await serveHttp(
    port,
    () => createKestrelServer(build.dir, connection),
    () => {},
  );
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  // A process a failed test left running: its whole group (npm, the shell and node). A child ended
  // by a signal has no exit code but a signal code; a group whose last member has just gone
  // answers ESRCH, which is what this wanted.
  for (const child of started) {
    if (child.exitCode !== null || child.signalCode !== null || !child.pid) continue;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
    }
  }
  build.remove();
});

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {protocolVersion: '2025-06-18', capabilities: {}, clientInfo: {name: 'kestrel-tests', version: '1'}},
});

/** POSTs initialize with these headers (node:http, which lets a caller set Host) and answers the status and body. */
function initialize(headers: Record<string, string>): Promise<{status?: number; body: string}> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/mcp',
        method: 'POST',
        headers: {'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers},
      },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c));
        res.on('end', () => resolve({status: res.statusCode, body}));
      },
    );
    req.on('error', reject);
    req.end(INITIALIZE);
  });
}

test('listens on 127.0.0.1 only', () => {
  expect(server.address()).toEqual({address: '127.0.0.1', family: 'IPv4', port});
});

test('answers a client that sends no Origin, or its own loopback origin', async () => {
  const cases: Record<string, string>[] = [
    {},
    {Origin: `http://127.0.0.1:${port}`},
    {Origin: `http://localhost:${port}`},
  ];
  for (const headers of cases) {
    const answer = await initialize(headers);
    expect(answer.status, JSON.stringify(headers)).toBe(200);
    expect(answer.body).toContain('"serverInfo":{"name":"kestrel"');
  }
});

test('a foreign Origin is answered 403, naming it', async () => {
  for (const origin of ['https://attacker.example', `http://127.0.0.1:${port + 1}`, 'null']) {
    const answer = await initialize({Origin: origin});
    expect(answer.status, origin).toBe(403);
    expect(answer.body).toBe(`Forbidden: Origin ${origin} is not this server's loopback origin.\n`);
  }
});

test('a foreign Host is answered 403, naming it', async () => {
  for (const host of ['attacker.example', `attacker.example:${port}`, `127.attacker.example:${port}`]) {
    const answer = await initialize({Host: host});
    expect(answer.status, host).toBe(403);
    expect(answer.body).toBe(`Forbidden: Host ${host} is not this server's loopback address.\n`);
  }
});

/** Whether this process can listen on the port now. */
function bindable(on: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(on, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

async function stopsOnSignal(command: string, args: string[], signal: NodeJS.Signals): Promise<void> {
  const on = await freePort();
  // Its own process group, so that afterAll can end all of it if the signal did not.
  const child = spawn(command, [...args, '--http', String(on), '--build', build.dir], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  started.push(child);
  let output = '';
  child.stderr!.on('data', (c: Buffer) => (output += c));
  await waitFor('the server to be ready', async () => output.includes(`ready at http://127.0.0.1:${on}/mcp`), 30_000);
  expect(await bindable(on)).toBe(false);
  child.kill(signal);
  await waitFor(`port ${on} to be free after ${signal}`, () => bindable(on), 10_000);
}

test('SIGTERM to `npm run mcp` (which npm passes to the shell, not to node) frees the port', async () => {
  await stopsOnSignal('npm', ['run', '--silent', 'mcp', '--'], 'SIGTERM');
});

test('SIGINT to the server process closes the server and frees the port', async () => {
  await stopsOnSignal(process.execPath, ['mcp/cli.ts'], 'SIGINT');
});
