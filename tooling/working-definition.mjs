// The definition under openapi/ bundled as it is written (a plain Redocly bundle: no code samples,
// no local sandbox server) with the facts its prose names rendered, as a reader sees them: what a
// release keeps and what the API-changes check compares with the last release.
import {execFile} from 'node:child_process';
import {promisify} from 'node:util';
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {createRequire} from 'node:module';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {renderDefinitionFacts} from '../plugins/prose-facts/definition.ts';

const require = createRequire(import.meta.url);
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEFINITION = path.join(ROOT, 'openapi', 'openapi.yaml');

/**
 * A child process, so that a caller can do other work (the check diffs the releases) meanwhile.
 * @returns {Promise<import('../definition/types.ts').JsonObject>}
 */
export async function bundleWorkingDefinition() {
  const cli = path.join(path.dirname(require.resolve('@redocly/cli/package.json')), 'bin', 'cli.js');
  const dir = mkdtempSync(path.join(tmpdir(), 'working-definition-'));
  const out = path.join(dir, 'openapi.json');
  /** @type {import('../definition/types.ts').JsonObject} */
  let bundled;
  try {
    await promisify(execFile)(process.execPath, [cli, 'bundle', DEFINITION, '--output', out, '--ext', 'json'], {
      cwd: ROOT,
      env: {...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true'},
    });
    bundled = JSON.parse(readFileSync(out, 'utf8'));
  } catch (error) {
    const failed = /** @type {Error & {stdout?: string; stderr?: string}} */ (error);
    throw new Error(
      `cannot bundle ${path.relative(ROOT, DEFINITION)}: ${`${failed.stdout ?? ''}${failed.stderr ?? failed.message}`.trim()}`,
      {
        cause: error,
      },
    );
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
  return renderDefinitionFacts(bundled);
}
