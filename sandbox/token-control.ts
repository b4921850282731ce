/**
 * Issues access tokens that expire on the sandbox clock, outside the API's base path like the
 * clock control:
 *
 *   POST /_sandbox/tokens  {"account": "default", "expiresIn": 3600, "scopes": ["partner.invoice.read"]}
 *     -> 200 {"accessToken": "kat_sandbox_...", "tokenType": "Bearer", "expiresIn": 3600, "account": "default"}
 *
 * Every field is optional: the default account, one hour, every scope. Once the clock passes
 * `expiresIn` (move it with `POST /_sandbox/clock`), the token answers 401 with
 * `WWW-Authenticate: Bearer realm="kestrel", error="invalid_token"`, as an expired Kestrel access
 * token does.
 */
import {isObject} from '../definition/index.ts';
import type {AccountWorlds} from './account-worlds.ts';
import type {Definition} from './definition.ts';
import type {Json} from '../definition/index.ts';
import {ProblemError} from './problems.ts';
import {DEFAULT_ACCOUNT, type Tokens} from './tokens.ts';
import {methodNotAllowed} from './control-body.ts';

export const TOKENS_PATH = '/_sandbox/tokens';
const MAX_EXPIRES_IN = 366 * 24 * 3600;
const FIELDS = ['account', 'expiresIn', 'scopes'];

/** The OAuth scopes the definition declares. */
export function definitionScopes(definition: Definition): string[] {
  const flows = definition.component('securitySchemes', 'oauth2')?.flows;
  const scopes = isObject(flows) && isObject(flows.authorizationCode) ? flows.authorizationCode.scopes : undefined;
  return isObject(scopes) ? Object.keys(scopes) : [];
}

const invalid = (field: string, message: string) =>
  new ProblemError('VALIDATION_FAILED', `${field} is invalid: ${message}`, {
    validationErrors: {[field]: [message]},
  });

export function tokensRoute(
  accounts: AccountWorlds,
  tokens: Tokens,
  method: string,
  raw: Buffer,
): {status: number; body: unknown} {
  if (method !== 'POST') throw methodNotAllowed(TOKENS_PATH, ['POST']);
  let body: Json;
  try {
    body = JSON.parse(raw.toString('utf8') || '{}');
  } catch (error) {
    throw new ProblemError('MALFORMED_REQUEST', `The body is not valid JSON: ${(error as Error).message}.`);
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new ProblemError('MALFORMED_REQUEST', 'The body must be a JSON object.');
  const unknown = Object.keys(body).find((k) => !FIELDS.includes(k));
  if (unknown) throw invalid(unknown, `Is not a field of a token request; the fields are ${FIELDS.join(', ')}.`);

  const account = body.account ?? DEFAULT_ACCOUNT;
  if (typeof account !== 'string' || !accounts.has(account))
    throw invalid('account', `Must be one of the sandbox's accounts: ${accounts.names().join(', ')}.`);
  const expiresIn = body.expiresIn ?? 3600;
  if (typeof expiresIn !== 'number' || !Number.isInteger(expiresIn) || expiresIn < 1 || expiresIn > MAX_EXPIRES_IN)
    throw invalid('expiresIn', `Must be a whole number of seconds from 1 to ${MAX_EXPIRES_IN}.`);
  const known = definitionScopes(accounts.definition);
  const requested = body.scopes;
  const isScope = (s: Json): s is string => typeof s === 'string' && known.includes(s);
  if (requested !== undefined && (!Array.isArray(requested) || requested.length === 0 || !requested.every(isScope)))
    throw invalid('scopes', `Must be a non-empty list of the API's scopes: ${known.join(', ')}.`);
  const scopes = requested === undefined ? undefined : requested.filter(isScope);

  const accessToken = tokens.issue({account, scopes}, accounts.clock.now() + expiresIn * 1000);
  return {status: 200, body: {accessToken, tokenType: 'Bearer', expiresIn, account}};
}
