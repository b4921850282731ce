/**
 * The MCP configuration snippets /sandbox/ shows (examples/mcp/, embedded by file=): each parses
 * as its assistant reads it, and its command line, with the checkout's path filled in and run from
 * another folder, starts the server and answers tools/list. Needs `npm run build`.
 */
import {spawn} from 'node:child_process';
import {readFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test} from 'vitest';
import {ROOT, startMcp} from '../mcp-client';

const PLACEHOLDER = '/path/to/kestrel-portal';

/** Each snippet, and where its assistant finds the server's command line. */
const SNIPPETS = [
  {file: 'examples/mcp/claude-code.mcp.json', servers: 'mcpServers'},
  {file: 'examples/mcp/claude-desktop.json', servers: 'mcpServers'},
  {file: 'examples/mcp/cursor.mcp.json', servers: 'mcpServers'},
  {file: 'examples/mcp/vscode.mcp.json', servers: 'servers'},
] as const;

/**
 * The first line the command writes to stdout after an initialize request. The SDK's client skips
 * lines that are not JSON-RPC, but other clients fail on them (npm's banner, without --silent).
 */
async function firstStdoutLine(command: string, args: string[]): Promise<string> {
  const child = spawn(command, args, {cwd: tmpdir(), stdio: ['pipe', 'pipe', 'ignore']});
  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: {protocolVersion: '2025-06-18', capabilities: {}, clientInfo: {name: 'snippet-test', version: '1.0.0'}},
  };
  child.stdin.write(`${JSON.stringify(initialize)}\n`);
  let out = '';
  for await (const chunk of child.stdout) {
    out += String(chunk);
    if (out.includes('\n')) break;
  }
  // Closing stdin ends the server, as a client closing the session does.
  child.stdin.end();
  return out.split('\n')[0]!;
}

test('the sandbox page embeds each snippet', () => {
  const page = readFileSync(path.join(ROOT, 'docs/sandbox.md'), 'utf8');
  for (const {file} of SNIPPETS) expect(page).toContain(`file=${file}`);
});

test('each snippet parses and its command line starts the server, from any folder, writes only the protocol to stdout and answers tools/list', async () => {
  const started = await Promise.all(
    SNIPPETS.map(async ({file, servers}) => {
      const config = JSON.parse(readFileSync(path.join(ROOT, file), 'utf8'));
      const server = config[servers]?.kestrel as {command: string; args: string[]; type?: string};
      expect(server, file).toBeDefined();
      if (servers === 'servers') expect(server.type, file).toBe('stdio');
      expect(server.args, file).toContain(PLACEHOLDER);
      const args = server.args.map((a) => (a === PLACEHOLDER ? ROOT : a));
      const first = JSON.parse(await firstStdoutLine(server.command, args));
      expect(first, file).toMatchObject({jsonrpc: '2.0', id: 1, result: {serverInfo: {name: 'kestrel'}}});
      const session = await startMcp({command: server.command, commandArgs: args, cwd: tmpdir()});
      try {
        const {tools} = await session.client.listTools();
        return {file, tools: tools.map((t) => t.name)};
      } finally {
        await session.close();
      }
    }),
  );
  for (const {file, tools} of started)
    expect(tools, file).toEqual(expect.arrayContaining(['search_docs', 'run_workflow']));
  // Every configuration starts the same server: the same tools, in the same order.
  expect(new Set(started.map(({tools}) => tools.join(' '))).size).toBe(1);
}, 60_000);
