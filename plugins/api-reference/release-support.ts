/**
 * The support window on /api/introduction (config/release-support.ts): each release, oldest first,
 * with its dates from releases.json and its state on the day of the build, linking its changelog
 * heading. The dates are the ones the sandbox serves by (Deprecation, Sunset, the 400 after the sunset).
 */
import type {ReleaseSupportData} from '../../config/release-support.ts';
import {releaseState, today, type Release} from '../../definition/index.ts';
import {CHANGELOG_ROUTE} from '../../config/changelog.ts';
import {releaseAnchor} from './changelog.ts';

export function releaseSupport(releases: readonly Release[], day: string = today()): ReleaseSupportData {
  const latest = releases.at(-1)?.version ?? '';
  return releases.map((release) => ({
    version: release.version,
    released: release.date,
    ...(release.deprecated !== undefined && {deprecated: release.deprecated}),
    ...(release.sunset !== undefined && {sunset: release.sunset}),
    state: releaseState(release, latest, day),
    changelogHref: `${CHANGELOG_ROUTE}#${releaseAnchor(release.version)}`,
  }));
}
