#!/usr/bin/env node
/**
 * `npm test`: everything, in the order a failure is cheapest to find: API page generation; then at
 * once typecheck, ESLint, definition lint, Prettier's check, Markdown lint and declared
 * dependencies (knip: every package imported is in package.json, every package there is used);
 * unit tests; the build's memory budget (the site built with the definition ten times ours, in a
 * temporary copy); the two builds; then at once the browser tests and the tests on the build. Ends
 * with one line "N passed, N failed, N skipped" that counts this run only, and names any browser
 * spec that failed to load.
 *
 * Two builds, because the build that ships must be the build the browser tests see:
 * - `build/`, the public build (KESTREL_LOCAL_SANDBOX unset): what is deployed, with its CSP and
 *   its two API servers. Every browser test runs against it, and the tests on the build read it.
 * - `build-local-sandbox/` (KESTREL_LOCAL_SANDBOX=1): what `npm start` serves, with the explorer's
 *   "Local sandbox" server and the loopback origin in the CSP. Only the tests of what that switch
 *   adds run against it (tests/e2e/local-sandbox/), each worker with a sandbox of its own.
 * The local-sandbox build is made first, so that the generated API pages and .docusaurus/ left
 * behind are the public build's, which the tests on the build read.
 */
import {spawn} from 'node:child_process';
import {readFileSync, readdirSync, mkdirSync, rmSync} from 'node:fs';
import path from 'node:path';
import {freePort} from '../tooling/ports.mjs';
import {LOCAL_SANDBOX_BUILD_DIR, LOCAL_SANDBOX_SWITCH} from '../sandbox/local-sandbox.mjs';
import {e2eCounts, loadFailureNote} from '../tooling/e2e-counts.mjs';

// Ports nothing listens on, so the browser tests never meet another server.
const e2ePort = process.env.E2E_PORT ?? String(await freePort());
const e2eLocalSandboxPort = process.env.E2E_LOCAL_SANDBOX_PORT ?? String(await freePort());
const e2eAnalyticsPort = process.env.E2E_ANALYTICS_PORT ?? String(await freePort());

const publicEnv = {[LOCAL_SANDBOX_SWITCH]: ''};
const localSandboxEnv = {[LOCAL_SANDBOX_SWITCH]: '1'};

// Not test-results/: Playwright empties that folder when it starts. Emptied here, so that the
// summary never counts a report left by an earlier run.
const REPORTS = 'reports';
rmSync(REPORTS, {recursive: true, force: true});
mkdirSync(REPORTS, {recursive: true});

// Vitest's counts come from our reporter (vitest-count-reporter.mjs), which counts the tests of a
// suite whose beforeAll failed as failed; Vitest's own report calls them skipped.
/**
 * A step: its name, command, arguments, extra environment, and the report its test runner writes.
 * @typedef {{passed: number, failed: number, skipped: number, problems?: string[], failedToLoad?: {file: string, tests: number}[], notRun?: number}} Counts
 * @typedef {{file: string, count: (report: any) => Counts}} StepReport
 * @typedef {[name: string, cmd: string, args: string[], env?: Record<string, string>, report?: StepReport]} Step
 */
const vitestCounts = (/** @type {Counts} */ r) => r;
const vitestReport = ['--reporter=default', '--reporter=./tooling/vitest-count-reporter.mjs'];
const vitestEnv = (/** @type {string} */ name) => ({VITEST_COUNTS_FILE: `${REPORTS}/${name}.json`});
const E2E_DIR = 'tests/e2e';
const e2eEnv = {
  E2E_PORT: e2ePort,
  E2E_LOCAL_SANDBOX_PORT: e2eLocalSandboxPort,
  E2E_ANALYTICS_PORT: e2eAnalyticsPort,
};
// A spec that fails to load counts every test of the run as failed (tooling/e2e-counts.mjs).
const playwrightCounts = (/** @type {import('../tooling/e2e-counts.mjs').Report} */ r) =>
  e2eCounts(r, {
    cwd: process.cwd(),
    env: e2eEnv,
    specFiles: readdirSync(E2E_DIR, {recursive: true, encoding: 'utf8'})
      .filter((file) => file.endsWith('.spec.ts'))
      .map((file) => path.resolve(E2E_DIR, file)),
  });

/** [name, command, args, extra env, report file and how to count it (steps with a test runner)] */
/** @type {Step} */
const unitTests = [
  'unit tests',
  'npx',
  ['vitest', 'run', ...vitestReport],
  vitestEnv('unit'),
  {file: `${REPORTS}/unit.json`, count: vitestCounts},
];
/** @type {Step} */
const buildTests = [
  'tests on the build',
  'npx',
  ['vitest', 'run', '--config', 'vitest.build.config.mts', ...vitestReport],
  vitestEnv('build'),
  {file: `${REPORTS}/build.json`, count: vitestCounts},
];
// The build's peak memory with the definition ten times ours, against its budget
// (bench/memory-budget.mjs): a site build of its own, in a temporary copy of the checkout.
/** @type {Step} */
const memoryBudget = [
  'memory budget',
  'npx',
  ['vitest', 'run', '--config', 'vitest.scale.config.mts', ...vitestReport],
  vitestEnv('scale'),
  {file: `${REPORTS}/scale.json`, count: vitestCounts},
];
/** @type {Step} */
const browserTests = [
  'browser tests',
  'npx',
  ['playwright', 'test'],
  {PLAYWRIGHT_JSON_OUTPUT_NAME: `${REPORTS}/e2e.json`, ...e2eEnv},
  {file: `${REPORTS}/e2e.json`, count: playwrightCounts},
];

/**
 * The steps in stages: the steps of a stage run at once, and a stage starts once the one before
 * has passed. Steps share a stage only when none writes what another reads: the checks of the
 * sources read what the API pages step wrote, the unit tests write fixtures the linters would
 * read, a build rewrites the generated pages, and the tests on the build and the browser tests
 * only read the builds. Most of these checks use one core each; the machines have two.
 */
/** @type {Step[][]} */
const stages = [
  [['API pages', 'npm', ['run', '--silent', 'gen-api'], publicEnv]],
  [
    ['typecheck', 'npx', ['tsc', '--noEmit']],
    ['lint', 'npm', ['run', '--silent', 'lint']],
    ['definition lint', 'npm', ['run', '--silent', 'lint:api']],
    ['API changes', 'npm', ['run', '--silent', 'check:api-changes']],
    ['format check', 'npm', ['run', '--silent', 'format:check']],
    ['markdown lint', 'npm', ['run', '--silent', 'lint:markdown']],
    ['dependencies', 'npm', ['run', '--silent', 'check:deps']],
  ],
  [unitTests],
  // Alone: a build uses both cores, and it reads only the sources (it builds in a copy).
  [memoryBudget],
  [
    [
      'local-sandbox build',
      'npm',
      ['run', '--silent', 'build', '--', '--out-dir', LOCAL_SANDBOX_BUILD_DIR],
      localSandboxEnv,
    ],
  ],
  [['production build', 'npm', ['run', '--silent', 'build'], publicEnv]],
  [browserTests, buildTests],
];
const steps = stages.flat();

/**
 * The counts in a runner's report, or null when it wrote none (it crashed, or never started).
 * @param {StepReport} report
 * @returns {Counts | null}
 */
function reportCounts({file, count}) {
  try {
    return count(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return null;
  }
}

/**
 * Runs a step. The first step of a stage writes to the terminal as it goes; the others' output is
 * held and written when they end, so that the outputs of a stage never interleave.
 * @param {Step} step
 * @param {boolean} live
 * @returns {Promise<{status: number | null, seconds: string}>}
 */
function runStep([name, cmd, args, env = {}], live) {
  const header = `\n=== ${name}: ${cmd} ${args.join(' ')}`;
  if (live) console.log(header);
  const started = Date.now();
  const child = spawn(cmd, args, {
    stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    env: {...process.env, ...env},
  });
  /** @type {Buffer[]} */
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    const end = (/** @type {number | null} */ status) => {
      if (!live) process.stdout.write(`${header}\n${Buffer.concat(output).toString()}`);
      resolve({status, seconds: ((Date.now() - started) / 1000).toFixed(1)});
    };
    child.once('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      end(null);
    });
    child.once('close', end);
  });
}

/** @type {[name: string, seconds: string, outcome: string][]} */
const rows = [];
const notes = [];
// Failures that are not a failed test (a file's afterAll, an unhandled error), named under the table.
/** @type {string[]} */
const problems = [];
const total = {passed: 0, failed: 0, skipped: 0};
/** @type {string[]} */
const failedSteps = [];
for (const stage of stages) {
  const results = await Promise.all(stage.map((step, index) => runStep(step, index === 0)));
  for (const [i, [name, , , , report]] of stage.entries()) {
    const {status, seconds} = /** @type {{status: number | null, seconds: string}} */ (results[i]);
    const ok = status === 0;
    const counts = report ? reportCounts(report) : null;
    // Browser specs that failed to load, named on the closing line too.
    const note = counts?.failedToLoad
      ? loadFailureNote({failedToLoad: counts.failedToLoad, notRun: counts.notRun ?? 0})
      : '';
    if (note) notes.push(note);
    for (const problem of counts?.problems ?? []) problems.push(`${name}: ${problem}`);
    if (counts) {
      total.passed += counts.passed;
      total.failed += counts.failed;
      total.skipped += counts.skipped;
    }
    // A step that fails without a failed test to show for it (a lint error, a build error, a
    // runner that crashed or never wrote its report) counts as one failure, so the closing line
    // can never read "0 failed" for a run that failed.
    if (!ok && !(counts && counts.failed > 0)) total.failed += 1;
    rows.push([
      name,
      seconds,
      counts
        ? `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped${note}`
        : ok
          ? 'ok'
          : 'FAILED',
    ]);
    if (!ok) failedSteps.push(name);
  }
  if (failedSteps.length) break;
}

console.log('\n=== summary');
for (const [name, seconds, outcome] of rows) console.log(`${name.padEnd(20)} ${seconds.padStart(7)} s  ${outcome}`);
for (const [name] of steps.filter(([step]) => !rows.some(([ran]) => ran === step)))
  console.log(`${name.padEnd(20)}       -    not run`);
for (const problem of problems) console.log(`  ${problem}`);
if (failedSteps.length) console.log(`FAILED at step: ${failedSteps.join(', ')}`);
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped${notes.join('')}`);
process.exit(failedSteps.length ? 1 : 0);
