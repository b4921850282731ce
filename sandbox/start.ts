/**
 * Builds a whole sandbox (its accounts on one clock, the tokens that act for them, the kept
 * answers of Idempotency-Keys, the server)
 * from a definition and options, for the CLI and for tests that run it in-process.
 */
import type http from 'node:http';
import {AccountWorlds} from './account-worlds.ts';
import {Clock} from './clock.ts';
import {Definition} from './definition.ts';
import {IdempotencyKeys} from './idempotency.ts';
import {createSandboxServer} from './server.ts';
import {DEFAULT_ACCOUNT, Tokens} from './tokens.ts';
import {PAY_AFTER_SECONDS} from './timings.ts';
import type {World} from './world.ts';

export interface SandboxSettings {
  payAfterSeconds?: number;
  rateLimit?: boolean;
  /** The one token accepted, acting for the default account (as `--token TOKEN`). */
  token?: string;
  /** token -> account name (as `--token TOKEN=ACCOUNT`, repeated); with `token`, both are accepted. */
  tokens?: Record<string, string> | Map<string, string>;
  scopes?: string[];
  /** The version of a request without `Kestrel-Version` (as `--api-version`); the latest release when undefined. */
  apiVersion?: string;
  /** account -> the version its requests get without `Kestrel-Version` (as `--token TOKEN=ACCOUNT@VERSION`). */
  accountVersions?: Record<string, string> | Map<string, string>;
  /** The clock moves only by `POST /_sandbox/clock` (as `--manual-clock`). */
  manualClock?: boolean;
  retrySpeedup?: number;
  /** Deliver webhooks to loopback URLs only (a sandbox an assistant drives); `optIn` says how to allow other hosts. */
  webhooksLoopbackOnly?: {optIn: string};
  cap?: number;
  log?: (line: string) => void;
}

export interface Sandbox {
  /** The default account's World. */
  world: World;
  accounts: AccountWorlds;
  tokens: Tokens;
  /** The answers kept against Idempotency-Keys, every account's (what `--state` keeps of them). */
  idempotency: IdempotencyKeys;
  clock: Clock;
  server: http.Server;
}

export function createSandbox(definition: Definition, settings: SandboxSettings = {}): Sandbox {
  const log = settings.log ?? (() => {});
  const mapping = new Map(settings.tokens instanceof Map ? settings.tokens : Object.entries(settings.tokens ?? {}));
  if (settings.token !== undefined) mapping.set(settings.token, DEFAULT_ACCOUNT);
  const tokens = new Tokens(mapping, settings.scopes);
  const clock = new Clock({manual: settings.manualClock});
  const accounts = new AccountWorlds(
    definition,
    clock,
    {
      payAfterMs: (settings.payAfterSeconds ?? PAY_AFTER_SECONDS) * 1000,
      retrySpeedup: settings.retrySpeedup ?? 1,
      ...(settings.webhooksLoopbackOnly && {webhooksLoopbackOnly: settings.webhooksLoopbackOnly}),
      cap: settings.cap ?? 10_000,
      log,
    },
    tokens.accounts(),
  );
  const idempotency = new IdempotencyKeys(definition.model.idempotency);
  const versions = settings.accountVersions;
  const server = createSandboxServer(accounts, tokens, {
    rateLimit: settings.rateLimit ?? true,
    idempotency,
    log,
    versions: {
      apiVersion: settings.apiVersion,
      accountVersions: new Map(versions instanceof Map ? versions : Object.entries(versions ?? {})),
    },
  });
  // Deliveries and scheduled steps must not keep a finished test or CLI alive on their own.
  server.on('close', () => clock.stop());
  return {world: accounts.default, accounts, tokens, idempotency, clock, server};
}
