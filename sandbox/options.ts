/**
 * The command line of `npm run sandbox`, checked: a bad value stops the sandbox with a message
 * naming the flag, never a silently different sandbox.
 */
export const USAGE = `Usage: npm run sandbox -- [options]

  --port N             listen on 127.0.0.1:N (default 4010)
  --pay-after SECONDS  delay from an invoice quote to its simulated payment (default 10)
  --state FILE         keep objects, balances and the clock in FILE across restarts
  --no-rate-limit      turn off the 25 requests per 10 s limit (for load tests)
  --token TOKEN        accept only this bearer token (default: any non-empty token)
  --scopes A,B,...     give the token only these scopes (default: all); others answer 403
  --retry-speedup N    run webhook retries N times sooner (60: a minute becomes a second)
  --cap N              keep at most N objects of each type (default 10000); more forget the oldest
  --quiet              no line per request
  --help               this text`;

export interface CliOptions {
  port: number;
  payAfterSeconds: number;
  state?: string;
  rateLimit: boolean;
  token?: string;
  scopes?: string[];
  retrySpeedup: number;
  cap: number;
  quiet: boolean;
  help: boolean;
}

export class OptionError extends Error {}

export function parseOptions(argv: string[], defaults: {port: number}): CliOptions {
  const options: CliOptions = {
    port: defaults.port,
    payAfterSeconds: 10,
    rateLimit: true,
    retrySpeedup: 1,
    cap: 10_000,
    quiet: false,
    help: false,
  };
  const value = (i: number, flag: string): string => {
    const v = argv[i + 1];
    if (v === undefined || v.startsWith('--')) throw new OptionError(`${flag} needs a value.`);
    return v;
  };
  const number = (text: string, flag: string, check: (n: number) => boolean, what: string): number => {
    const n = Number(text);
    if (text.trim() === '' || !Number.isFinite(n) || !check(n))
      throw new OptionError(`${flag} needs ${what}, got "${text}".`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    switch (flag) {
      case '--port':
        options.port = number(
          value(i++, flag),
          flag,
          (n) => Number.isInteger(n) && n >= 1 && n <= 65535,
          'a port number from 1 to 65535',
        );
        break;
      case '--pay-after':
        options.payAfterSeconds = number(
          value(i++, flag),
          flag,
          (n) => n >= 0 && n <= 86_400,
          'a number of seconds from 0 to 86400',
        );
        break;
      case '--state':
        options.state = value(i++, flag);
        break;
      case '--no-rate-limit':
        options.rateLimit = false;
        break;
      case '--token':
        options.token = value(i++, flag);
        break;
      case '--scopes':
        options.scopes = value(i++, flag)
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        break;
      case '--retry-speedup':
        options.retrySpeedup = number(
          value(i++, flag),
          flag,
          (n) => n >= 1 && n <= 1_000_000,
          'a factor from 1 to 1000000',
        );
        break;
      case '--cap':
        options.cap = number(
          value(i++, flag),
          flag,
          (n) => Number.isInteger(n) && n >= 1,
          'a whole number of objects, at least 1',
        );
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
