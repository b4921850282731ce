// The definition under openapi/ bundled as it is written (a plain Redocly bundle: no code samples,
// no local sandbox server), finished as every bundle is (tooling/finish-bundle.mjs): what a
// release keeps, what the API-changes check compares with the last release, and what lint reads.
import {execFile} from 'node:child_process';
import {promisify} from 'node:util';
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {createRequire} from 'node:module';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {finishBundle} from './finish-bundle.mjs';

const require = createRequire(import.meta.url);
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEFINITION = path.join(ROOT, 'openapi', 'openapi.yaml');

/**
 * The working definition: the plain bundle, finished.
 * @param {string} [root]
 */
export async function bundleWorkingDefinition(root = ROOT) {
  return finishBundle(await bundleDefinitionSource(root));
}

/**
 * The plain Redocly bundle, unfinished. A child process, so that a caller can do other work (the
 * check diffs the releases) meanwhile. `root` is a checkout (or a copy of its `openapi/` and
 * `redocly.yaml`, as the lint tests make).
 * @param {string} [root]
 * @returns {Promise<import('../definition/types.ts').JsonObject>}
 */
export async function bundleDefinitionSource(root = ROOT) {
  const definition = path.join(root, 'openapi', 'openapi.yaml');
  const cli = path.join(path.dirname(require.resolve('@redocly/cli/package.json')), 'bin', 'cli.js');
  const dir = mkdtempSync(path.join(tmpdir(), 'working-definition-'));
  const out = path.join(dir, 'openapi.json');
  /** @type {import('../definition/types.ts').JsonObject} */
  let bundled;
  try {
    await promisify(execFile)(process.execPath, [cli, 'bundle', definition, '--output', out, '--ext', 'json'], {
      cwd: root,
      env: {...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true'},
    });
    bundled = JSON.parse(readFileSync(out, 'utf8'));
  } catch (error) {
    const failed = /** @type {Error & {stdout?: string; stderr?: string}} */ (error);
    throw new Error(
      `cannot bundle ${path.relative(root, definition)}: ${`${failed.stdout ?? ''}${failed.stderr ?? failed.message}`.trim()}`,
      {
        cause: error,
      },
    );
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
  return bundled;
}
