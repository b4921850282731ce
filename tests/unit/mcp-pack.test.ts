/**
 * `npm run mcp:pack` (mcp/pack/) without a build: the server's modules it packs are JavaScript that
 * imports no TypeScript, with the packages they import pinned as package.json pins them; a package
 * the portal does not pin, a missing build and a bad option each stop it with one line naming what
 * is wrong. Packing from a real build is tests/after-build/mcp-package.test.ts.
 */
import {spawnSync} from 'node:child_process';
import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {SERVER_ENTRY, manifestOf, readPortalPackage} from '../../mcp/pack/manifest';
import {packageOf, serverSources} from '../../mcp/pack/sources';

const ROOT = path.resolve(__dirname, '../..');
const portal = readPortalPackage(ROOT);

describe("the server's modules, as the package holds them", () => {
  const {modules, packages} = serverSources(ROOT, SERVER_ENTRY);

  it('are JavaScript in the tree of the sources, from the entry to the modules it loads on demand', () => {
    const files = [...modules.keys()];
    expect(files).toEqual(
      expect.arrayContaining(['mcp/cli.js', 'mcp/server.js', 'definition/load.js', 'workflows/run.js']),
    );
    expect(files.filter((f) => !/\.m?js$/.test(f))).toEqual([]);
  });

  it('import no TypeScript and hold no type syntax', () => {
    for (const [file, javascript] of modules) {
      expect(javascript, file).not.toMatch(/from ['"][^'"]+\.ts['"]|import\(['"][^'"]+\.ts['"]\)/);
      expect(javascript, file).not.toMatch(/^import type /m);
    }
  });

  it('import the packages the server needs at run time, each pinned as the portal pins it', () => {
    expect(packages).toEqual(expect.arrayContaining(['@modelcontextprotocol/sdk', 'zod', 'yaml']));
    expect(packages).not.toContain('typescript');
    const {dependencies} = manifestOf(portal, packages) as {dependencies: Record<string, string>};
    expect(Object.keys(dependencies)).toEqual(packages);
    expect(dependencies.zod).toBe(portal.dependencies?.zod);
  });
});

describe('the package.json', () => {
  it('names a package the portal does not pin', () => {
    expect(() => manifestOf(portal, ['zod', 'left-pad'])).toThrow(
      'the server imports left-pad, which package.json does not list: add them there.',
    );
  });

  it('reads a package from its import', () => {
    expect(packageOf('lodash/kebabCase.js')).toBe('lodash');
    expect(packageOf('@modelcontextprotocol/sdk/server/mcp.js')).toBe('@modelcontextprotocol/sdk');
  });
});

describe('npm run mcp:pack', () => {
  const run = (...args: string[]) =>
    spawnSync(process.execPath, [path.join(ROOT, 'mcp/pack/cli.ts'), ...args], {cwd: ROOT, encoding: 'utf8'});

  it('without a build says which command makes one, in one line, and exits 1', () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'kestrel-no-build-'));
    const {status, stderr} = run('--build', empty, '--out', empty);
    expect(stderr).toBe(
      `mcp:pack: no site build in ${empty}: run \`npm run build\` first, or name one with --build DIR.\n`,
    );
    expect(status).toBe(1);
  });

  it('names an unknown option or a missing folder and exits 2', () => {
    expect(run('--into', 'x')).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/^mcp:pack: unknown option --into\./),
    });
    expect(run('--out')).toMatchObject({status: 2, stderr: 'mcp:pack: --out needs a folder.\n'});
  });
});
