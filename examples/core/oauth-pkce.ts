/**
 * Kestrel OAuth connect: the authorization code flow with PKCE (RFC 7636, method S256).
 * Runs on Node 22 or later; the token calls take any fetch-compatible function.
 */
import {createHash, randomBytes} from 'node:crypto';

export const AUTHORIZE_URL = 'https://auth.kestrel.example/oauth2/authorize';
export const TOKEN_URL = 'https://auth.kestrel.example/oauth2/token';
export const REVOKE_URL = 'https://auth.kestrel.example/oauth2/revoke';

// #region pkce
/** RFC 7636 section 4.1: 43 to 128 characters from the unreserved set. */
const VERIFIER_PATTERN = /^[A-Za-z0-9\-._~]{43,128}$/;

/** The S256 code challenge: BASE64URL(SHA-256(ASCII(verifier))), without padding. */
export function challengeFor(verifier: string): string {
  if (!VERIFIER_PATTERN.test(verifier)) {
    throw new Error('A code verifier is 43 to 128 characters of A-Z, a-z, 0-9, "-", ".", "_" and "~".');
  }
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

export interface PkcePair {
  /** Keep this secret on your server until the token exchange. */
  verifier: string;
  /** Send this in the authorize URL. */
  challenge: string;
  method: 'S256';
}

/**
 * Makes a fresh verifier and its challenge for one authorization. 32 random bytes give a
 * 43-character verifier; up to 96 bytes give the 128-character maximum.
 */
export function createPkcePair(bytes = 32): PkcePair {
  if (!Number.isInteger(bytes) || bytes < 32 || bytes > 96) {
    throw new RangeError('bytes must be an integer from 32 to 96');
  }
  const verifier = randomBytes(bytes).toString('base64url');
  return {verifier, challenge: challengeFor(verifier), method: 'S256'};
}

/** An unguessable value that ties the callback to the browser session that started the flow. */
export function createState(): string {
  return randomBytes(16).toString('base64url');
}
// #endregion pkce

// #region authorize-url
export interface AuthorizeParams {
  clientId: string;
  /** Must match one of the redirect URIs registered for your application, character for character. */
  redirectUri: string;
  /** API key scopes, such as partner.invoice.read; sent space-separated. */
  scopes: readonly string[];
  state: string;
  codeChallenge: string;
}

/** The URL to send the account owner's browser to. */
export function buildAuthorizeUrl({clientId, redirectUri, scopes, state, codeChallenge}: AuthorizeParams): string {
  if (scopes.length === 0) throw new Error('Ask for at least one scope.');
  if (scopes.some((scope) => !/^[\x21\x23-\x5b\x5d-\x7e]+$/.test(scope))) {
    throw new Error('A scope has no spaces, quotes or backslashes.');
  }
  const url = new URL(AUTHORIZE_URL);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    scope: scopes.join(' '),
    state,
    code_challenge: codeChallenge,
    code_challenge_method: 'S256',
  }).toString();
  return url.toString();
}
// #endregion authorize-url

// #region tokens
/** The fields of a successful token answer (RFC 6749 section 5.1). */
export interface TokenSet {
  access_token: string;
  token_type: 'Bearer';
  /** Seconds: 3600 for Kestrel access tokens. */
  expires_in: number;
  /** Rotates on every refresh: store the new one and discard the old one. */
  refresh_token: string;
  /** The scopes granted, space-separated; may be fewer than you asked for. */
  scope: string;
}

/** A token endpoint error (RFC 6749 section 5.2), such as invalid_grant. */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly status: number,
    readonly description?: string,
  ) {
    super(description ? `${error}: ${description}` : error);
    this.name = 'OAuthError';
  }
}

export type FetchLike = (
  url: string,
  init: {method: 'POST'; headers: Record<string, string>; body: string; signal?: AbortSignal},
) => Promise<{ok: boolean; status: number; json(): Promise<unknown>}>;

export interface ClientCredentials {
  clientId: string;
  /** Server-side applications have a secret; leave it out for a public client (mobile, desktop). */
  clientSecret?: string;
  fetch?: FetchLike;
}

async function postForm(url: string, form: Record<string, string>, client: ClientCredentials): Promise<unknown> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/x-www-form-urlencoded',
    Accept: 'application/json',
  };
  const body = new URLSearchParams(form);
  if (client.clientSecret === undefined) {
    body.set('client_id', client.clientId);
  } else {
    const pair = `${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret)}`;
    headers.Authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
  }
  const send: FetchLike = client.fetch ?? fetch;
  // A token call that hangs would hold up your sign-in page: give up after 10 seconds.
  const response = await send(url, {
    method: 'POST',
    headers,
    body: body.toString(),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.json().catch(() => ({}));
  if (!response.ok) {
    const {error, error_description: description} = text as {error?: string; error_description?: string};
    throw new OAuthError(error ?? 'server_error', response.status, description);
  }
  return text;
}

/** Swaps the code from the callback, and the verifier you kept, for an access and a refresh token. */
export async function exchangeCode(
  {code, redirectUri, codeVerifier}: {code: string; redirectUri: string; codeVerifier: string},
  client: ClientCredentials,
): Promise<TokenSet> {
  const form = {grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: codeVerifier};
  return (await postForm(TOKEN_URL, form, client)) as TokenSet;
}

/** Gets a new access token. The answer holds a new refresh token: the one you sent stops working. */
export async function refreshTokens(refreshToken: string, client: ClientCredentials): Promise<TokenSet> {
  const form = {grant_type: 'refresh_token', refresh_token: refreshToken};
  return (await postForm(TOKEN_URL, form, client)) as TokenSet;
}

/** Ends a connection (RFC 7009). Revoking the refresh token also ends the access tokens issued from it. */
export async function revokeToken(
  token: string,
  hint: 'refresh_token' | 'access_token',
  client: ClientCredentials,
): Promise<void> {
  await postForm(REVOKE_URL, {token, token_type_hint: hint}, client);
}
// #endregion tokens

// #region call-api
/**
 * Whether an API answer says the access token itself was refused (expired or revoked): a 401 whose
 * WWW-Authenticate header carries error="invalid_token" (RFC 6750 section 3.1). Any other 401 (no
 * token arrived, a malformed header) is a bug in the request, which a new token does not fix.
 */
export function isInvalidToken(status: number, wwwAuthenticate: string | null): boolean {
  return status === 401 && /(^|[\s,])error="invalid_token"/.test(wwwAuthenticate ?? '');
}

/** The tokens of one connection, as your application stores them. */
export interface Connection {
  /** The access token to send now. */
  accessToken(): string | Promise<string>;
  /**
   * Refreshes the connection (refreshTokens, storing the new refresh token before anything else,
   * under a lock per connection) and returns the new access token.
   */
  refresh(): Promise<string>;
}

/** What sendWithConnection needs of an answer: its status and its WWW-Authenticate header. */
export interface ApiAnswer {
  status: number;
  headers: {get(name: string): string | null};
}

/**
 * Sends one API request with a connection's access token. When Kestrel answers 401 with
 * error="invalid_token", it refreshes once and sends the same request again: `send` must build the
 * same request, with the same Idempotency-Key, since a key belongs to the connected account and a
 * request that did run then replays its first answer. A second refusal is returned as it is: the
 * connection was revoked, and the owner must connect again.
 */
export async function sendWithConnection<A extends ApiAnswer>(
  send: (accessToken: string) => Promise<A>,
  connection: Connection,
): Promise<A> {
  const first = await send(await connection.accessToken());
  if (!isInvalidToken(first.status, first.headers.get('WWW-Authenticate'))) return first;
  return send(await connection.refresh());
}
// #endregion call-api
