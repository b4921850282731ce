/**
 * Whether this server runs from its npm package (mcp/pack/) rather than from a checkout of the
 * portal: the package.json at its root is then the package's own. Its help names the commands
 * that work where it runs.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {PACKAGE_NAME} from './pack/manifest.ts';
import {ROOT} from './site-build.ts';

export function runsPacked(root: string = ROOT): boolean {
  try {
    return (
      (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {name?: unknown}).name === PACKAGE_NAME
    );
  } catch {
    return false;
  }
}
