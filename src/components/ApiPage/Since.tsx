/**
 * The mark of what a release still served lacks (`Since 2.0.0, not in 1.0.0`), on a field row or
 * on the page's subject, linking the changelog entry of the release that added it: a reader pinned
 * to the older release learns that the row is not in their answers.
 */
import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import type {ApiSince} from '@site/config/api-page';

/** `Since 2.0.0, not in 1.0.0`; several releases without it are joined with "or". */
export function sinceWords({version, notIn}: ApiSince): string {
  const older = notIn.length > 1 ? `${notIn.slice(0, -1).join(', ')} or ${notIn.at(-1)}` : notIn[0];
  return `Since ${version}, not in ${older}`;
}

export default function Since({since, className}: {since: ApiSince | undefined; className: string}): ReactNode {
  if (!since) return null;
  return (
    <Link className={className} to={since.href} data-since={since.version}>
      {sinceWords(since)}
    </Link>
  );
}
