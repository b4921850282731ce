/**
 * A Vitest reporter for the closing line of `npm test`: counts the tests passed, failed and skipped,
 * and writes them as JSON to the file named by VITEST_COUNTS_FILE. A test that did not run because a
 * hook of its suite or file failed (a sandbox that would not start in `beforeAll`) counts as failed:
 * Vitest reports such tests as skipped and the run as one failed suite, which hid a whole suite's
 * tests behind one failure. A file that fails before it has any test (an import error) counts as
 * one failed test. Tests skipped on purpose (`it.skip`, `it.todo`) stay skipped.
 */
import {writeFileSync} from 'node:fs';

/** Whether the test, or a suite or file it is in, failed in a hook. */
function hookFailed(test) {
  for (let node = test.parent; node; node = node.type === 'module' ? undefined : node.parent) {
    if (node.state() === 'failed' && node.errors().length > 0) return true;
  }
  return false;
}

export function countTests(testModules) {
  const counts = {passed: 0, failed: 0, skipped: 0};
  for (const module of testModules) {
    const tests = [...module.children.allTests()];
    if (tests.length === 0 && module.state() === 'failed') counts.failed++;
    for (const test of tests) {
      const {state} = test.result();
      if (state === 'passed') counts.passed++;
      else if (state === 'failed') counts.failed++;
      else if (test.options.mode === 'run' && hookFailed(test)) counts.failed++;
      else counts.skipped++;
    }
  }
  return counts;
}

export default class CountReporter {
  onTestRunEnd(testModules) {
    const file = process.env.VITEST_COUNTS_FILE;
    if (file) writeFileSync(file, JSON.stringify(countTests(testModules)));
  }
}
