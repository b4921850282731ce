/**
 * The error catalogue's rows (config/error-catalogue.ts) from the definition model: every code of
 * `ErrorCode`, in the schema's order, with its meaning and action as HTML. A code without its
 * `x-error-catalogue` entry or its meaning fails the build, naming the code: a row with a blank
 * cell would tell the reader nothing.
 */
import {errorCodeAnchor, type ErrorCatalogueRow} from '../../config/error-catalogue.ts';
import type {ApiDefinition} from '../../definition/index.ts';
import {inlineMarkdownToHtml} from './markdown-html.ts';

export function errorCatalogue(model: ApiDefinition): ErrorCatalogueRow[] {
  const summaries = new Map(model.operations.map((op) => [op.slug, op.summary]));
  const idempotent = model.operations.filter((op) => op.idempotent).map((op) => op.slug);
  const operationsOf = (slugs: string[]): ErrorCatalogueRow['operations'] => {
    if (slugs.length === model.operations.length) return 'all';
    if (idempotent.length > 0 && slugs.join() === idempotent.join()) return 'idempotent';
    return slugs.map((slug) => ({slug, summary: summaries.get(slug)!}));
  };
  return model.errorCodes.map((entry) => {
    const {code, status, meaning, retry, action, operations} = entry;
    if (status === undefined || !meaning || !retry || !action) {
      throw new Error(
        `api-reference: the error code ${code} needs a meaning (x-enumDescriptions) and a status, retry and action (x-error-catalogue) on the ErrorCode schema`,
      );
    }
    return {
      code,
      anchor: errorCodeAnchor(code),
      status,
      meaningHtml: inlineMarkdownToHtml(meaning),
      retry,
      actionHtml: inlineMarkdownToHtml(action),
      operations: operationsOf(operations),
    };
  });
}
