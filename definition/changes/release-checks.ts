/**
 * The versioning policy as checks. A release whose changes include a breaking one (found by the
 * diff, or declared in its notes: a change of meaning, pricing, rounding, scope or lifecycle) must
 * be a new major version, with a migration note for each breaking change in its notes; additive or
 * deprecating changes need at least a minor version. The definition under `openapi/` (with the
 * notes of the next release, `next.notes.yaml`) may hold additive changes not yet released, never
 * a breaking one.
 */
import {diffDefinitions} from './diff.ts';
import {declaredOf, NEXT_NOTES, type ReleaseNotes} from './release-notes.ts';
import {versionParts} from './releases.ts';
import type {ApiChange, Release} from './types.ts';

export type Bump = 'major' | 'minor' | 'patch';

/** The least version bump that releases these changes. */
export function requiredBump(changes: ApiChange[]): Bump {
  if (changes.some((c) => c.severity === 'breaking')) return 'major';
  return changes.length ? 'minor' : 'patch';
}

/** The bump from one version to the next. */
export function bumpBetween(from: string, to: string): Bump {
  const [a, b] = [versionParts(from), versionParts(to)];
  if (b[0] > a[0]) return 'major';
  return b[1] > a[1] ? 'minor' : 'patch';
}

const RANK: Record<Bump, number> = {patch: 0, minor: 1, major: 2};

/** A change as a problem line names it: its message, pointer and id. */
export function describe(change: ApiChange): string {
  return `${change.message} [${change.pointer}] (id ${change.id})`;
}

/** Breaking changes once each (a change to a shared schema is listed once per page it reaches). */
export function breakingOnce(changes: ApiChange[]): ApiChange[] {
  const seen = new Set<string>();
  return changes.filter((c) => c.severity === 'breaking' && !seen.has(c.id) && (seen.add(c.id), true));
}

/**
 * The problem of a version bump smaller than the changes need (a breaking change, found or
 * declared, needs a major version), naming each breaking change; none when the bump suffices.
 */
export function bumpProblems(from: string, to: string, changes: ApiChange[]): string[] {
  const needed = requiredBump(changes);
  const bump = bumpBetween(from, to);
  if (RANK[bump] >= RANK[needed]) return [];
  return [
    `${to} is a ${bump} release after ${from}, but its changes need a ${needed} release:`,
    ...breakingOnce(changes).map((c) => `  ${describe(c)}`),
  ];
}

/** What one release breaks of the policy, given its changes since the release before it. */
export function releaseProblems(
  previous: Release,
  release: Release,
  changes: ApiChange[],
  notes: Record<string, string>,
): string[] {
  const problems = bumpProblems(previous.version, release.version, changes);
  for (const change of breakingOnce(changes)) {
    if (!notes[change.id]?.trim()) {
      problems.push(`${release.version} has no migration note for a breaking change: ${describe(change)}`);
    }
  }
  // A note under an id the release does not have is never shown: the changelog refuses it too.
  const ids = new Set(changes.map((c) => c.id));
  for (const id of Object.keys(notes)) {
    if (!ids.has(id)) problems.push(`${release.version} has a migration note for a change it does not have: ${id}`);
  }
  return problems;
}

/**
 * What the unreleased definition and the next release's notes break of the policy, compared with
 * the last release. A definition equal to the last release's is not diffed (the generic engine
 * takes a second): only the notes' declared changes count then.
 */
export function unreleasedProblems(
  last: Release,
  current: object,
  next: ReleaseNotes = {notes: {}, declared: []},
): {problems: string[]; changes: ApiChange[]} {
  const same = JSON.stringify(last.definition) === JSON.stringify(current);
  const declared = declaredOf(next, current, `openapi/releases/${NEXT_NOTES}`);
  const changes = [...(same ? [] : diffDefinitions(last.definition, current)), ...declared.changes];
  const version = (current as {info?: {version?: unknown}}).info?.version;
  const problems = breakingOnce(changes).map((c) => `unreleased breaking change: ${describe(c)}`);
  if (problems.length) {
    const [major] = versionParts(last.version);
    problems.push(
      `Release them as a major version with a migration note each: npm run release:cut -- ${major + 1}.0.0 --summary "..."`,
    );
  }
  const ids = new Set(changes.map((c) => c.id));
  for (const id of Object.keys(next.notes).filter((id) => !ids.has(id))) {
    problems.push(`openapi/releases/${NEXT_NOTES} has a migration note for a change openapi/ does not have: ${id}`);
  }
  if (version !== last.version) {
    problems.push(
      `openapi/openapi.yaml says info.version ${JSON.stringify(version)}, but the last release is ${last.version}: cut a release to change it`,
    );
  }
  return {problems, changes};
}
