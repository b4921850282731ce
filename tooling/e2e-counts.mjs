/**
 * How `npm test` counts the browser tests, from Playwright's JSON report. A spec that fails while
 * loading (a syntax error, an import that throws) stops Playwright before any test runs: its report
 * then holds no test at all, only the load error. Counted as it stands, the closing line would
 * show one failure and leave every test unrun and uncounted. Here every test of the run counts as
 * failed instead: the tests of a spec that failed to load (those it held at the last commit, at
 * least one when it is new or failed there too), and every test of the specs that loaded but
 * never ran.
 */
import {spawnSync} from 'node:child_process';
import {rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';

/**
 * The parts of Playwright's JSON report read here.
 * @typedef {{specs?: {tests: unknown[]}[]; suites?: ReportSuite[]}} ReportSuite
 * @typedef {{location?: {file?: string}; stack?: string; message?: string}} ReportError
 * @typedef {{errors?: ReportError[]; suites?: ReportSuite[]}} Listing
 * @typedef {Listing & {stats: {expected: number; unexpected: number; flaky: number; skipped: number}}} Report
 * @typedef {{file: string, tests: number}} FailedToLoad
 */

/** A spec file's path in an error's stack: `(/repo/tests/e2e/a.spec.ts:2:1)` or `- /repo/tests/e2e/a.spec.ts`. */
const SPEC_IN_TEXT = /[^\s()'"]+\.spec\.[cm]?[jt]sx?(?=[:)\s]|$)/g;

/**
 * The spec files that a report's load errors name, among `specFiles` (absolute paths): the file
 * where the error is, or the spec that imported the broken module.
 * @param {Listing} report
 * @param {string[]} specFiles
 */
export function specsThatFailedToLoad(report, specFiles) {
  /** @type {Set<string>} */
  const files = new Set();
  for (const error of report.errors ?? []) {
    const text = `${error.location?.file ?? ''}\n${error.stack ?? error.message ?? ''}`;
    for (const [file] of text.matchAll(SPEC_IN_TEXT)) if (specFiles.includes(file)) files.add(file);
  }
  return [...files].sort();
}

/**
 * The number of tests a Playwright JSON report (of a run or of `--list`) holds.
 * @param {Listing} report
 * @returns {number}
 */
export function testsInReport(report) {
  /** @type {(suite: ReportSuite) => number} */
  const count = (suite) =>
    (suite.specs ?? []).reduce((sum, spec) => sum + spec.tests.length, 0) +
    (suite.suites ?? []).reduce((sum, child) => sum + count(child), 0);
  return (report.suites ?? []).reduce((sum, suite) => sum + count(suite), 0);
}

const escapeRegExp = (/** @type {string} */ text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Lists (`playwright test --list`) the tests of the given spec files, or of all but `except`;
 * null when the listing itself fails to load.
 * @param {{cwd: string, args: string[], files?: string[], env?: Record<string, string>}} options
 * @returns {Listing | null}
 */
function listTests({cwd, args, files = [], env = {}}) {
  const listed = spawnSync(
    'npx',
    ['playwright', 'test', ...args, '--list', '--reporter=json', ...files.map((f) => `${escapeRegExp(f)}$`)],
    {cwd, encoding: 'utf8', env: {...process.env, ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: ''}, maxBuffer: 64 << 20},
  );
  try {
    const report = JSON.parse(listed.stdout);
    return (report.errors ?? []).length > 0 ? null : report;
  } catch {
    return null;
  }
}

/**
 * How many tests a spec held at the last commit (listed from a copy beside it), or null.
 * @param {{cwd: string, args: string[], env?: Record<string, string>}} run
 * @param {string} file
 */
function testsAtLastCommit({cwd, args, env}, file) {
  const relative = path.relative(cwd, file);
  const head = spawnSync('git', ['show', `HEAD:${relative.split(path.sep).join('/')}`], {cwd, encoding: 'utf8'});
  if (head.status !== 0) return null;
  const copy = file.replace(/(\.(?:spec|test)\.[cm]?[jt]sx?)$/, '.at-last-commit$1');
  writeFileSync(copy, head.stdout);
  try {
    const report = listTests({cwd, args, env, files: [copy]});
    return report ? testsInReport(report) : null;
  } finally {
    rmSync(copy, {force: true});
  }
}

/**
 * The counts of a Playwright run's report. When specs failed to load, `cwd` and the run's `args`
 * are used to list what the run held: every test of the specs that loaded (listed without the
 * broken ones) and of each broken spec (as at the last commit, at least one) counts as failed.
 * @param {Report} report Playwright's JSON report of the run
 * @param {{cwd: string, args?: string[], env?: Record<string, string>, specFiles: string[]}} run
 *   `specFiles`: every spec file the run would have loaded (absolute paths)
 * @returns {{passed: number, failed: number, skipped: number, failedToLoad: {file: string, tests: number}[], notRun: number}}
 */
export function e2eCounts(report, run) {
  const counts = {
    passed: report.stats.expected,
    failed: report.stats.unexpected + report.stats.flaky,
    skipped: report.stats.skipped,
    failedToLoad: /** @type {FailedToLoad[]} */ ([]),
    notRun: 0,
  };
  const broken = specsThatFailedToLoad(report, run.specFiles);
  if (broken.length === 0) return counts;
  const args = run.args ?? [];
  const loaded = run.specFiles.filter((file) => !broken.includes(file));
  const listed = loaded.length ? listTests({cwd: run.cwd, args, env: run.env, files: loaded}) : null;
  const ran = counts.passed + counts.failed + counts.skipped;
  counts.notRun = Math.max(0, (listed ? testsInReport(listed) : loaded.length) - ran);
  counts.failedToLoad = broken.map((file) => ({
    file: path.relative(run.cwd, file),
    tests: Math.max(1, testsAtLastCommit({cwd: run.cwd, args, env: run.env}, file) ?? 1),
  }));
  counts.failed += counts.notRun + counts.failedToLoad.reduce((sum, f) => sum + f.tests, 0);
  return counts;
}

/**
 * The words the summary adds after a run's counts when specs failed to load.
 * @param {{failedToLoad: FailedToLoad[], notRun: number}} counts
 */
export function loadFailureNote({failedToLoad, notRun}) {
  if (failedToLoad.length === 0) return '';
  const specs = failedToLoad.map((f) => `${f.file} (${f.tests} test${f.tests === 1 ? '' : 's'})`).join(', ');
  return ` (failed to load: ${specs}; ${notRun} tests of the other specs not run, counted as failed)`;
}
