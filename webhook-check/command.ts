/**
 * The command line of `npm run webhooks` (cli.ts runs it): `check URL` sends the endpoint the
 * deliveries a handler must survive, signed as Kestrel signs them, and prints one line per case.
 * It answers the exit code: 1 when a case failed, 2 when it cannot run (a bad command line, no
 * secret, an endpoint off the loopback, an --api-port in use).
 */
import {CASES} from './cases.ts';
import {checkEndpoint, CheckError, defaultTimeoutMs, reportLines} from './check.ts';
import {readSecret, SECRET_ENV, SecretError} from './secret.ts';
import {commandFlags} from '../sandbox/command-flags.ts';

const usage =
  () => `Usage: npm run webhooks -- check URL [--secret-file F] [--api-port P] [--timeout-ms N] [--allow-remote]

  URL              the endpoint, such as http://127.0.0.1:3000/webhooks/kestrel (loopback only by default)
  --secret-file F  read the signing secret from file F (default: the ${SECRET_ENV} variable)
  --api-port P     stand in for the Kestrel API on 127.0.0.1:P, to see what the endpoint processes;
                   start the endpoint with its API base (KESTREL_API_BASE) at that port
  --timeout-ms N   how long the endpoint has to answer, at most Kestrel's ${defaultTimeoutMs()} ms (the default)
  --allow-remote   allow a URL off this machine's loopback

Cases, in the order they run:
${CASES.map((c) => `  ${c.name.padEnd(NAME_WIDTH)}${c.requires}`).join('\n')}`;

const NAME_WIDTH = Math.max(...CASES.map((c) => c.name.length)) + 2;

class UsageError extends Error {}
class HelpRequested extends Error {}

interface Args {
  url: string;
  secretFile?: string;
  apiPort?: number;
  timeoutMs?: number;
  allowRemote: boolean;
}

function whole(option: string, text: string, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < 1 || n > max)
    throw new UsageError(`${option} needs a whole number from 1 to ${max}, not ${text}.`);
  return n;
}

function parseArgs(argv: string[]): Args {
  const [command, ...rest] = argv;
  if (command === '--help') throw new HelpRequested();
  if (command === undefined) throw new UsageError('Give the command: check URL (--help lists the options).');
  if (command !== 'check') throw new UsageError(`Unknown command ${command}; the command is check.`);
  let url: string | undefined;
  const args: Omit<Args, 'url'> = {allowRemote: false};
  for (const [arg, value] of commandFlags(rest, (message) => new UsageError(message))) {
    if (arg === '--secret' || arg.startsWith('--secret='))
      throw new UsageError(
        `--secret is refused: a secret on the command line stays in shell history and process lists; use --secret-file F or ${SECRET_ENV}.`,
      );
    if (arg === '--secret-file') args.secretFile = value();
    else if (arg === '--api-port') args.apiPort = whole(arg, value(), 65_535);
    else if (arg === '--timeout-ms') args.timeoutMs = whole(arg, value(), defaultTimeoutMs());
    else if (arg === '--allow-remote') args.allowRemote = true;
    else if (arg === '--help') throw new HelpRequested();
    else if (arg.startsWith('--')) throw new UsageError(`Unknown option ${arg}.`);
    else if (url === undefined) url = arg;
    else throw new UsageError(`One URL only; ${arg} is a second.`);
  }
  if (url === undefined) throw new UsageError('check needs the endpoint URL.');
  return {url, ...args};
}

/** Where the command writes: its report and help, and its errors. */
export interface Output {
  out: (line: string) => void;
  err: (line: string) => void;
}

const CONSOLE: Output = {out: (line) => console.log(line), err: (line) => console.error(line)};

export async function runCommand(argv: string[], {out, err}: Output = CONSOLE): Promise<number> {
  try {
    const args = parseArgs(argv);
    const report = await checkEndpoint({
      ...args,
      secret: readSecret(args.secretFile, '--secret-file'),
      remoteHint: 'give --allow-remote for another host',
    });
    for (const line of reportLines(report, '--api-port')) out(line);
    return report.ok ? 0 : 1;
  } catch (error) {
    if (error instanceof HelpRequested) {
      out(usage());
      return 0;
    }
    if (error instanceof UsageError || error instanceof CheckError || error instanceof SecretError) {
      err(`webhooks: ${error.message}`);
      return 2;
    }
    throw error;
  }
}
