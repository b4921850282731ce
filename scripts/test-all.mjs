#!/usr/bin/env node
/**
 * `npm test`: everything, in the order a failure is cheapest to find: definition lint, API page
 * generation, typecheck, unit tests, production build (with the local sandbox offered), tests on the
 * build, browser tests (with `npm run sandbox` started by Playwright). Ends
 * with one line "N passed, N failed" summing the unit and browser test counts.
 */
import {spawnSync} from 'node:child_process';
import {readFileSync, mkdirSync} from 'node:fs';
import {freePort} from './ports.mjs';

// A port nothing listens on, so the browser tests never meet another server.
const e2ePort = process.env.E2E_PORT ?? String(await freePort());

// One build serves every browser test, so it is made with the local sandbox offered
// (KESTREL_LOCAL_SANDBOX=1, see scripts/local-sandbox.mjs): tests/e2e/sandbox.spec.ts sends requests
// from the explorer to `npm run sandbox`. That a build without the switch lists only production and
// the sandbox is proven on the bundler's output by tests/unit/local-sandbox-switch.test.ts.
process.env.KESTREL_LOCAL_SANDBOX = '1';

// Not test-results/: Playwright empties that folder when it starts.
const REPORTS = 'reports';
mkdirSync(REPORTS, {recursive: true});

const steps = [
  ['definition lint', 'npx', ['redocly', 'lint', '--format', 'stylish']],
  ['API pages', 'npm', ['run', '--silent', 'gen-api']],
  ['typecheck', 'npx', ['tsc', '--noEmit']],
  ['markdown lint', 'npx', ['markdownlint-cli2']],
  ['unit tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${REPORTS}/unit.json`]],
  ['production build', 'npx', ['docusaurus', 'build']],
  ['tests on the build', 'npx', ['vitest', 'run', '--config', 'vitest.build.config.mts', '--reporter=default', '--reporter=json', `--outputFile=${REPORTS}/build.json`]],
  ['browser tests', 'npx', ['playwright', 'test'], {PLAYWRIGHT_JSON_OUTPUT_NAME: `${REPORTS}/e2e.json`, E2E_PORT: e2ePort}],
];

const timings = [];
let failedStep = null;
for (const [name, cmd, args, env] of steps) {
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(cmd, args, {stdio: 'inherit', env: {...process.env, ...env}});
  timings.push([name, ((Date.now() - started) / 1000).toFixed(1)]);
  if (result.status !== 0) {
    failedStep = name;
    break;
  }
}

function counts(file, read) {
  try {
    return read(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return {passed: 0, failed: 0, skipped: 0};
  }
}
const vitestCounts = (r) => ({
  passed: r.numPassedTests,
  failed: r.numFailedTests,
  skipped: r.numPendingTests + (r.numTodoTests ?? 0),
});
// Unit tests, and the Vitest tests that read the build (tests/after-build), counted together.
const unitOnly = counts(`${REPORTS}/unit.json`, vitestCounts);
const onBuild = counts(`${REPORTS}/build.json`, vitestCounts);
const unit = {
  passed: unitOnly.passed + onBuild.passed,
  failed: unitOnly.failed + onBuild.failed,
  skipped: unitOnly.skipped + onBuild.skipped,
};
const e2e = counts(`${REPORTS}/e2e.json`, (r) => ({
  passed: r.stats.expected,
  failed: r.stats.unexpected + r.stats.flaky,
  skipped: r.stats.skipped,
}));

console.log('\n=== summary');
for (const [name, seconds] of timings) console.log(`${name.padEnd(18)} ${seconds.padStart(7)} s`);
console.log(`unit tests: ${unit.passed} passed, ${unit.failed} failed, ${unit.skipped} skipped`);
console.log(`browser tests: ${e2e.passed} passed, ${e2e.failed} failed, ${e2e.skipped} skipped`);
if (failedStep) console.log(`FAILED at step: ${failedStep}`);
const failed = unit.failed + e2e.failed + (failedStep && unit.failed + e2e.failed === 0 ? 1 : 0);
console.log(`${unit.passed + e2e.passed} passed, ${failed} failed, ${unit.skipped + e2e.skipped} skipped`);
process.exit(failedStep ? 1 : 0);
