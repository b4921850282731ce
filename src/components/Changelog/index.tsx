/**
 * The changelog on /api/introduction: each release, newest first, as a heading with its version
 * and date, then its changes in lists (breaking, additive, deprecated), each naming the rows it
 * touched and, where code must change, what to do. Lists, not a table, so it reads on a phone. The
 * data is the build's (api/changelog.json, from the released definitions); every entry's id is
 * registered with the broken-anchor check, so an operation page's "Changed in" link to an entry
 * that is not here fails the build.
 */
import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import Heading from '@theme/Heading';
import type {ChangelogData, ChangelogEntry, ChangelogGroup, ChangelogRelease} from '@site/config/changelog';
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

function Entry({entry, breaking}: {entry: ChangelogEntry; breaking: boolean}): ReactNode {
  useBrokenLinks().collectAnchor(entry.anchor);
  return (
    <li id={entry.anchor} className={styles.entry} data-change-id={entry.id}>
      <p>
        {breaking && <strong className={styles.flag}>Breaking:</strong>}{' '}
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
        {`${group.title} in ${release.version}`}
      </Heading>
      <ul className={styles.entries} data-severity={group.severity}>
        {group.entries.map((entry) => (
          <Entry key={entry.id} entry={entry} breaking={group.severity === 'breaking'} />
        ))}
      </ul>
    </>
  );
}

export default function Changelog({releases}: {releases: ChangelogData}): ReactNode {
  // Out of search: every entry names fields and operations that their own pages define, and a
  // release's number would match any query with a digit; the section "Changelog" stays findable.
  return (
    <div className={styles.changelog} data-search-exclude>
      {releases.map((release) => (
        <section key={release.version} aria-labelledby={release.anchor} data-release={release.version}>
          <Heading as="h3" id={release.anchor}>
            {`${release.version}, ${longDate(release.date)}`}
          </Heading>
          <p dangerouslySetInnerHTML={{__html: release.summaryHtml}} />
          {release.groups.map((group) => (
            <Group key={group.severity} group={group} release={release} />
          ))}
        </section>
      ))}
    </div>
  );
}
