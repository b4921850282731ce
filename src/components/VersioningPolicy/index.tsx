/**
 * The versioning policy's lists on /api/introduction, from the build's api/versioning-policy.json:
 * the kinds of change in the words the API changes check uses for them, and the enums the
 * definition declares open with their values today.
 */
import React, {type ReactNode} from 'react';
import type {ChangeSeverity, VersioningPolicyData} from '@site/config/changelog';

export function ChangeRuleList({
  policy,
  severity,
}: {
  policy: VersioningPolicyData;
  severity: ChangeSeverity;
}): ReactNode {
  return (
    // Out of search: its field and type words would outrank the pages that define them.
    <ul data-change-rules={severity} data-search-exclude>
      {policy.rules[severity].map((html) => (
        <li key={html} dangerouslySetInnerHTML={{__html: html}} />
      ))}
    </ul>
  );
}

/** An enum with more values than this (the error codes) is counted, not listed. */
const LISTED_VALUES = 10;

export function OpenEnumList({policy}: {policy: VersioningPolicyData}): ReactNode {
  return (
    <ul data-open-enums="" data-search-exclude>
      {policy.openEnums.map(({name, values}) => (
        <li key={name}>
          <code>{name}</code>
          {values.length > LISTED_VALUES
            ? `: ${values.length} values today`
            : values.map((value, i) => (
                <React.Fragment key={value}>
                  {i === 0 ? ': today ' : i === values.length - 1 ? ' and ' : ', '}
                  <code>{value}</code>
                </React.Fragment>
              ))}
        </li>
      ))}
    </ul>
  );
}
