/**
 * Bearer tokens as Kestrel checks them, answered as RFC 6750 §3 says so a client can tell what to
 * do from the `WWW-Authenticate` header alone:
 *
 * - no `Authorization` header: 401 with `Bearer realm="kestrel"` (send credentials);
 * - a malformed one: 401 with `error="invalid_request"` (fix the request);
 * - an unknown, revoked or expired token: 401 with `error="invalid_token"` (refresh an access
 *   token once and retry, or use a valid API key);
 * - a token without the operation's scope: 403 with `error="insufficient_scope"` and the scope.
 *
 * The problem codes stay UNAUTHORIZED and INSUFFICIENT_SCOPE. Which tokens exist and whose account
 * each belongs to is `Tokens`' business.
 */
import type {Operation} from './definition.ts';
import {ProblemError} from './problems.ts';
import type {Grant} from './tokens.ts';

export const REALM = 'kestrel';

const BEARER = /^Bearer +(\S+)\s*$/i;

/**
 * Whose rate-limit window a request counts against: its bearer token, or, for a request without a
 * well-formed one (which answers 401), the address it came from.
 */
export function limitKey(header: string | undefined, address: string | undefined): string {
  return BEARER.exec(header ?? '')?.[1] ?? `\u0000${address ?? ''}`;
}

/** A `WWW-Authenticate` challenge: the realm, then each attribute quoted (RFC 6750 §3). */
export function challenge(attributes: Record<string, string> = {}): string {
  // A quoted-string may not hold `"` or `\` unescaped; descriptions are written without them.
  const quoted = Object.entries(attributes).map(([k, v]) => `, ${k}="${v.replace(/["\\]/g, "'")}"`);
  return `Bearer realm="${REALM}"${quoted.join('')}`;
}

function unauthorized(detail: string, attributes?: Record<string, string>): ProblemError {
  return new ProblemError('UNAUTHORIZED', detail, {headers: {'WWW-Authenticate': challenge(attributes)}});
}

/** The bearer token of a request, or a 401 saying what is wrong with the header. */
export function bearerToken(header: string | undefined): string {
  if (!header) {
    throw unauthorized('Send your API key in the Authorization header: "Authorization: Bearer <API key>".');
  }
  const match = BEARER.exec(header);
  if (!match) {
    const detail = 'The Authorization header must be "Bearer" followed by your API key or access token.';
    throw unauthorized(detail, {error: 'invalid_request', error_description: detail});
  }
  return match[1]!;
}

/** A 401 invalid_token: the token is unknown, revoked or expired; `why` says which, if known. */
export function invalidToken(why: string): ProblemError {
  return unauthorized(why, {error: 'invalid_token', error_description: why});
}

/** A 403 unless the grant carries one of the operation's scopes. */
export function authorize(op: Operation, grant: Grant): void {
  if (!grant.scopes || op.scopes.length === 0) return;
  if (op.scopes.some((s) => grant.scopes!.includes(s))) return;
  throw new ProblemError(
    'INSUFFICIENT_SCOPE',
    `This API key or access token lacks the scope ${op.scopes.join(' or ')}, which ${op.operationId} needs.`,
    {headers: {'WWW-Authenticate': challenge({error: 'insufficient_scope', scope: op.scopes.join(' ')})}},
  );
}
