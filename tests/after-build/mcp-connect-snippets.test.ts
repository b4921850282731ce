/**
 * The MCP configuration snippets /sandbox/ shows (examples/mcp/, embedded by file=): each parses
 * as its assistant reads it, and its command line, with the checkout's path filled in and run from
 * another folder, starts the server and answers tools/list. Needs `npm run build`.
 */
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

test('the sandbox page embeds each snippet', () => {
  const page = readFileSync(path.join(ROOT, 'docs/sandbox.md'), 'utf8');
  for (const {file} of SNIPPETS) expect(page).toContain(`file=${file}`);
});

test('each snippet parses and its command line starts the server, from any folder, and answers tools/list', async () => {
  const started = await Promise.all(
    SNIPPETS.map(async ({file, servers}) => {
      const config = JSON.parse(readFileSync(path.join(ROOT, file), 'utf8'));
      const server = config[servers]?.kestrel as {command: string; args: string[]; type?: string};
      expect(server, file).toBeDefined();
      if (servers === 'servers') expect(server.type, file).toBe('stdio');
      expect(server.args, file).toContain(PLACEHOLDER);
      const session = await startMcp({
        command: server.command,
        commandArgs: server.args.map((a) => (a === PLACEHOLDER ? ROOT : a)),
        cwd: tmpdir(),
      });
      try {
        const {tools} = await session.client.listTools();
        return {file, tools: tools.map((t) => t.name)};
      } finally {
        await session.close();
      }
    }),
  );
  for (const {file, tools} of started) expect(tools, file).toContain('search_docs');
  expect(started.every(({tools}) => tools.length === 9)).toBe(true);
}, 60_000);
