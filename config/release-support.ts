/**
 * The support window of each release as /api/introduction draws it: written at build time by
 * plugins/api-reference (api/release-support.json, from openapi/releases/releases.json through
 * `readReleases()`) and drawn by src/components/ReleaseSupport. Imports nothing: the browser reads it.
 */

/**
 * Where a release is in its life on the day of the build: the newest release is `current`; an older
 * one is `supported` until deprecated, then `deprecated` until its sunset, then `sunset` (no longer served).
 */
export type ReleaseState = 'current' | 'supported' | 'deprecated' | 'sunset';

export interface ReleaseSupportRow {
  version: string;
  /** `YYYY-MM-DD` */
  released: string;
  /** `YYYY-MM-DD`, when a later release replaced it. */
  deprecated?: string;
  /** `YYYY-MM-DD`: from this day it is no longer served. */
  sunset?: string;
  state: ReleaseState;
  /** The release's heading in the changelog: `#release-2-0-0`. */
  changelogHref: string;
}

/** Oldest first. */
export type ReleaseSupportData = ReleaseSupportRow[];
