/**
 * Bearer tokens as Kestrel checks them: a missing or malformed `Authorization` answers 401
 * UNAUTHORIZED; a token without the operation's scope answers 403 INSUFFICIENT_SCOPE. Any non-empty
 * token is accepted unless `--token` names the one to require; `--scopes` limits what it may do.
 */
import type {Operation} from './definition.ts';
import {ProblemError} from './problems.ts';

export interface AuthOptions {
  /** The one token accepted; any non-empty one when undefined. */
  token?: string;
  /** The token's scopes; every scope when undefined. */
  scopes?: string[];
}

const BEARER = /^Bearer +(\S+)\s*$/i;

/**
 * Whose rate-limit window a request counts against: its bearer token, or, for a request without a
 * well-formed one (which answers 401), the address it came from.
 */
export function limitKey(header: string | undefined, address: string | undefined): string {
  return BEARER.exec(header ?? '')?.[1] ?? `\u0000${address ?? ''}`;
}

/** The token of a request, or a 401. */
export function authenticate(header: string | undefined, options: AuthOptions): string {
  const match = BEARER.exec(header ?? '');
  if (!match) {
    throw new ProblemError(
      401,
      'UNAUTHORIZED',
      header
        ? 'The Authorization header must be "Bearer" followed by your API key.'
        : 'Send your API key in the Authorization header: "Authorization: Bearer <API key>".',
    );
  }
  const token = match[1]!;
  if (options.token !== undefined && token !== options.token) {
    throw new ProblemError(401, 'UNAUTHORIZED', 'The API key is unknown, revoked or expired.');
  }
  return token;
}

/** A 403 unless the token carries one of the operation's scopes. */
export function authorize(op: Operation, options: AuthOptions): void {
  if (!options.scopes || op.scopes.length === 0) return;
  if (op.scopes.some((s) => options.scopes!.includes(s))) return;
  throw new ProblemError(
    403,
    'INSUFFICIENT_SCOPE',
    `This API key lacks the scope ${op.scopes.join(' or ')}, which ${op.operationId} needs.`,
  );
}
