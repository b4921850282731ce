/**
 * The error catalogue on /api/introduction: one row per code of the definition's `ErrorCode`,
 * written at build time by plugins/api-reference (api/error-catalogue.json) and drawn by
 * src/components/ErrorCatalogue. Each operation page links its error codes to their rows here.
 */
import type {RetryAdvice} from './retry-advice.ts';

/** The page that holds the catalogue. */
export const ERROR_CATALOGUE_ROUTE = '/api/introduction';

/** The element id of a code's row: `error-INSUFFICIENT_FUNDS`. */
export const errorCodeAnchor = (code: string): string => `error-${code}`;

/** Where an operation page links a code: its row on the catalogue. */
export const errorCodeHref = (code: string): string => `${ERROR_CATALOGUE_ROUTE}#${errorCodeAnchor(code)}`;

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
  /** Its retry column shows `RETRY_WORDS[retry]` (config/retry-advice.ts). */
  retry: RetryAdvice;
  actionHtml: string;
  /**
   * The operations that document it: `'all'` when every operation does, `'idempotent'` when
   * exactly those that take an `Idempotency-Key` do (a list of either would fill the row).
   */
  operations: ErrorCatalogueOperation[] | 'all' | 'idempotent';
}
