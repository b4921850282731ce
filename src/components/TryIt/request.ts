/**
 * The request the explorer sends, as plain data built from what the reader entered: the one value
 * that both the network call (send.ts) and the curl command (snippets/try-it.ts) are made from, so the curl
 * shown is exactly what was sent.
 */
import {IDEMPOTENCY_KEY_HEADER, type TryItOperation, type TryItParameter} from '../../../config/try-it';

export interface ExplorerRequest {
  method: TryItOperation['method'];
  url: string;
  /** In the order they are sent and shown. */
  headers: [name: string, value: string][];
  /** The body as the reader wrote it (JSON text); absent for a request without one. */
  body?: string;
}

/** What the reader entered: one text per parameter (by `parameterKey`), the token, the body, the key. */
export interface ExplorerInput {
  server: string;
  token: string;
  values: Record<string, string>;
  idempotencyKey?: string;
  body?: string;
}

/** The form's key of a parameter: a path and a query parameter may share a name. */
export function parameterKey(parameter: Pick<TryItParameter, 'in' | 'name'>): string {
  return `${parameter.in}:${parameter.name}`;
}

/**
 * The server's URL with the path template filled in and the query string appended. Each path
 * value is one segment: percent-encoded, so `a/b` stays one segment (`a%2Fb`); query names and
 * values are form-encoded by URLSearchParams. Empty query values are left out.
 */
export function requestUrl(
  server: string,
  pathTemplate: string,
  pathValues: Record<string, string>,
  query: [name: string, value: string][],
): string {
  const path = pathTemplate.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(pathValues[name] ?? ''));
  const search = new URLSearchParams(query.filter(([, value]) => value !== '')).toString();
  return `${server.replace(/\/+$/, '')}${path}${search ? `?${search}` : ''}`;
}

/** The request for `operation` from the reader's input. */
export function buildRequest(operation: TryItOperation, input: ExplorerInput): ExplorerRequest {
  const valueOf = (p: TryItParameter) => input.values[parameterKey(p)] ?? '';
  const pathValues = Object.fromEntries(
    operation.parameters.filter((p) => p.in === 'path').map((p) => [p.name, valueOf(p)]),
  );
  const query = operation.parameters.filter((p) => p.in === 'query').map((p): [string, string] => [p.name, valueOf(p)]);
  const headers: [string, string][] = [['Accept', 'application/json']];
  if (operation.authenticated && input.token) headers.push(['Authorization', `Bearer ${input.token}`]);
  if (operation.body && input.body !== undefined) headers.push(['Content-Type', operation.body.mediaType]);
  if (operation.idempotent && input.idempotencyKey) headers.push([IDEMPOTENCY_KEY_HEADER, input.idempotencyKey]);
  for (const p of operation.parameters) {
    if (p.in === 'header' && valueOf(p) !== '') headers.push([p.name, valueOf(p)]);
  }
  const request: ExplorerRequest = {
    method: operation.method,
    url: requestUrl(input.server, operation.path, pathValues, query),
    headers,
  };
  if (operation.body && input.body !== undefined) request.body = input.body;
  return request;
}
