/**
 * The local sandbox's address is written once, in sandbox/local-sandbox.mjs: with another port
 * there, the sandbox's and the MCP server's help, the MCP server's default sandbox and its
 * sandbox_request description all name the new address, with no other edit. The modules run in a
 * child process whose resolver swaps in the changed file (the unit suite shares its loaded
 * modules between files, so a mock here would not reach them).
 */
import {execFileSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {afterAll, describe, expect, it} from 'vitest';
import {LOCAL_SANDBOX_PORT} from '../../sandbox/local-sandbox.mjs';

const ROOT = path.resolve(__dirname, '../..');
const SOURCE = path.join(ROOT, 'sandbox/local-sandbox.mjs');
const dir = mkdtempSync(path.join(tmpdir(), 'local-sandbox-address-'));
afterAll(() => rmSync(dir, {recursive: true, force: true}));

/** What the readers of the address say when the source's port is `port`. */
function renderedWithPort(port: number): {usage: string; mcpUsage: string; defaultUrl: string; tool: string} {
  const source = readFileSync(SOURCE, 'utf8');
  const line = `export const LOCAL_SANDBOX_PORT = ${LOCAL_SANDBOX_PORT};`;
  expect(source).toContain(line);
  const changed = path.join(dir, 'local-sandbox.mjs');
  writeFileSync(changed, source.replace(line, `export const LOCAL_SANDBOX_PORT = ${port};`));
  const probe = path.join(dir, 'probe.mjs');
  const at = (file: string) => JSON.stringify(pathToFileURL(path.join(ROOT, file)).href);
  writeFileSync(
    probe,
    `import {registerHooks} from 'node:module';
const real = ${at('sandbox/local-sandbox.mjs')};
const changed = ${JSON.stringify(pathToFileURL(changed).href)};
registerHooks({resolve: (specifier, context, next) => {
  const resolved = next(specifier, context);
  return resolved.url === real ? {...resolved, url: changed} : resolved;
}});
const {USAGE} = await import(${at('sandbox/options.ts')});
const {usage} = await import(${at('mcp/options.ts')});
const {DEFAULT_SANDBOX_URL} = await import(${at('mcp/sandbox-connection.ts')});
const {registerTools} = await import(${at('mcp/tools.ts')});
const tools = new Map();
registerTools({registerTool: (name, config) => tools.set(name, config.description)}, {});
console.log(JSON.stringify({usage: USAGE, mcpUsage: usage(false), defaultUrl: DEFAULT_SANDBOX_URL, tool: tools.get('sandbox_request')}));
`,
  );
  return JSON.parse(execFileSync(process.execPath, [probe], {cwd: ROOT, encoding: 'utf8'}));
}

describe('the local sandbox address, changed at its one source', () => {
  it('changes the help, the MCP default and the tool description', () => {
    const now = renderedWithPort(LOCAL_SANDBOX_PORT);
    expect(now.defaultUrl).toBe(`http://127.0.0.1:${LOCAL_SANDBOX_PORT}/v1`);
    const moved = renderedWithPort(4999);
    expect(moved.usage).toContain('--port N             listen on 127.0.0.1:N (default 4999)');
    expect(moved.mcpUsage).toContain('answers at 127.0.0.1:4999');
    expect(moved.defaultUrl).toBe('http://127.0.0.1:4999/v1');
    expect(moved.tool).toContain('else a sandbox at 127.0.0.1:4999, else');
    for (const text of Object.values(moved)) expect(text).not.toContain(String(LOCAL_SANDBOX_PORT));
  });
});
