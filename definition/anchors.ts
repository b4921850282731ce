/**
 * The element ids of an API page's rows: a parameter, a body field, a response, its headers and
 * error codes. The pages (plugins/api-reference/page-data.ts) give their rows these ids, and links
 * to a row (the changelog's) are made with the same functions, so a link cannot name a row that a
 * page calls otherwise.
 */

/** The id of the request body's rows: `request-body.amount.currency`. */
export const REQUEST_BODY_ANCHOR = 'request-body';
/** The id of a webhook payload's rows: `payload.data.entityId`. */
export const PAYLOAD_ANCHOR = 'payload';

/** A field below `prefix` by its path (`amount.currency`, `items[].id`); the body itself for `''`. */
export function fieldAnchor(prefix: string, path: string): string {
  return path ? `${prefix}.${path}` : prefix;
}

/** A path, query or header parameter (or a field below it): `query.$filter`. */
export function parameterAnchor(place: 'path' | 'query' | 'header', path: string): string {
  return `${place}.${path}`;
}

/** An answer: `response-422`. */
export function responseAnchor(status: string): string {
  return `response-${status}`;
}

/** The prefix of an answer's header rows: `response-401.headers`. */
export function responseHeadersAnchor(status: string): string {
  return `${responseAnchor(status)}.headers`;
}

/** An error code of an answer: `error-422-INSUFFICIENT_FUNDS`. */
export function errorCodeAnchor(status: string, code: string): string {
  return `error-${status}-${code}`;
}
