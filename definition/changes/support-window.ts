/**
 * The support window of each release on a given day, from the releases' `deprecated` and `sunset`
 * (./releases.ts): what the introduction's table shows, which releases the explorer offers, and which
 * older releases an operation page compares against. A release is served until the day of its
 * sunset, as the sandbox serves it (sandbox/versions/api-versions.ts).
 */
import type {ReleaseState} from '../../config/release-support.ts';
import type {Release} from './types.ts';

/** Today in UTC, `YYYY-MM-DD`: the day a build states the window for. */
export const today = () => new Date().toISOString().slice(0, 10);

/** Where `release` is in its life on `day` (`YYYY-MM-DD`); `latest` is the newest release's version. */
export function releaseState(release: Release, latest: string, day: string): ReleaseState {
  if (release.sunset !== undefined && day >= release.sunset) return 'sunset';
  if (release.deprecated !== undefined && day >= release.deprecated) return 'deprecated';
  return release.version === latest ? 'current' : 'supported';
}

/** The versions served on `day`, oldest first: every release before its sunset. */
export function servedVersions(releases: readonly Release[], day: string): string[] {
  const latest = releases.at(-1)?.version ?? '';
  return releases.filter((r) => releaseState(r, latest, day) !== 'sunset').map((r) => r.version);
}
