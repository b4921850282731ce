/**
 * The error catalogue on /api/introduction: one row per code of the definition's `ErrorCode`,
 * written at build time by plugins/api-reference (api/error-catalogue.json) and drawn by
 * src/components/ErrorCatalogue. Each operation page links its error codes to their rows here.
 */

/** The page that holds the catalogue. */
export const ERROR_CATALOGUE_ROUTE = '/api/introduction';

/** The element id of a code's row: `error-INSUFFICIENT_FUNDS`. */
export const errorCodeAnchor = (code: string): string => `error-${code}`;

/** Where an operation page links a code: its row on the catalogue. */
export const errorCodeHref = (code: string): string => `${ERROR_CATALOGUE_ROUTE}#${errorCodeAnchor(code)}`;

export type ErrorRetry = 'no' | 'same-key' | 'same-key-once-fixed' | 'new-key';

/** The retry column in words. */
export const RETRY_WORDS: Record<ErrorRetry, string> = {
  no: 'No',
  'same-key': 'Yes, with the same Idempotency-Key',
  'same-key-once-fixed': 'Once fixed, with the same key',
  'new-key': 'Once fixed, with a new key',
};

export interface ErrorCatalogueOperation {
  slug: string;
  summary: string;
}

export interface ErrorCatalogueRow {
  code: string;
  /** `errorCodeAnchor(code)`. */
  anchor: string;
  status: number;
  meaningHtml: string;
  retry: ErrorRetry;
  actionHtml: string;
  /**
   * The operations that document it: `'all'` when every operation does, `'idempotent'` when
   * exactly those that take an `Idempotency-Key` do (a list of either would fill the row).
   */
  operations: ErrorCatalogueOperation[] | 'all' | 'idempotent';
}
