/**
 * Shared by the webhook receiver suites: runs the example receivers (Node.js, Python, Go) as a
 * reader runs them, each in its own process with its own event store on disk, against a fake
 * Kestrel API on 127.0.0.1 that the test controls, and posts signed deliveries to them.
 */
import {spawn, spawnSync, type ChildProcess} from 'node:child_process';
import {randomUUID} from 'node:crypto';
import {mkdtempSync, rmSync} from 'node:fs';
import {createServer, type Server, type ServerResponse} from 'node:http';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {freePort, listenOnFreePort} from '../../tooling/ports.mjs';
import {signature} from '../../sandbox/webhooks';
import {ROOT} from './guide-http';
import {waitFor} from './sandbox-process';

export const SECRET = 'whsec_receiver_tests_0123456789';

export interface ReceiverKind {
  name: string;
  /** The example file a page embeds, which this receiver runs. */
  file: string;
  /** Prepares what the command needs (a build) in dir; returns the command and its arguments. */
  command: (dir: string) => [string, string[]];
  /** The environment variable that names its event store. */
  storeEnv: string;
}

const GO_DIR = path.join(ROOT, 'examples/webhooks/go');
const GO_ENV = {...process.env, GOTOOLCHAIN: 'local', GOPROXY: 'off', GOFLAGS: '-mod=mod'};

/** The Node.js receiver, which the quickstart and the example apps also run. */
export const NODE_RECEIVER: ReceiverKind = {
  name: 'Node.js',
  file: 'examples/webhooks/node/server.ts',
  command: () => [process.execPath, ['--import', 'tsx', path.join(ROOT, 'examples/webhooks/node/server.ts')]],
  storeEnv: 'KESTREL_EVENTS_DB',
};

export const RECEIVERS: ReceiverKind[] = [
  NODE_RECEIVER,
  {
    name: 'Python',
    file: 'examples/webhooks/python/receiver.py',
    command: () => ['python3', [path.join(ROOT, 'examples/webhooks/python/receiver.py')]],
    storeEnv: 'KESTREL_EVENTS_DB',
  },
  {
    name: 'Go',
    file: 'examples/webhooks/go/handler.go',
    command: (dir) => {
      const binary = path.join(dir, 'receiver');
      const built = spawnSync('go', ['build', '-o', binary, './cmd/receiver'], {
        cwd: GO_DIR,
        env: GO_ENV,
        encoding: 'utf8',
      });
      if (built.status !== 0) throw new Error(`go build failed:\n${built.stdout}${built.stderr}`);
      return [binary, []];
    },
    storeEnv: 'KESTREL_EVENTS_DIR',
  },
];

/** A problem answer the fake API gives, as Kestrel does: a 429 burst, a 503 of a maintenance window. */
export interface FakeAnswer {
  status: number;
  code: string;
  retryAfterSeconds?: number;
}

/**
 * A fake Kestrel API: records each GET and answers 200, 404 for an entity in `missing`, the next
 * answer `scripted` for an entity (then 200), or holds it open while `hold` is set.
 */
export async function fakeKestrelApi() {
  const gets: string[] = [];
  const held: ServerResponse[] = [];
  const api = {
    gets,
    hold: false,
    missing: new Set<string>(),
    scripted: new Map<string, FakeAnswer[]>(),
    base: '',
    server: undefined as Server | undefined,
    async close() {
      for (const res of held) res.destroy();
      api.server!.closeAllConnections();
      await new Promise((resolve) => api.server!.close(resolve));
    },
  };
  api.server = createServer((req, res) => {
    const p = new URL(req.url!, 'http://x').pathname.replace(/^\/v1/, '');
    gets.push(p);
    if (api.hold) {
      held.push(res);
      return;
    }
    const next = api.scripted.get(p.split('/')[2]!)?.shift();
    if (next) {
      res
        .writeHead(next.status, {
          'Content-Type': 'application/problem+json',
          ...(next.retryAfterSeconds !== undefined && {'Retry-After': String(next.retryAfterSeconds)}),
        })
        .end(JSON.stringify({status: next.status, code: next.code}));
      return;
    }
    if (api.missing.has(p.split('/')[2]!)) {
      res.writeHead(404, {'Content-Type': 'application/problem+json'}).end('{"code":"INVOICE_NOT_FOUND"}');
      return;
    }
    res.writeHead(200, {'Content-Type': 'application/json'}).end(JSON.stringify({id: p.split('/')[2], status: 'PAID'}));
  });
  api.base = `${await listenOnFreePort(api.server)}/v1`;
  return api;
}

/** A receiver process with its store in dir; output collects stdout and stderr in order. */
export interface RunningReceiver {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

export async function startReceiver(
  kind: ReceiverKind,
  dir: string,
  apiBase: string,
  env: Record<string, string> = {},
): Promise<RunningReceiver> {
  const [cmd, args] = kind.command(dir);
  const port = await freePort();
  const child = spawn(cmd, args, {
    cwd: ROOT, // where tsx resolves; each store lives in dir
    env: {
      ...process.env,
      PORT: String(port),
      KESTREL_WEBHOOK_SECRET: SECRET,
      KESTREL_API_KEY: 'sk_sandbox_receiver_tests',
      KESTREL_API_BASE: apiBase,
      [kind.storeEnv]: path.join(dir, kind.storeEnv === 'KESTREL_EVENTS_DIR' ? 'events' : 'events.sqlite3'),
      PYTHONDONTWRITEBYTECODE: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c) => (output += c));
  child.stderr!.on('data', (c) => (output += c));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const receiver = {child, url: `http://127.0.0.1:${port}/webhooks/kestrel`, output: () => output, exited};
  await waitFor(`the ${kind.name} receiver to listen`, async () => output.includes('Listening on'), 60_000).catch(
    (error: Error) => {
      child.kill('SIGKILL');
      throw new Error(`${error.message}; its output:\n${output}`);
    },
  );
  return receiver;
}

/** A thin invoice.updated event with fresh ids. */
export function newEvent() {
  return {
    id: randomUUID(),
    eventType: 'invoice.updated',
    webhookVersion: '2025-06-01',
    data: {entityId: randomUUID(), changes: ['status']},
    created: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    deliverySuccess: false,
  };
}

/** Posts a delivery signed as Kestrel signs it; `chunked` sends the body without a Content-Length. */
export async function deliver(url: string, event: object, {chunked = false} = {}): Promise<number> {
  const raw = JSON.stringify(event);
  const body = chunked
    ? new ReadableStream({
        start(controller) {
          const bytes = new TextEncoder().encode(raw);
          controller.enqueue(bytes.slice(0, 50));
          controller.enqueue(bytes.slice(50));
          controller.close();
        },
      })
    : raw;
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Kestrel-Signature': signature(SECRET, Math.floor(Date.now() / 1000), raw),
    },
    body,
    ...(chunked ? {duplex: 'half'} : {}),
  } as RequestInit);
  await res.arrayBuffer();
  return res.status;
}

/** The output's lines without the date and time Go's log package puts first. */
const logLines = (output: string) => output.split('\n').map((l) => l.replace(/^\d{4}\/\d\d\/\d\d \d\d:\d\d:\d\d /, ''));

/** How many lines of the output are exactly this line. */
export function linesOf(output: string, line: string): number {
  return logLines(output).filter((l) => l === line).length;
}

/** The lines of the output that start with this text. */
export function linesStartingWith(output: string, start: string): string[] {
  return logLines(output).filter((l) => l.startsWith(start));
}

/** The index of the first line that is exactly this line, or -1. */
export function lineIndex(output: string, line: string): number {
  return logLines(output).indexOf(line);
}

/** Stops a receiver unless it has exited already, and waits for its exit. */
export async function stopReceiver(receiver: RunningReceiver, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (receiver.child.exitCode === null && receiver.child.signalCode === null) receiver.child.kill(signal);
  await receiver.exited;
}

/**
 * What one receiver run needs: a folder for its event store and a fake Kestrel API, each undone by
 * `cleanups` (the list a test's after-each hook empties).
 */
export async function receiverWorkspace(cleanups: (() => unknown)[]) {
  const {dir, remove} = tempDir();
  cleanups.push(remove);
  const api = await fakeKestrelApi();
  cleanups.push(() => api.close());
  return {dir, api};
}

export function tempDir(): {dir: string; remove: () => void} {
  const dir = mkdtempSync(path.join(tmpdir(), 'kestrel-receiver-'));
  return {dir, remove: () => rmSync(dir, {recursive: true, force: true})};
}
