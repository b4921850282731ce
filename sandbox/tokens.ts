/**
 * Which bearer tokens the sandbox accepts and whose account each acts for. `--token TOKEN=ACCOUNT`
 * maps a token to a named account and `--token TOKEN` to the default one; with no `--token`, any
 * non-empty token acts for the default account. `--scopes` limits what those tokens may do.
 * Access tokens issued by `POST /_sandbox/tokens` carry their own account and scopes and expire on
 * the sandbox clock, so a client's "refresh on invalid_token" path can be exercised. A live key
 * (`sk_live_...`) is refused whatever the options, as the hosted sandbox refuses it.
 */
import {randomBytes} from 'node:crypto';
import {invalidToken} from './auth.ts';

export const DEFAULT_ACCOUNT = 'default';

/** Production API keys start with this; the sandbox never accepts one. */
export const LIVE_KEY_PREFIX = 'sk_live_';

/** What a token may do: act for `account`, with `scopes` (every scope when undefined). */
export interface Grant {
  account: string;
  scopes?: string[];
}

interface Issued extends Grant {
  expiresAt: number;
}

export class Tokens {
  /** token -> account; undefined accepts any token for the default account. */
  private readonly fixed: Map<string, string> | undefined;
  private readonly scopes: string[] | undefined;
  private readonly issued = new Map<string, Issued>();

  constructor(fixed: Map<string, string> | undefined, scopes: string[] | undefined) {
    this.fixed = fixed && fixed.size > 0 ? fixed : undefined;
    this.scopes = scopes;
  }

  /** The accounts `--token` names (always including the default one). */
  accounts(): string[] {
    return [...new Set([DEFAULT_ACCOUNT, ...(this.fixed?.values() ?? [])])];
  }

  /** A new access token for `account`, valid until `expiresAt` on the sandbox clock. */
  issue(grant: Grant, expiresAt: number): string {
    const token = `kat_sandbox_${randomBytes(18).toString('base64url')}`;
    this.issued.set(token, {...grant, expiresAt});
    return token;
  }

  /** The grant of a token at clock time `now`, or a 401 invalid_token saying why. */
  grant(token: string, now: number): Grant {
    // A live key in a sandbox configuration must fail loudly, even where any token is accepted.
    if (token.startsWith(LIVE_KEY_PREFIX)) {
      throw invalidToken('This is a live API key; the sandbox accepts only sandbox keys (sk_sandbox_...).');
    }
    const issued = this.issued.get(token);
    if (issued) {
      if (now >= issued.expiresAt) throw invalidToken('The access token expired. Refresh it and retry.');
      return {account: issued.account, scopes: issued.scopes};
    }
    if (!this.fixed) return {account: DEFAULT_ACCOUNT, scopes: this.scopes};
    const account = this.fixed.get(token);
    if (account === undefined) throw invalidToken('The API key or access token is unknown, revoked or expired.');
    return {account, scopes: this.scopes};
  }
}
