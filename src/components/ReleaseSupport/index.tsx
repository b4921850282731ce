/**
 * The support window on /api/introduction, from the build's api/release-support.json (releases.json
 * read through `readReleases()`): each release with its dates and its state on the day of the build,
 * linking its changelog entry; and the changelog's lists of fixes that apply to every version. A
 * reference table (`data-stacked`, src/css/tables.css): on a phone each release is an entry.
 */
import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import type {ChangelogData} from '@site/config/changelog';
import type {ReleaseState, ReleaseSupportData} from '@site/config/release-support';
import ScrollableTable from '../ScrollableTable';

const COLUMNS = {
  version: 'Release',
  released: 'Released',
  deprecated: 'Deprecated',
  sunset: 'Sunset',
  state: 'State',
} as const;

const STATES: Record<ReleaseState, string> = {
  current: 'Current: the latest release',
  supported: 'Supported',
  deprecated: 'Deprecated: served until its sunset',
  sunset: 'Past its sunset: no longer served',
};

export default function ReleaseSupport({releases}: {releases: ReleaseSupportData}): ReactNode {
  return (
    <ScrollableTable className="release-support" data-stacked="" data-search-exclude>
      <thead>
        <tr>
          {Object.values(COLUMNS).map((name) => (
            <th key={name} scope="col">
              {name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {releases.map((release) => (
          <tr key={release.version} data-support-release={release.version} data-state={release.state}>
            <td data-label={COLUMNS.version}>
              <Link to={release.changelogHref}>{release.version}</Link>
            </td>
            <td data-label={COLUMNS.released}>{release.released}</td>
            <td data-label={COLUMNS.deprecated}>{release.deprecated ?? 'not deprecated'}</td>
            <td data-label={COLUMNS.sunset}>{release.sunset ?? 'none set'}</td>
            <td data-label={COLUMNS.state}>{STATES[release.state]}</td>
          </tr>
        ))}
      </tbody>
    </ScrollableTable>
  );
}

/** A link to each release's fixes that apply to every version, newest first, as the changelog heads them. */
export function EveryVersionFixes({changelog}: {changelog: ChangelogData}): ReactNode {
  const groups = changelog.flatMap((release) =>
    release.groups
      .filter((group) => group.severity === 'fix-to-every-version')
      .map((group) => ({href: `#${release.anchor}-${group.severity}`, heading: group.heading})),
  );
  if (groups.length === 0) return <p>No release has fixed a defect at every version yet.</p>;
  return (
    <ul data-every-version-fixes="">
      {groups.map(({href, heading}) => (
        <li key={href}>
          <Link to={href}>{heading}</Link>
        </li>
      ))}
    </ul>
  );
}
