/**
 * Every entry point (`npm start`, `npm run sandbox`, `npm run mcp`, `npm run mcp:pack`,
 * `npm run workflows`, `npm run webhooks`, and the `bin` of the MCP server's package) checks the Node.js version before
 * it loads any of the code, and on an unsupported one says which versions it needs and exits 1,
 * instead of dying with ERR_UNKNOWN_FILE_EXTENSION or a syntax error.
 */
import {spawnSync} from 'node:child_process';
import {copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {BIN_FILE, manifestOf, readPortalPackage, writeLauncher} from '../../mcp/pack/manifest';

const ROOT = path.resolve(__dirname, '../..');
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
/** The scripts a developer starts: `npm start`, and each that runs a TypeScript file with node. */
const ENTRY_POINTS = Object.keys(pkg.scripts).filter(
  (name) => name === 'start' || /^node (?:--import \S+ )?\S+\.ts\b/.test(pkg.scripts[name]),
);
const NEEDS = `it needs Node.js ${pkg.engines.node}`;

/** A module that makes the process report Node.js `version` before anything else is loaded. */
function versionPreload(version: string, dir = mkdtempSync(path.join(tmpdir(), 'kestrel-node-'))): string {
  const file = path.join(dir, 'version.mjs');
  writeFileSync(
    file,
    `Object.defineProperty(process, 'versions', {value: {...process.versions, node: '${version}'}});\n`,
  );
  return file;
}
const node20Preload = () => versionPreload('20.20.2');

/**
 * The check (a copy of scripts/node-version.mjs beside a package.json whose engines.node is
 * `range`) run first on Node.js reporting `version`: its exit status and what it printed.
 */
function checkAs(version: string, range: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'kestrel-node-check-'));
  try {
    mkdirSync(path.join(dir, 'scripts'));
    copyFileSync(path.join(ROOT, 'scripts/node-version.mjs'), path.join(dir, 'scripts/node-version.mjs'));
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({engines: {node: range}}));
    const check = path.join(dir, 'scripts/node-version.mjs');
    const {status, stderr} = spawnSync(
      process.execPath,
      ['--import', versionPreload(version, dir), '--import', check, '--eval', ''],
      {encoding: 'utf8'},
    );
    return {status, stderr: stderr.trim()};
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
}

describe('the Node.js version check', () => {
  it('reads the caret ranges of engines.node: a version in one goes on, another stops with exit 1', () => {
    const range = '^22.18.0 || ^24.0.0 || ^26.0.0';
    const refused = (version: string) => ({
      status: 1,
      stderr: `Node.js ${version} cannot run this: it needs Node.js ${range} (engines in package.json).`,
    });
    expect(checkAs('22.18.0', range)).toEqual({status: 0, stderr: ''});
    expect(checkAs('22.17.9', range)).toEqual(refused('22.17.9'));
    expect(checkAs('23.11.0', range)).toEqual(refused('23.11.0'));
    expect(checkAs('26.10.0', range)).toEqual({status: 0, stderr: ''});
    expect(checkAs('20.20.2', range)).toEqual(refused('20.20.2'));
    const unreadable = checkAs('22.18.0', '>=22');
    expect(unreadable.status).not.toBe(0);
    expect(unreadable.stderr).toContain('engines.node: ">=22" is not a caret range');
  });

  it('finds every entry point', () => {
    expect(ENTRY_POINTS).toEqual(['start', 'sandbox', 'mcp', 'mcp:pack', 'workflows', 'webhooks']);
  });

  it('the running Node.js is one the project supports', () => {
    expect(checkAs(process.versions.node, pkg.engines.node)).toEqual({status: 0, stderr: ''});
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
