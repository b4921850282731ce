/**
 * The changelog on /api/introduction: each release, newest first, as a heading with its version
 * and date and a link to download its definition, then its changes in lists (breaking, additive,
 * deprecated, then the fixes it made to every version), each naming the rows it touched and, where
 * code must change, what to do. Lists, not a table, so it reads on a phone. The
 * data is the build's (api/changelog.json, from the released definitions); every entry's id is
 * registered with the broken-anchor check, so an operation page's "Changed in" link to an entry
 * that is not here fails the build.
 */
import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import Heading from '@theme/Heading';
import type {
  ChangelogData,
  ChangelogEntry,
  ChangelogGroup,
  ChangelogRelease,
  ChangelogSection,
} from '@site/config/changelog';
import styles from './styles.module.css';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** `2026-11-27` as `27 November 2026`, the same on the server and in the browser (no time zone). */
function longDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return `${day} ${MONTHS[month! - 1]} ${year}`;
}

/**
 * The rows an entry names before it counts the rest: a change to a shared answer (an error code
 * that became open) reaches every operation, and each of those pages says it changed. The link's
 * text is the page; the row is the link's target and the message names the field.
 */
const LISTED_LINKS = 3;

/** The word an entry starts with where code must act: a breaking change, or a fix it meets at every version. */
const FLAGS: Partial<Record<ChangelogSection, string>> = {
  breaking: 'Breaking:',
  'fix-to-every-version': 'Every version:',
};

function Entry({entry, flag}: {entry: ChangelogEntry; flag: string | undefined}): ReactNode {
  useBrokenLinks().collectAnchor(entry.anchor);
  return (
    <li id={entry.anchor} className={styles.entry} data-change-id={entry.id}>
      <p>
        {flag && <strong className={styles.flag}>{flag}</strong>}{' '}
        <span dangerouslySetInnerHTML={{__html: entry.messageHtml}} />
      </p>
      <p className={styles.where}>
        {'Where: '}
        {entry.links.slice(0, LISTED_LINKS).map((link, i) => (
          <React.Fragment key={link.href}>
            {i > 0 && '; '}
            <Link to={link.href}>{link.page}</Link>
          </React.Fragment>
        ))}
        {entry.links.length > LISTED_LINKS && `; and ${entry.links.length - LISTED_LINKS} more`}.
      </p>
      {entry.noteHtml && (
        <div className={styles.note}>
          <strong>What to do:</strong> <span dangerouslySetInnerHTML={{__html: entry.noteHtml}} />
        </div>
      )}
    </li>
  );
}

function Group({group, release}: {group: ChangelogGroup; release: ChangelogRelease}): ReactNode {
  return (
    <>
      <Heading as="h4" id={`${release.anchor}-${group.severity}`}>
        {group.heading}
      </Heading>
      <ul className={styles.entries} data-severity={group.severity}>
        {group.entries.map((entry) => (
          <Entry key={entry.id} entry={entry} flag={FLAGS[group.severity]} />
        ))}
      </ul>
    </>
  );
}

function Release({release}: {release: ChangelogRelease}): ReactNode {
  const definition = useBaseUrl(release.definitionHref);
  return (
    <section aria-labelledby={release.anchor} data-release={release.version}>
      <Heading as="h3" id={release.anchor}>
        {`${release.version}, ${longDate(release.date)}`}
      </Heading>
      <p dangerouslySetInnerHTML={{__html: release.summaryHtml}} />
      <p className={styles.download}>
        {/* eslint-disable-next-line @docusaurus/no-html-links -- a static file, not a route: <Link> would route it in the client */}
        <a href={definition} download data-release-definition={release.version}>
          {`Download the ${release.version} definition (OpenAPI, JSON)`}
        </a>
      </p>
      {release.groups.map((group) => (
        <Group key={group.severity} group={group} release={release} />
      ))}
    </section>
  );
}

export default function Changelog({releases}: {releases: ChangelogData}): ReactNode {
  // Out of search: every entry names fields and operations that their own pages define, and a
  // release's number would match any query with a digit; the section "Changelog" stays findable.
  return (
    <div className={styles.changelog} data-search-exclude>
      {releases.map((release) => (
        <Release key={release.version} release={release} />
      ))}
    </div>
  );
}
