/**
 * The error catalogue on /api/introduction: a row per error code with its status, meaning, what to
 * do, whether to retry, and the operations that answer it. The rows are the build's
 * (api/error-catalogue.json, from the definition); each row's id is registered with the broken-anchor
 * check, so a link from an operation page to a code without a row fails the build. The Markdown
 * twin leaves out the operations column (data-llms-omit): each operation's twin lists its codes.
 */
import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import {RETRY_WORDS, type ErrorCatalogueRow} from '@site/config/error-catalogue';
import ScrollableTable from '@site/src/components/ScrollableTable';

function Operations({operations}: {operations: ErrorCatalogueRow['operations']}): ReactNode {
  if (operations === 'all') return 'Every operation';
  if (operations === 'idempotent') return 'Every operation that takes an Idempotency-Key';
  if (operations.length === 0) return 'No operation lists it';
  return operations.map(({slug, summary}, i) => (
    <React.Fragment key={slug}>
      {i > 0 && ', '}
      <Link to={`/api/${slug}`}>{summary}</Link>
    </React.Fragment>
  ));
}

function Row({row}: {row: ErrorCatalogueRow}): ReactNode {
  useBrokenLinks().collectAnchor(row.anchor);
  return (
    <tr id={row.anchor} data-error-code={row.code}>
      <th scope="row">
        <code>{row.code}</code>
      </th>
      <td>{row.status}</td>
      <td dangerouslySetInnerHTML={{__html: row.meaningHtml}} />
      <td>{RETRY_WORDS[row.retry]}</td>
      <td dangerouslySetInnerHTML={{__html: row.actionHtml}} />
      <td data-llms-omit="">
        <Operations operations={row.operations} />
      </td>
    </tr>
  );
}

export default function ErrorCatalogue({rows}: {rows: readonly ErrorCatalogueRow[]}): ReactNode {
  return (
    <ScrollableTable className="error-catalogue">
      <thead>
        <tr>
          <th scope="col">Code</th>
          <th scope="col">Status</th>
          <th scope="col">Meaning</th>
          <th scope="col">Retry</th>
          <th scope="col">What to do</th>
          <th scope="col" data-llms-omit="">
            Answered by
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <Row key={row.code} row={row} />
        ))}
      </tbody>
    </ScrollableTable>
  );
}
