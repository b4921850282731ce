/**
 * How `npm test` counts the browser tests when a spec fails to load (tooling/e2e-counts.mjs), on
 * fixture specs run through Playwright in a temporary git repository: Playwright then runs no test
 * at all, and every test of the run must count as failed (the broken spec's as at the last commit,
 * one for a new spec), with the broken specs named.
 */
import {describe, it, expect, beforeAll, afterAll} from 'vitest';
import {spawnSync} from 'node:child_process';
import {existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {ROOT} from './openapi-definition';
import {e2eCounts, loadFailureNote} from '../../tooling/e2e-counts.mjs';

const spec = (titles: string[]) =>
  `import {test, expect} from '@playwright/test';\n${titles.map((t) => `test('${t}', () => expect(1).toBe(1));\n`).join('')}`;

let dir: string;
const files = () => ['a.spec.ts', 'b.spec.ts', 'c.spec.ts'].map((f) => path.join(dir, f)).filter((f) => existsSync(f));

function git(...args: string[]) {
  const run = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {cwd: dir});
  if (run.status !== 0) throw new Error(`git ${args.join(' ')}: ${run.stderr}`);
}

/** Runs Playwright in the fixture repository as `npm test` does, and counts its report. */
function runAndCount() {
  const reportFile = path.join(dir, 'report.json');
  spawnSync('npx', ['playwright', 'test', '--reporter=json'], {
    cwd: dir,
    env: {...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: reportFile, CI: ''},
  });
  return e2eCounts(JSON.parse(readFileSync(reportFile, 'utf8')), {cwd: dir, specFiles: files()});
}

describe('browser test counts when a spec fails to load', () => {
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'e2e-counts-'));
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
    writeFileSync(
      path.join(dir, 'playwright.config.ts'),
      "import {defineConfig} from '@playwright/test';\nexport default defineConfig({testDir: '.', workers: 1});\n",
    );
    writeFileSync(path.join(dir, 'a.spec.ts'), spec(['a1', 'a2']));
    writeFileSync(path.join(dir, 'b.spec.ts'), spec(['b1', 'b2', 'b3']));
    git('init', '-q');
    git('add', '-A');
    git('commit', '-q', '-m', 'fixture');
  });
  afterAll(() => rmSync(dir, {recursive: true, force: true}));

  it('count as Playwright does when every spec loads', () => {
    expect(runAndCount()).toEqual({passed: 5, failed: 0, skipped: 0, failedToLoad: [], notRun: 0});
  });

  it("count every test as failed when specs fail to load: a broken spec's tests as at the last commit, one for a new spec, and the others' not run", () => {
    writeFileSync(path.join(dir, 'b.spec.ts'), `${spec(['b1', 'b2', 'b3'])}const broken = ;\n`);
    writeFileSync(path.join(dir, 'c.spec.ts'), `import './no-such-module';\n${spec(['c1'])}`);
    const counts = runAndCount();
    expect(counts).toEqual({
      passed: 0,
      failed: 6,
      skipped: 0,
      failedToLoad: [
        {file: 'b.spec.ts', tests: 3},
        {file: 'c.spec.ts', tests: 1},
      ],
      notRun: 2,
    });
    expect(loadFailureNote(counts)).toBe(
      ' (failed to load: b.spec.ts (3 tests), c.spec.ts (1 test); 2 tests of the other specs not run, counted as failed)',
    );
    // The copy listed for the last commit's tests is gone.
    expect(readdirSync(dir).filter((f) => f.includes('at-last-commit'))).toEqual([]);
  }, 120_000);
});
