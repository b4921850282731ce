/**
 * What changed between releases of the definition: the diff (`diffDefinitions`), the released
 * definitions kept under `openapi/releases/` (`readReleases`) and each release with its changes
 * and migration notes (`releaseHistory`), for the changelog and for `npm run check:api-changes`.
 */
import {diffDefinitions} from './diff.ts';
import {readNotes, readReleases} from './releases.ts';
import type {ApiChange, Release} from './types.ts';

export type {ApiChange, ChangeSeverity, Release} from './types.ts';
export {diffDefinitions, readReleases};

/** A release with what changed since the one before it and its migration notes by change id. */
export interface ReleaseHistoryEntry {
  release: Release;
  previous?: Release;
  changes: ApiChange[];
  notes: Record<string, string>;
}

/** Every release, newest first, with what changed since the one before it and its migration notes. */
export function releaseHistory(): ReleaseHistoryEntry[] {
  const releases = readReleases();
  return releases
    .map((release, i) => {
      const previous = releases[i - 1];
      return {
        release,
        ...(previous && {previous}),
        changes: previous ? diffDefinitions(previous.definition, release.definition) : [],
        notes: readNotes(release.version),
      };
    })
    .reverse();
}
