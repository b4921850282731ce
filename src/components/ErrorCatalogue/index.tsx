/**
 * The error catalogue on /api/introduction: a row per error code with its status, meaning, what to
 * do, whether to retry, and the operations that answer it. The rows are the build's
 * (api/error-catalogue.json, from the definition); each row's id is registered with the broken-anchor
 * check, so a link from an operation page to a code without a row fails the build. The Markdown
 * twin leaves out the operations column (data-llms-omit): each operation's twin lists its codes.
 *
 * A reference table (`data-stacked`, src/css/tables.css): on a phone each row is an entry, its
 * code first and every other cell under its column's name, and a long list of operations is folded
 * behind its count, so a code and its meaning share the screen.
 */
import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import type {ErrorCatalogueOperation, ErrorCatalogueRow} from '@site/config/error-catalogue';
import {RETRY_WORDS} from '@site/config/retry-advice';
import {UNFOLDED_LIST_LENGTH} from '@site/config/reference-tables';
import ScrollableTable from '@site/src/components/ScrollableTable';

const COLUMNS = {
  code: 'Code',
  status: 'Status',
  meaning: 'Meaning',
  retry: 'Retry',
  action: 'What to do',
  operations: 'Answered by',
} as const;

function OperationLinks({operations}: {operations: readonly ErrorCatalogueOperation[]}): ReactNode {
  return operations.map(({slug, summary}, i) => (
    <React.Fragment key={slug}>
      {i > 0 && ', '}
      <Link to={`/api/${slug}`}>{summary}</Link>
    </React.Fragment>
  ));
}

function Operations({operations}: {operations: ErrorCatalogueRow['operations']}): ReactNode {
  if (operations === 'all') return 'Every operation';
  if (operations === 'idempotent') return 'Every operation that takes an Idempotency-Key';
  if (operations.length === 0) return 'No operation lists it';
  if (operations.length <= UNFOLDED_LIST_LENGTH) return <OperationLinks operations={operations} />;
  return (
    <details>
      <summary>
        {COLUMNS.operations} {operations.length} operations
      </summary>
      <OperationLinks operations={operations} />
    </details>
  );
}

/** A folded list says what it is in its summary; every other cell of the column has the label. */
const isFolded = (operations: ErrorCatalogueRow['operations']): boolean =>
  Array.isArray(operations) && operations.length > UNFOLDED_LIST_LENGTH;

function Row({row}: {row: ErrorCatalogueRow}): ReactNode {
  useBrokenLinks().collectAnchor(row.anchor);
  return (
    <tr id={row.anchor} data-error-code={row.code}>
      <th scope="row" data-label={COLUMNS.code}>
        <code>{row.code}</code>
      </th>
      <td data-label={COLUMNS.status}>{row.status}</td>
      <td data-label={COLUMNS.meaning} dangerouslySetInnerHTML={{__html: row.meaningHtml}} />
      <td data-label={COLUMNS.retry}>{RETRY_WORDS[row.retry]}</td>
      <td data-label={COLUMNS.action} dangerouslySetInnerHTML={{__html: row.actionHtml}} />
      <td data-label={isFolded(row.operations) ? undefined : COLUMNS.operations} data-llms-omit="">
        <Operations operations={row.operations} />
      </td>
    </tr>
  );
}

export default function ErrorCatalogue({rows}: {rows: readonly ErrorCatalogueRow[]}): ReactNode {
  return (
    <ScrollableTable className="error-catalogue" data-stacked="">
      <thead>
        <tr>
          <th scope="col">{COLUMNS.code}</th>
          <th scope="col">{COLUMNS.status}</th>
          <th scope="col">{COLUMNS.meaning}</th>
          <th scope="col">{COLUMNS.retry}</th>
          <th scope="col">{COLUMNS.action}</th>
          <th scope="col" data-llms-omit="">
            {COLUMNS.operations}
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
