/**
 * Every entry point (`npm start`, `npm run sandbox`, `npm run mcp`, `npm run mcp:pack`,
 * `npm run workflows`, `npm run webhooks`, and the `bin` of the MCP server's package) checks the Node.js version before
 * it loads any of the code, and on an unsupported one says which versions it needs and exits 1,
 * instead of dying with ERR_UNKNOWN_FILE_EXTENSION or a syntax error.
 */
import {spawnSync} from 'node:child_process';
import {mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {satisfies} from '../../scripts/node-version.mjs';
import {BIN_FILE, manifestOf, readPortalPackage, writeLauncher} from '../../mcp/pack/manifest';

const ROOT = path.resolve(__dirname, '../..');
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
/** The scripts a developer starts: `npm start`, and each that runs a TypeScript file with node. */
const ENTRY_POINTS = Object.keys(pkg.scripts).filter(
  (name) => name === 'start' || /^node (?:--import \S+ )?\S+\.ts\b/.test(pkg.scripts[name]),
);
const NEEDS = `it needs Node.js ${pkg.engines.node}`;

/** A module that makes the process report Node.js 20 before anything else is loaded. */
function node20Preload(): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'kestrel-node20-')), 'node20.mjs');
  writeFileSync(file, "Object.defineProperty(process, 'versions', {value: {...process.versions, node: '20.20.2'}});\n");
  return file;
}

describe('the Node.js version check', () => {
  it('reads the caret ranges of engines.node', () => {
    const range = '^22.18.0 || ^24.0.0 || ^26.0.0';
    expect(satisfies('22.18.0', range)).toBe(true);
    expect(satisfies('22.17.9', range)).toBe(false);
    expect(satisfies('23.11.0', range)).toBe(false);
    expect(satisfies('26.10.0', range)).toBe(true);
    expect(satisfies('20.20.2', range)).toBe(false);
    expect(() => satisfies('22.18.0', '>=22')).toThrow('engines.node: ">=22" is not a caret range');
  });

  it('finds every entry point', () => {
    expect(ENTRY_POINTS).toEqual(['start', 'sandbox', 'mcp', 'mcp:pack', 'workflows', 'webhooks']);
  });

  it('the running Node.js is one the project supports', () => {
    expect(satisfies(process.versions.node, pkg.engines.node)).toBe(true);
  });

  it.each(ENTRY_POINTS)('npm run %s on Node.js 20 names the versions it needs and exits 1', (script) => {
    expect(pkg.scripts[script]).toMatch(/^node --import \.\/scripts\/node-version\.mjs /);
    const {status, stderr} = spawnSync('npm', ['run', '--silent', script], {
      cwd: ROOT,
      encoding: 'utf8',
      env: {...process.env, NODE_OPTIONS: `--import ${node20Preload()}`},
      timeout: 60_000,
    });
    expect(stderr).toContain(`Node.js 20.20.2 cannot run this: ${NEEDS}`);
    expect(status).toBe(1);
  });

  describe("the MCP server package's bin (mcp/pack/)", () => {
    // The launcher and its package.json alone: the server's modules need a build to be packed.
    const dir = mkdtempSync(path.join(tmpdir(), 'kestrel-mcp-bin-'));
    writeLauncher(ROOT, dir, manifestOf(readPortalPackage(ROOT), []));
    const run = (env: Record<string, string>) =>
      spawnSync(process.execPath, [path.join(dir, BIN_FILE)], {
        cwd: dir,
        encoding: 'utf8',
        env: {...process.env, ...env},
      });

    it("on Node.js 20 names the versions it needs, without the checkout's .nvmrc, and exits 1", () => {
      const {status, stderr} = run({NODE_OPTIONS: `--import ${node20Preload()}`});
      expect(stderr.trim()).toBe(`Node.js 20.20.2 cannot run this: ${NEEDS} (engines in package.json).`);
      expect(status).toBe(1);
    });

    it('on a supported Node.js goes on to load the server, after the check', () => {
      const {status, stderr} = run({});
      expect(stderr).not.toContain('cannot run this');
      // No server beside this launcher: the import that follows the check is the one that fails.
      expect(stderr).toMatch(/ERR_MODULE_NOT_FOUND[\s\S]*mcp[\\/]cli\.js/);
      expect(status).toBe(1);
    });
  });
});
