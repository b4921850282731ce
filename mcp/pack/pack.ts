/**
 * The MCP server as an npm package that runs where there is no checkout and no build
 * (`npx -y kestrel-docs-mcp-<version>.tgz`): its modules as JavaScript, what it reads of a site
 * build, a package.json and a launcher. Laid out in a temporary folder, packed there by `npm pack`
 * into `outDir`, and the folder removed.
 */
import {execFileSync} from 'node:child_process';
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {ROOT} from '../site-build.ts';
import {SERVER_ENTRY, manifestOf, readPortalPackage, writeLauncher} from './manifest.ts';
import {writeSiteFiles} from './site-files.ts';
import {serverSources} from './sources.ts';

export interface PackedServer {
  /** The tarball's path. */
  file: string;
  /** Its size in bytes, and the number of files in it. */
  size: number;
  files: number;
}

interface NpmPackEntry {
  filename: string;
  size: number;
  entryCount: number;
}

export function packServer(buildDir: string, outDir: string): PackedServer {
  const dir = mkdtempSync(path.join(tmpdir(), 'kestrel-mcp-package-'));
  try {
    // The build first: without one, say so before the slower work.
    writeSiteFiles(buildDir, dir);
    const {modules, packages} = serverSources(ROOT, SERVER_ENTRY);
    for (const [file, javascript] of modules) {
      mkdirSync(path.join(dir, path.dirname(file)), {recursive: true});
      writeFileSync(path.join(dir, file), javascript);
    }
    writeLauncher(ROOT, dir, manifestOf(readPortalPackage(ROOT), packages));
    mkdirSync(outDir, {recursive: true});
    // On Windows npm is npm.cmd, which only a shell runs.
    const out = execFileSync(
      'npm',
      ['pack', '--json', '--ignore-scripts', '--pack-destination', path.resolve(outDir)],
      {cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], shell: process.platform === 'win32'},
    );
    const [entry] = JSON.parse(out) as NpmPackEntry[];
    return {file: path.resolve(outDir, entry!.filename), size: entry!.size, files: entry!.entryCount};
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
}
