#!/usr/bin/env node
// npm run check:api-changes: the definition's releases keep the versioning policy, and openapi/
// holds no breaking change that is not released. It compares each release with the one before it
// (a breaking change, found by the diff or declared in <version>.notes.yaml, needs a new major
// version and a migration note), then openapi/ with the last release, with the changes
// next.notes.yaml declares (additive changes may wait for the next release; a breaking one may
// not). Exits non-zero naming each change: its operation or schema (or declared kind), JSON
// pointer and id.
import {performance} from 'node:perf_hooks';
import {historyEntry, NEXT_VERSION, readReleaseNotes, readReleases} from '../definition/index.ts';
import {releaseProblems, unreleasedProblems} from '../definition/index.ts';
import {diffByRules, diffDefinitions} from '../definition/index.ts';
import {bundleWorkingDefinition} from '../tooling/working-definition.mjs';

const started = performance.now();
const problems = [];
let releases;
try {
  releases = readReleases();
} catch (error) {
  console.error(`check:api-changes: ${/** @type {Error} */ (error).message}`);
  process.exit(1);
}
if (releases.length === 0) {
  console.error('check:api-changes: openapi/releases/releases.json lists no release');
  process.exit(1);
}
// The bundle is made in a child process while the releases are compared.
const bundling = bundleWorkingDefinition();
bundling.catch(() => {});
// The newest release is compared as the changelog compares it, with the generic engine too; older
// ones, checked the same way when they were cut, by our rules alone, so that the check's time does
// not grow by an engine run per release (about a second each) and a newer engine cannot fail a
// release that is already published.
for (let i = 1; i < releases.length; i++) {
  const previous = /** @type {(typeof releases)[number]} */ (releases[i - 1]);
  const release = /** @type {(typeof releases)[number]} */ (releases[i]);
  const diff = i === releases.length - 1 ? diffDefinitions : diffByRules;
  try {
    const {changes, notes} = historyEntry(release, previous, diff(previous.definition, release.definition));
    problems.push(...releaseProblems(previous, release, changes, notes));
  } catch (error) {
    problems.push(/** @type {Error} */ (error).message);
  }
}
const last = /** @type {(typeof releases)[number]} */ (releases.at(-1));
let current;
try {
  current = await bundling;
} catch (error) {
  console.error(`check:api-changes: ${/** @type {Error} */ (error).message}`);
  process.exit(1);
}
let unreleased = 0;
let next;
try {
  next = readReleaseNotes(NEXT_VERSION);
} catch (error) {
  console.error(`check:api-changes: ${/** @type {Error} */ (error).message}`);
  process.exit(1);
}
// The usual case on main: openapi/ is the last release, no change is declared for the next one,
// and there is nothing to compare.
if (
  JSON.stringify(current) !== JSON.stringify(last.definition) ||
  next.declared.length ||
  Object.keys(next.notes).length
) {
  try {
    const result = unreleasedProblems(last, current, next);
    problems.push(...result.problems);
    unreleased = new Set(result.changes.map((c) => c.id)).size;
  } catch (error) {
    problems.push(/** @type {Error} */ (error).message);
  }
}
const seconds = ((performance.now() - started) / 1000).toFixed(1);
if (problems.length) {
  console.error(`check:api-changes: ${problems.length} problem(s):\n${problems.map((p) => `- ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(
  `check:api-changes: ${releases.length} releases keep the policy; openapi/ ${unreleased ? `has ${unreleased} unreleased non-breaking change(s) since` : 'is'} ${last.version} (${seconds} s)`,
);
