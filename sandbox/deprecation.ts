/**
 * The `Deprecation` (RFC 9745) and `Sunset` (RFC 8594) headers of an answer to a request that uses
 * something deprecated: the API version that serves it (releases.json), the operation itself, one
 * of its path parameters, or a query or header parameter the request sends.
 * The dates are the definition's (`x-deprecation`, read by the model) and the release's; where
 * several deprecated things are used, the earliest deprecation and the earliest sunset bind.
 */
import type http from 'node:http';
import type {Deprecation} from '../definition/index.ts';
import {DEPRECATION_HEADER, SUNSET_HEADER} from '../config/api-version-header.ts';
import type {Operation} from './definition.ts';

const midnight = (date: string) => Date.parse(`${date}T00:00:00Z`);

function used(op: Operation, query: URLSearchParams, headers: http.IncomingHttpHeaders): Deprecation[] {
  const {path: inPath, query: inQuery, header: inHeader} = op.model.parameters;
  return [
    ...(op.model.deprecation ? [op.model.deprecation] : []),
    // A path parameter is in every request to its operation.
    ...inPath.filter((p) => p.deprecation).map((p) => p.deprecation!),
    ...inQuery.filter((p) => p.deprecation && query.has(p.name)).map((p) => p.deprecation!),
    ...inHeader.filter((p) => p.deprecation && headers[p.name.toLowerCase()] !== undefined).map((p) => p.deprecation!),
  ];
}

/** The two headers for what is deprecated in `found` (the earliest date of each binds), or none when it is empty. */
export function deprecationDateHeaders(found: readonly Deprecation[]): Record<string, string> {
  if (found.length === 0) return {};
  const deprecated = Math.min(...found.map((d) => midnight(d.since)));
  const sunset = Math.min(...found.map((d) => midnight(d.sunset)));
  return {
    [DEPRECATION_HEADER]: `@${deprecated / 1000}`,
    [SUNSET_HEADER]: new Date(sunset).toUTCString(),
  };
}

/** The two headers, or none when the request uses nothing deprecated; `also` is deprecated around it (its version). */
export function deprecationHeaders(
  op: Operation,
  query: URLSearchParams,
  headers: http.IncomingHttpHeaders,
  also: readonly Deprecation[] = [],
): Record<string, string> {
  return deprecationDateHeaders([...also, ...used(op, query, headers)]);
}
