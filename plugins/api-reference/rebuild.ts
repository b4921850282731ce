/**
 * Rebuilds the reference from the split definition while `npm start` runs: bundles it into a
 * scratch folder, lints it (the same Redocly rules as `npm run lint:api`), builds the model, and
 * only then replaces static/openapi.{yaml,json} and the pages. A definition that no longer
 * bundles, lints or models throws with the tool's message, and the last good bundle and pages
 * stay as they were.
 */
import {execFileSync} from 'node:child_process';
import {copyFileSync, mkdtempSync, rmSync} from 'node:fs';
import {createRequire} from 'node:module';
import os from 'node:os';
import path from 'node:path';
import {buildDefinition, readDefinition} from '../../definition/index.ts';
import {writePages} from './page-files.ts';

const require = createRequire(import.meta.url);

function run(siteDir: string, what: string, args: string[]): void {
  try {
    execFileSync(process.execPath, args, {
      cwd: siteDir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true'},
    });
  } catch (error) {
    const {stdout = '', stderr = ''} = error as {stdout?: string; stderr?: string};
    const output = `${stdout}${stderr}`
      .split('\n')
      .filter((line) => !/^\s*[║╔╚]/.test(line))
      .join('\n')
      .trim();
    throw new Error(`${what} failed:\n${output}`, {cause: error});
  }
}

export function rebuildReference(siteDir: string): {pages: number; written: number; deleted: number} {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'api-reference-'));
  try {
    run(siteDir, 'bundling the definition', [path.join(siteDir, 'scripts', 'bundle-openapi.mjs'), scratch]);
    const redocly = path.join(path.dirname(require.resolve('@redocly/cli/package.json')), 'bin', 'cli.js');
    const bundled = path.join(scratch, 'openapi.json');
    // The bundle, not the source: only the bundle files each operation's problems under a status.
    run(siteDir, 'linting the definition', [
      redocly,
      'lint',
      bundled,
      '--config',
      path.join(siteDir, 'redocly.yaml'),
      '--format',
      'stylish',
    ]);
    const model = buildDefinition(readDefinition(bundled));
    for (const ext of ['yaml', 'json']) {
      copyFileSync(path.join(scratch, `openapi.${ext}`), path.join(siteDir, 'static', `openapi.${ext}`));
    }
    return writePages(model, path.join(siteDir, 'api'));
  } finally {
    rmSync(scratch, {recursive: true, force: true});
  }
}
