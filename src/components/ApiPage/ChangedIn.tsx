/**
 * Near the top of an operation or webhook page: what the recent releases changed in what the page
 * documents, each linking its changelog entry on /api/introduction, so a reader who built against
 * an earlier release sees it before the details; and, when a release still served lacks the
 * operation or webhook itself, the release that added it.
 */
import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import type {ApiSince} from '@site/config/api-page';
import type {PageChange} from '@site/config/changelog';
import Since from './Since';

export default function ChangedIn({
  changes,
  since,
}: {
  changes: readonly PageChange[] | undefined;
  since?: ApiSince;
}): ReactNode {
  if (!changes?.length && !since) return null;
  return (
    <div className="api-changed-in" role="note" aria-label="Recent changes" data-search-exclude>
      {since && (
        <p data-severity="additive">
          <Since since={since} className="api-since" />.
        </p>
      )}
      {changes?.map((change) => (
        <p key={change.href} data-severity={change.severity}>
          <Link
            to={change.href}
          >{`Changed in ${change.version}${change.severity === 'breaking' ? ' (breaking)' : ''}`}</Link>
          : <span dangerouslySetInnerHTML={{__html: change.messageHtml}} />
        </p>
      ))}
    </div>
  );
}
