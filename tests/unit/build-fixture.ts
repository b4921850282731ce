/** Builds one of the tiny fixture sites under tests/fixtures with Docusaurus, for config checks. */
import {spawnSync} from 'node:child_process';
import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

export function buildFixture(fixture: string, env: Record<string, string>) {
  const site = path.resolve(__dirname, '../fixtures', fixture);
  const outDir = mkdtempSync(path.join(tmpdir(), `${fixture}-`));
  const result = spawnSync('npx', ['docusaurus', 'build', site, '--out-dir', outDir], {
    encoding: 'utf8',
    env: {...process.env, ...env},
  });
  return {status: result.status, output: `${result.stdout}\n${result.stderr}`};
}
