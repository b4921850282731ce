/**
 * The package's own files: its package.json (name, version, the `bin`, the Node.js versions and
 * the packages the server imports, at the versions the portal pins) and the launcher the `bin`
 * names, which checks the Node.js version before any module of the server loads.
 */
import {copyFileSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';

export const PACKAGE_NAME = 'kestrel-docs-mcp';
/** The tarball's folder inside a build, where `npm run build` writes it: the site serves it at /mcp/. */
export const PACKAGE_FOLDER = 'mcp';
export const BIN_FILE = `bin/${PACKAGE_NAME}.js`;
/** The check every entry point of the portal loads first; the package's copy reads the package's engines. */
const VERSION_CHECK = 'scripts/node-version.mjs';
/** Where the server's entry lands in the package (sources.ts keeps the tree, `.ts` -> `.js`). */
export const SERVER_ENTRY = 'mcp/cli.ts';

export interface PortalPackage {
  version: string;
  engines: {node: string};
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

export function readPortalPackage(root: string): PortalPackage {
  return JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as PortalPackage;
}

/** The package.json of the package; a package the server imports that the portal does not pin is an error. */
export function manifestOf(portal: PortalPackage, packages: string[]): Record<string, unknown> {
  const pinned = {...portal.devDependencies, ...portal.dependencies};
  const unpinned = packages.filter((name) => !pinned[name]);
  if (unpinned.length > 0)
    throw new Error(`the server imports ${unpinned.join(', ')}, which package.json does not list: add them there.`);
  return {
    name: PACKAGE_NAME,
    version: portal.version,
    description:
      "The Kestrel developer portal's MCP server on stdio: its guides and API reference, the API definition and a local sandbox, for an assistant.",
    type: 'module',
    bin: {[PACKAGE_NAME]: BIN_FILE},
    engines: {node: portal.engines.node},
    dependencies: Object.fromEntries(packages.map((name) => [name, pinned[name]!])),
  };
}

// A static import is evaluated before the module's own code, and the check exits on an unsupported
// Node.js; the server is imported only after it, so that nothing of it loads there.
const LAUNCHER = `#!/usr/bin/env node
import '../${VERSION_CHECK}';

await import('../${SERVER_ENTRY.replace(/\.ts$/, '.js')}');
`;

/** Writes package.json, the launcher and the version check into `dir`. */
export function writeLauncher(root: string, dir: string, manifest: Record<string, unknown>): void {
  writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  mkdirSync(path.join(dir, path.dirname(BIN_FILE)), {recursive: true});
  writeFileSync(path.join(dir, BIN_FILE), LAUNCHER, {mode: 0o755});
  mkdirSync(path.join(dir, path.dirname(VERSION_CHECK)), {recursive: true});
  copyFileSync(path.join(root, VERSION_CHECK), path.join(dir, VERSION_CHECK));
}
