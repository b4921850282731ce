/**
 * The command line of `npm run sandbox`, checked: a bad value stops the sandbox with a message
 * naming the flag, never a silently different sandbox.
 */
import {LOCAL_SANDBOX_HOST, LOCAL_SANDBOX_PORT} from './local-sandbox.mjs';
import {SANDBOX_LIMIT, WINDOW_MS} from './rate-limit-figures.ts';
import {PAY_AFTER_SECONDS} from './timings.ts';
import {DEFAULT_ACCOUNT} from './tokens.ts';
import {commandFlags} from './command-flags.ts';

export const USAGE = `Usage: npm run sandbox -- [options]

  --port N             listen on ${LOCAL_SANDBOX_HOST}:N (default ${LOCAL_SANDBOX_PORT})
  --pay-after SECONDS  delay from an invoice quote to its simulated payment (default ${PAY_AFTER_SECONDS})
  --state FILE         keep objects, balances, the clock, Idempotency-Key answers, scheduled
                       steps (a payment due to complete), maintenance windows and faults in FILE
                       across restarts, even SIGKILL; what was answered is in FILE (its journal,
                       FILE.journal) before the answer is sent
  --compact-after SECONDS
                       with --state, fold the journal into FILE after this many idle seconds
                       (default 1; tests raise it so changes stay in the journal)
  --no-rate-limit      turn off the ${SANDBOX_LIMIT} requests per ${WINDOW_MS / 1000} s limit (for load tests)
  --token TOKEN[=ACCOUNT][@VERSION]
                       accept this bearer token, acting for ACCOUNT (default: the default
                       account); repeat it for more tokens and accounts, each account with its
                       own objects and balances (without it: any non-empty token, default account);
                       @VERSION pins the account to that API version (default: --api-version)
  --api-version VERSION
                       the API version (a release, such as 1.0.0) of a request that sends no
                       Kestrel-Version header (default: the latest release)
  --scopes A,B,...     give the tokens only these scopes (default: all); others answer 403
  --manual-clock       the clock moves only by POST /_sandbox/clock, never with real time
  --retry-speedup N    run webhook retries N times sooner (60: a minute becomes a second)
  --cap N              keep at most N objects of each type (default 10000); more forget the oldest
  --quiet              no line per request
  --help               this text`;

export interface CliOptions {
  port: number;
  payAfterSeconds: number;
  state?: string;
  /** Idle seconds before `--state`'s journal is compacted into its file. */
  compactAfterSeconds: number;
  rateLimit: boolean;
  /** token -> account, from each `--token`; empty accepts any token for the default account. */
  tokens: Map<string, string>;
  /** account -> its pinned API version, from each `--token ...@VERSION`. */
  accountVersions: Map<string, string>;
  /** `--api-version`: the version of a request without `Kestrel-Version`; the latest release when undefined. */
  apiVersion?: string;
  scopes?: string[];
  manualClock: boolean;
  retrySpeedup: number;
  cap: number;
  quiet: boolean;
  help: boolean;
}

export class OptionError extends Error {}

const TOKEN = /^[\x21-\x7e]+$/;
const ACCOUNT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const VERSION = /^\d+\.\d+\.\d+$/;
/** A trailing `@VERSION` of a `--token` value (a token may hold `@` itself, but not end in a version). */
const PINNED = /^(.*)@([^@=]*)$/;

/** `TOKEN`, `TOKEN=ACCOUNT`, and either with `@VERSION`, checked; whether the version is a release is checked at start. */
function tokenMapping(whole: string): [token: string, account: string, version: string | undefined] {
  const pinned = PINNED.exec(whole);
  const version = pinned && (VERSION.test(pinned[2]!) || pinned[1]!.includes('=')) ? pinned[2]! : undefined;
  if (version !== undefined && !VERSION.test(version))
    throw new OptionError(`--token needs a version MAJOR.MINOR.PATCH after "@", such as 2.0.0, got "${whole}".`);
  const text = version === undefined ? whole : pinned![1]!;
  const at = text.indexOf('=');
  const token = at < 0 ? text : text.slice(0, at);
  const account = at < 0 ? DEFAULT_ACCOUNT : text.slice(at + 1);
  if (!TOKEN.test(token))
    throw new OptionError(`--token needs a token of printable characters without spaces before "=", got "${whole}".`);
  if (!ACCOUNT.test(account))
    throw new OptionError(
      `--token needs an account name after "=" (letters, digits, ".", "_" or "-", up to 64), got "${whole}".`,
    );
  return [token, account, version];
}

export function parseOptions(argv: string[], defaults: {port: number}): CliOptions {
  const options: CliOptions = {
    port: defaults.port,
    payAfterSeconds: PAY_AFTER_SECONDS,
    compactAfterSeconds: 1,
    rateLimit: true,
    tokens: new Map(),
    accountVersions: new Map(),
    manualClock: false,
    retrySpeedup: 1,
    cap: 10_000,
    quiet: false,
    help: false,
  };
  for (const [flag, value] of commandFlags(argv, (message) => new OptionError(message))) {
    /** The flag's value as a number `check` accepts, or an error naming the flag and what it takes. */
    const number = (check: (n: number) => boolean, what: string): number => {
      const text = value();
      const n = Number(text);
      if (text.trim() === '' || !Number.isFinite(n) || !check(n))
        throw new OptionError(`${flag} needs ${what}, got "${text}".`);
      return n;
    };
    const seconds = () => number((n) => n >= 0 && n <= 86_400, 'a number of seconds from 0 to 86400');
    switch (flag) {
      case '--port':
        options.port = number((n) => Number.isInteger(n) && n >= 1 && n <= 65535, 'a port number from 1 to 65535');
        break;
      case '--pay-after':
        options.payAfterSeconds = seconds();
        break;
      case '--state':
        options.state = value();
        break;
      case '--compact-after':
        options.compactAfterSeconds = seconds();
        break;
      case '--no-rate-limit':
        options.rateLimit = false;
        break;
      case '--token': {
        const [token, account, version] = tokenMapping(value());
        const earlier = options.tokens.get(token);
        if (earlier !== undefined && earlier !== account)
          throw new OptionError(`--token ${token} is given for two accounts, ${earlier} and ${account}.`);
        options.tokens.set(token, account);
        const pinned = options.accountVersions.get(account);
        if (version !== undefined && pinned !== undefined && pinned !== version)
          throw new OptionError(`--token pins the account ${account} to two versions, ${pinned} and ${version}.`);
        if (version !== undefined) options.accountVersions.set(account, version);
        break;
      }
      case '--api-version': {
        const version = value();
        if (!VERSION.test(version))
          throw new OptionError(`--api-version needs a version MAJOR.MINOR.PATCH, such as 2.0.0, got "${version}".`);
        options.apiVersion = version;
        break;
      }
      case '--manual-clock':
        options.manualClock = true;
        break;
      case '--scopes':
        options.scopes = value()
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        break;
      case '--retry-speedup':
        options.retrySpeedup = number((n) => n >= 1 && n <= 1_000_000, 'a factor from 1 to 1000000');
        break;
      case '--cap':
        options.cap = number((n) => Number.isInteger(n) && n >= 1, 'a whole number of objects, at least 1');
        break;
      case '--quiet':
        options.quiet = true;
        break;
      case '--help':
      case '-h':
        options.help = true;
        break;
      default:
        throw new OptionError(`unknown option "${flag}".`);
    }
  }
  return options;
}
