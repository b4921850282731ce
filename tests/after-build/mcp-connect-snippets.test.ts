/**
 * The MCP configuration snippets /sandbox/ shows (examples/mcp/, embedded by file=, and the
 * `claude mcp add` lines): each parses as its assistant reads it and starts, with npx, the package
 * the build serves at /mcp/ (`npm run build` packs it, mcp/pack/); the Windows forms run the same
 * npx through `cmd /c`. The command line, run as npx runs it, starts the server from a folder with no
 * checkout, writes only the protocol to stdout and answers tools/list. Needs `npm run build`.
 */
import {spawn} from 'node:child_process';
import {copyFileSync, mkdirSync, readdirSync, readFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test} from 'vitest';
import {brand} from '../../config/brand';
import {PACKAGE_FOLDER, PACKAGE_NAME} from '../../mcp/pack/manifest';
import {ROOT, startMcp} from '../mcp-client';

const version = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version as string;
const TARBALL = `${PACKAGE_NAME}-${version}.tgz`;
const URL = `${brand.portalUrl}/${PACKAGE_FOLDER}/${TARBALL}`;
const PAGE = readFileSync(path.join(ROOT, 'docs/sandbox.md'), 'utf8');

/** Each snippet, where its assistant finds the servers, and whether it is the Windows form. */
const SNIPPETS = [
  {file: 'examples/mcp/claude-desktop.json', servers: 'mcpServers', windows: false},
  {file: 'examples/mcp/cursor.mcp.json', servers: 'mcpServers', windows: false},
  {file: 'examples/mcp/vscode.mcp.json', servers: 'servers', windows: false},
  {file: 'examples/mcp/windows.mcp.json', servers: 'mcpServers', windows: true},
] as const;

function serverOf({file, servers}: (typeof SNIPPETS)[number]) {
  const config = JSON.parse(readFileSync(path.join(ROOT, file), 'utf8'));
  return config[servers]?.kestrel as {command: string; args: string[]; type?: string};
}

/**
 * The first line the command writes to stdout after an initialize request. The SDK's client skips
 * lines that are not JSON-RPC, but other clients fail on them (a banner of npm's).
 */
async function firstStdoutLine(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<string> {
  const child = spawn(command, args, {cwd, env, stdio: ['pipe', 'pipe', 'ignore']});
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

test('the sandbox page embeds each snippet, and the build serves the package they name', () => {
  for (const {file} of SNIPPETS) expect(PAGE).toContain(`file=${file}`);
  expect(readdirSync(path.join(ROOT, 'build', PACKAGE_FOLDER))).toEqual([TARBALL]);
});

test('each snippet and `claude mcp add` line starts that package with npx, through cmd /c on Windows', () => {
  for (const snippet of SNIPPETS) {
    const server = serverOf(snippet);
    expect(server, snippet.file).toBeDefined();
    if (snippet.servers === 'servers') expect(server.type, snippet.file).toBe('stdio');
    const line = [server.command, ...server.args];
    expect(line, snippet.file).toEqual([...(snippet.windows ? ['cmd', '/c'] : []), 'npx', '-y', URL]);
  }
  expect(PAGE).toContain(`claude mcp add kestrel -- npx -y ${URL}\n`);
  expect(PAGE).toContain(`\`claude mcp add kestrel -- cmd /c npx -y ${URL}\``);
  // The page's other mentions of the package name the same address.
  const named = PAGE.match(/https:\/\/\S+?\.tgz/g) ?? [];
  expect(new Set(named)).toEqual(new Set([URL]));
});

test("the snippets' command line, with the served tarball, starts the server from a folder with no checkout", async () => {
  const {command, args} = serverOf(SNIPPETS[0]);
  // A folder of its own, the same each run: npx installs a package once per spec it is given.
  const dir = path.join(tmpdir(), `kestrel-mcp-npx-${version}`);
  mkdirSync(dir, {recursive: true});
  copyFileSync(path.join(ROOT, 'build', PACKAGE_FOLDER, TARBALL), path.join(dir, TARBALL));
  const local = args.map((a) => (a === URL ? `./${TARBALL}` : a));
  // The package's dependencies come from npm's cache when they are there, as they are after `npm ci`.
  const env = {...process.env, npm_config_prefer_offline: 'true'};
  const first = JSON.parse(await firstStdoutLine(command, local, dir, env));
  expect(first).toMatchObject({jsonrpc: '2.0', id: 1, result: {serverInfo: {name: 'kestrel'}}});
  const session = await startMcp({command, commandArgs: local, cwd: dir, env: {npm_config_prefer_offline: 'true'}});
  try {
    const {tools} = await session.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['search_docs', 'run_workflow']));
  } finally {
    await session.close();
  }
});
