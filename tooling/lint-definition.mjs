// Redocly's lint of the definition as readers get it. The source under openapi/ lists each
// operation's problems without a status (`x-problems`); the status comes from the error catalogue
// (definition/problem-responses.ts). So lint reads the bundle with its problems filed, with the
// rules of `redocly.yaml`, and rules such as "every operation documents a 4xx" see the statuses
// readers see. (Its prose still names facts as `%fact:NAME%`: a definition lint refuses should
// not have to make a model first.)
import {spawnSync} from 'node:child_process';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {keyProblemResponses} from '../definition/index.ts';
import {bundleDefinitionSource, ROOT} from './working-definition.mjs';

const require = createRequire(import.meta.url);

/**
 * Lints the definition of the checkout (or copy) at `root`.
 * @param {string} [root]
 * @returns {Promise<{status: number, output: string}>} the CLI's exit status and its report
 */
export async function lintDefinition(root = ROOT) {
  const cli = path.join(path.dirname(require.resolve('@redocly/cli/package.json')), 'bin', 'cli.js');
  const dir = mkdtempSync(path.join(tmpdir(), 'lint-definition-'));
  try {
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(keyProblemResponses(await bundleDefinitionSource(root)), null, 2));
    const result = spawnSync(
      process.execPath,
      [cli, 'lint', file, '--config', path.join(root, 'redocly.yaml'), '--format', 'stylish'],
      {
        cwd: root,
        encoding: 'utf8',
        env: {...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true'},
      },
    );
    const output = `${result.stdout}${result.stderr}`
      .split('\n')
      .filter((line) => !/^\s*[║╔╚]/.test(line))
      .join('\n');
    return {status: result.status ?? 1, output};
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
}
