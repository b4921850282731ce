/**
 * What changed between releases of the definition: the diff (`diffDefinitions`), the released
 * definitions kept under `openapi/releases/` (`readReleases`) and each release with its changes,
 * the changes its notes declare, and its migration notes (`releaseHistory`), for the changelog and
 * for `npm run check:api-changes`.
 */
import {diffDefinitions} from './diff.ts';
import {declaredOf, notesFile, readReleaseNotes, type PlacedChange} from './release-notes.ts';
import {readReleases} from './releases.ts';
import type {ApiChange, Release} from './types.ts';

export type {ApiChange, ChangeSeverity, Release} from './types.ts';
export type {DeclaredChange, DeclaredKind, DeclaredSeverity, PlacedChange, ReleaseNotes} from './release-notes.ts';
export {diffDefinitions, readReleases};

/** A release with what changed since the one before it and its migration notes by change id. */
export interface ReleaseHistoryEntry {
  release: Release;
  previous?: Release;
  /** The diff's changes, then the breaking changes its notes declare (`declared/<kind>`). */
  changes: ApiChange[];
  /** The migration note of each change, by id. */
  notes: Record<string, string>;
  /** The defects this release fixed at every version, as its notes declare them. */
  fixes: PlacedChange[];
}

/** One release's entry, from its changes since the one before it and its notes file. */
export function historyEntry(release: Release, previous: Release | undefined, diff: ApiChange[]): ReleaseHistoryEntry {
  const releaseNotes = readReleaseNotes(release.version);
  const declared = declaredOf(releaseNotes, release.definition, notesFile(release.version));
  return {
    release,
    ...(previous && {previous}),
    changes: [...diff, ...declared.changes],
    notes: {...releaseNotes.notes, ...declared.notes},
    fixes: declared.fixes,
  };
}

/** Every release, newest first, with what changed since the one before it and its migration notes. */
export function releaseHistory(): ReleaseHistoryEntry[] {
  const releases = readReleases();
  return releases
    .map((release, i) => {
      const previous = releases[i - 1];
      return historyEntry(release, previous, previous ? diffDefinitions(previous.definition, release.definition) : []);
    })
    .reverse();
}
