/**
 * `node mcp/cli.ts --http PORT` (what `npm run mcp -- --http PORT` runs): the same server over
 * Streamable HTTP, refusing a request whose Host is another name (a web page's DNS rebinding).
 * Needs `npm run build`. Where it listens (127.0.0.1 only, read from the server's own address), its
 * Origin checks and its stopping on a signal are pinned without a build, in
 * tests/unit/mcp-http-server.test.ts.
 */
import {spawn} from 'node:child_process';
import {request} from 'node:http';
import {afterAll, beforeAll, expect, test} from 'vitest';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StreamableHTTPClientTransport} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {freePort} from '../../tooling/ports.mjs';
import {waitFor} from '../unit/sandbox-process';
import {ROOT, startMcp} from '../mcp-client';

let port: number;
let output = '';
const child = {current: undefined as ReturnType<typeof spawn> | undefined};

beforeAll(async () => {
  port = await freePort();
  // Node itself, not npm: a signal to npm would leave the server running.
  child.current = spawn(process.execPath, ['mcp/cli.ts', '--http', String(port)], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.current.stdout!.on('data', (c: Buffer) => (output += c));
  child.current.stderr!.on('data', (c: Buffer) => (output += c));
  await waitFor('the HTTP server', async () => output.includes('ready at'), 30_000);
});
afterAll(() => {
  child.current?.kill('SIGTERM');
});

test('answers tools/list to the SDK client at the /mcp address its ready line names: the tools over stdio', async () => {
  expect(output).toContain(`ready at http://127.0.0.1:${port}/mcp`);
  const client = new Client({name: 'kestrel-tests', version: '1.0.0'});
  await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`)));
  const overHttp = (await client.listTools()).tools.map((t) => t.name);
  await client.close();
  const stdio = await startMcp();
  const overStdio = (await stdio.client.listTools()).tools.map((t) => t.name);
  await stdio.close();
  expect(overHttp).toContain('search_docs');
  expect(overHttp).toEqual(overStdio);
});

test('refuses a request that names another host', async () => {
  // node:http, not fetch: fetch does not let a caller set Host.
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: {protocolVersion: '2025-06-18', capabilities: {}, clientInfo: {name: 'x', version: '1'}},
  });
  const status = await new Promise<number | undefined>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/mcp',
        method: 'POST',
        headers: {
          Host: 'attacker.example',
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
        },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
  expect(status).toBe(403);
});
