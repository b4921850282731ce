/**
 * A Vitest reporter for the closing line of `npm test`: counts the tests passed, failed and skipped,
 * and writes them as JSON to the file named by VITEST_COUNTS_FILE. A test that did not run because a
 * hook of its suite or file failed (a sandbox that would not start in `beforeAll`) counts as failed:
 * Vitest reports such tests as skipped and the run as one failed suite, which hid a whole suite's
 * tests behind one failure. A file that fails before it has any test (an import error), or after
 * all its tests passed (an `afterAll` that threw or timed out), counts as one failed test. Tests
 * skipped on purpose (`it.skip`, `it.todo`) stay skipped.
 *
 * It also writes `problems`: each failure that is not a failed test, as "file: first line of the
 * error", because the closing lines of a long run are often all a reader gets to see.
 */
import {writeFileSync} from 'node:fs';
import path from 'node:path';

/**
 * Whether the test, or a suite or file it is in, failed in a hook.
 * @param {import('vitest/node').TestCase} test
 */
function hookFailed(test) {
  /** @type {import('vitest/node').TestSuite | import('vitest/node').TestModule | undefined} */
  let node = test.parent;
  for (; node; node = node.type === 'module' ? undefined : node.parent) {
    if (node.state() === 'failed' && node.errors().length > 0) return true;
  }
  return false;
}

const firstLine = (/** @type {unknown} */ error) =>
  String(/** @type {{message?: unknown} | undefined} */ (error)?.message ?? error)
    .split('\n', 1)[0]
    ?.slice(0, 200);

/**
 * @param {ReadonlyArray<import('vitest/node').TestModule>} testModules
 * @param {ReadonlyArray<unknown>} [unhandledErrors]
 */
export function countTests(testModules, unhandledErrors = []) {
  const counts = {passed: 0, failed: 0, skipped: 0, problems: /** @type {string[]} */ ([])};
  for (const module of testModules) {
    const tests = [...module.children.allTests()];
    let testFailed = false;
    for (const test of tests) {
      const {state} = test.result();
      if (state === 'passed') counts.passed++;
      else if (state === 'failed') {
        counts.failed++;
        testFailed = true;
      } else if (test.options.mode === 'run' && hookFailed(test)) {
        counts.failed++;
        testFailed = true;
      } else counts.skipped++;
    }
    if (module.state() === 'failed' && !testFailed) {
      counts.failed++;
      const file = path.relative(process.cwd(), module.moduleId);
      // The module's own errors (its top-level afterAll), then its suites' (a describe's afterAll).
      const errors = [...module.errors(), ...[...module.children.allSuites()].flatMap((suite) => suite.errors())];
      counts.problems.push(`${file}: ${errors.length ? firstLine(errors[0]) : 'failed outside its tests'}`);
    }
  }
  counts.problems.sort();
  for (const error of unhandledErrors) {
    counts.failed++;
    counts.problems.push(`unhandled error: ${firstLine(error)}`);
  }
  return counts;
}

export default class CountReporter {
  /**
   * @param {ReadonlyArray<import('vitest/node').TestModule>} testModules
   * @param {ReadonlyArray<unknown>} unhandledErrors
   */
  onTestRunEnd(testModules, unhandledErrors) {
    const file = process.env.VITEST_COUNTS_FILE;
    if (file) writeFileSync(file, JSON.stringify(countTests(testModules, unhandledErrors)));
  }
}
