/**
 * How `npm test` counts Vitest's tests (tooling/vitest-count-reporter.mjs), on fixture suites: a
 * test that never ran because its suite's or file's beforeAll failed counts as failed, not
 * skipped; a file whose afterAll failed counts as one failure and is named with its error; a test
 * skipped on purpose stays skipped. And `.only` is refused: it would silently skip every other test.
 */
import {describe, it, expect} from 'vitest';
import {spawnSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {ROOT} from './openapi-definition';
import playwrightConfig from '../../playwright.config';

const FIXTURES = path.join(ROOT, 'tests/fixtures/vitest-counts');
const VITEST = path.join(ROOT, 'node_modules/vitest/vitest.mjs');

function runFixtures(extraFiles: Record<string, string> = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'vitest-counts-'));
  const countsFile = path.join(dir, 'counts.json');
  const written = Object.entries(extraFiles).map(([name, text]) => {
    const file = path.join(FIXTURES, name);
    writeFileSync(file, text);
    return file;
  });
  try {
    const run = spawnSync(
      process.execPath,
      [
        VITEST,
        'run',
        '--config',
        path.join(FIXTURES, 'vitest.config.mts'),
        '--reporter=default',
        '--reporter=./tooling/vitest-count-reporter.mjs',
      ],
      {cwd: ROOT, env: {...process.env, VITEST_COUNTS_FILE: countsFile, CI: ''}, encoding: 'utf8'},
    );
    return {status: run.status, output: run.stdout + run.stderr, counts: JSON.parse(readFileSync(countsFile, 'utf8'))};
  } finally {
    for (const file of written) rmSync(file, {force: true});
    rmSync(dir, {recursive: true, force: true});
  }
}

describe("npm test's counts", () => {
  it('count every test of a suite or file whose beforeAll failed as failed; it.skip stays skipped', () => {
    const {status, counts} = runFixtures();
    expect(status).not.toBe(0);
    // hook-fails: 2 not run (failed), 1 skipped, 1 passed, 1 failed; file-hook-fails: 2 not run
    // (failed); teardown-fails and suite-teardown-fails: 1 passed each, and each afterAll one failure.
    expect(counts).toEqual({
      passed: 3,
      failed: 7,
      skipped: 1,
      problems: [
        'tests/fixtures/vitest-counts/suite-teardown-fails.fixture.ts: the receiver did not stop',
        'tests/fixtures/vitest-counts/teardown-fails.fixture.ts: the sandbox did not stop',
      ],
    });
  });

  it('Playwright refuses .only, with or without CI set', () => {
    expect(playwrightConfig.forbidOnly).toBe(true);
  });

  it('refuse .only, even without CI set', () => {
    const {status, output, counts} = runFixtures({
      'only.fixture.ts': "import {it, expect} from 'vitest';\nit.only('alone', () => expect(1).toBe(1));\n",
    });
    expect(status).not.toBe(0);
    expect(output).toMatch(/\.only/);
    expect(counts.failed).toBeGreaterThanOrEqual(8);
  });
});
