/**
 * Near the top of an operation or webhook page: what the recent releases changed in what the page
 * documents, each linking its changelog entry on /api/introduction, so a reader who built against
 * an earlier release sees it before the details.
 */
import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import type {PageChange} from '@site/config/changelog';

export default function ChangedIn({changes}: {changes: readonly PageChange[] | undefined}): ReactNode {
  if (!changes?.length) return null;
  return (
    <div className="api-changed-in" role="note" aria-label="Recent changes" data-search-exclude>
      {changes.map((change) => (
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
