/**
 * A Kestrel webhook receiver on node:http and node:sqlite (Node.js 22.13 or later), with no dependencies.
 *
 *   KESTREL_WEBHOOK_SECRET=... KESTREL_API_KEY=... npx tsx examples/webhooks/node/server.ts
 *
 * It reads the raw body, verifies the Kestrel-Signature header, stores the event in SQLite
 * (KESTREL_EVENTS_DB, default kestrel-events-<PORT>.sqlite3), answers 200, and then processes the event
 * from the store: it fetches the entity the event names, to learn its current state, and marks the
 * event processed. When it starts, it first processes the events a crash left stored but unprocessed.
 *
 * An event of a type it does not know is acknowledged and marked processed without a fetch. A
 * failure that a later try or a fix on your side can end (Kestrel answers 429 or 5xx, a 401 or 403
 * of a wrong API key, a timeout, a network error, a bug) is tried again with exponential backoff,
 * never sooner than Retry-After, for as long as Kestrel keeps the event. A failure that cannot
 * succeed (a 404 or 410 of the entity, a 400, 422 or other 4xx of the request, but not 408, 429 and
 * 409 IDEMPOTENCY_KEY_IN_USE; a malformed event) is dead-lettered at once: recorded in the
 * kestrel_dead_letters table with its tries and last error, logged, and not tried again until you
 * replay it (replayDeadLetter, or --replay-dead-letter ID).
 *
 * The kestrel_events table is also the processed-events store: a redelivery or a replay of an id it
 * holds does nothing, however late. It keeps each event for EVENT_RETENTION_DAYS, the time Kestrel
 * can still deliver or list it; an Idempotency-Key derived from the event id covers only 24 hours.
 */
import {createServer, type IncomingMessage, type Server} from 'node:http';
import {DatabaseSync} from 'node:sqlite';
import {pathToFileURL} from 'node:url';
import {parseRetryAfter} from '../../core/backoff.js';
import type {Schema} from '../../kestrel-api-types.js';
import {KestrelSignatureError, verifyKestrelSignature} from './verify-signature';

/**
 * A webhook event: thin, it names the entity that changed. `deliveries`, per subscription it was
 * sent to, is in the events API's answers; a delivery's body leaves it out.
 */
export type KestrelEvent = Schema<'Event'>;

/**
 * Where the receiver keeps each event before it answers: a 2xx promises Kestrel the event is safe,
 * and Kestrel stops retrying it. The worker then processes the events from here.
 */
export interface EventStore {
  /** Saves the event durably; resolves true when it is new, false when its id was saved before. */
  save(event: KestrelEvent): Promise<boolean>;
  /** Whether the event's work is done: a replay checks it before it acts. */
  isProcessed(eventId: string): Promise<boolean>;
  /** Forgets the processed events received before `cutoff`: Kestrel no longer delivers or lists them. */
  forgetProcessedBefore(cutoff: Date): Promise<number>;
  /** The saved events not yet marked processed nor dead-lettered, oldest first: after a restart, what a crash left. */
  unprocessed(): Promise<KestrelEvent[]>;
  markProcessed(eventId: string): Promise<void>;
  /** Counts one failed try at processing the event and keeps its error; resolves the failures so far. */
  recordFailure(eventId: string, error: string): Promise<number>;
  /** Moves the event to the dead letters: the worker no longer tries it. */
  deadLetter(eventId: string): Promise<void>;
  /** The dead letters, oldest first, with their attempts and last error. */
  deadLetters(): Promise<DeadLetter[]>;
  /** Takes the event out of the dead letters with a fresh count, so the worker processes it again. */
  replayDeadLetter(eventId: string): Promise<boolean>;
}

/** An event the worker gave up on, and why. */
export interface DeadLetter {
  eventId: string;
  eventType: string;
  attempts: number;
  lastError: string;
  deadLetteredAt: string;
}

// #region retry-policy
/**
 * How long Kestrel keeps an event, so how long it can deliver or list it again: the worker retries
 * a transient failure until the event is this old, and the store keeps processed ids this long.
 * The same in the Node.js, Python and Go receivers.
 */
export const EVENT_RETENTION_DAYS = 30;
/** The first wait after a transient failure; each failure doubles it, up to MAX_RETRY_MS. */
export const FIRST_RETRY_MS = 30_000;
export const MAX_RETRY_MS = 60 * 60_000;

/** A failure no later try can fix: the worker dead-letters the event at once. */
export class PermanentError extends Error {}

/** Kestrel answered a request the worker made with something other than a 2xx. */
export class KestrelApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  /** The wait Retry-After asked for, or null. */
  readonly retryAfterMs: number | null;

  constructor(message: string, status: number, code: string | null, retryAfterMs: number | null) {
    super(message);
    this.status = status;
    this.code = code;
    this.retryAfterMs = retryAfterMs;
  }
}

/** What the worker logs after a 401 or a 403: a change of key or scopes ends it, not a later try alone. */
export const CONFIGURATION_FIX = 'needs a configuration fix: check the API key and its scopes';

/**
 * Whether a later try can fix the failure, the least wait before it, and whether a change of your
 * configuration is what it waits for. A 401 (a key expired, revoked or rotated) or a 403 (a scope
 * missing) ends once you fix the key, so it is retried like an outage rather than dead-lettered.
 */
export function classifyFailure(error: unknown): {
  transient: boolean;
  retryAfterMs: number | null;
  configuration: boolean;
} {
  if (error instanceof PermanentError) return {transient: false, retryAfterMs: null, configuration: false};
  if (error instanceof KestrelApiError) {
    const {status, code} = error;
    const configuration = status === 401 || status === 403;
    const transient =
      configuration ||
      status === 408 ||
      status === 429 ||
      status >= 500 ||
      (status === 409 && code === 'IDEMPOTENCY_KEY_IN_USE') ||
      status < 400;
    return {transient, retryAfterMs: error.retryAfterMs, configuration};
  }
  // A timeout, a network error, a bug in your code: the next try may pass.
  return {transient: true, retryAfterMs: null, configuration: false};
}

/** The wait before the next try after `failures` transient failures: doubling, at least Retry-After. */
export function retryDelayMs(failures: number, retryAfterMs: number | null, firstMs = FIRST_RETRY_MS): number {
  const backoff = Math.min(MAX_RETRY_MS, firstMs * 2 ** Math.min(failures - 1, 30));
  return Math.max(backoff, retryAfterMs ?? 0);
}
// #endregion retry-policy

const DAY_MS = 24 * 60 * 60_000;

// #region store
/**
 * An EventStore in SQLite (node:sqlite): each save is committed before the receiver answers. Pass
 * a file path so that events survive a restart; `:memory:` is for tests. In production, use the
 * database that holds your records, and mark an event processed in the same transaction as its work.
 */
export function sqliteEventStore(path: string, now: () => Date = () => new Date()): EventStore & {close(): void} {
  const db = new DatabaseSync(path);
  // A replay run (replay-missed-events.ts) may write while the receiver does: wait for its lock.
  db.exec('PRAGMA busy_timeout = 5000');
  // #region events-table
  db.exec(`CREATE TABLE IF NOT EXISTS kestrel_events (
    event_id TEXT PRIMARY KEY,
    body TEXT NOT NULL,
    received_at TEXT NOT NULL,
    processed_at TEXT
  )`);
  // #endregion events-table
  // Failed processings per event; a row with dead_lettered_at set is a dead letter.
  db.exec(`CREATE TABLE IF NOT EXISTS kestrel_dead_letters (
    event_id TEXT PRIMARY KEY REFERENCES kestrel_events (event_id),
    attempts INTEGER NOT NULL,
    last_error TEXT NOT NULL,
    dead_lettered_at TEXT
  )`);
  const insert = db.prepare(
    'INSERT INTO kestrel_events (event_id, body, received_at) VALUES (?, ?, ?) ON CONFLICT (event_id) DO NOTHING',
  );
  const pending = db.prepare(
    `SELECT body FROM kestrel_events e WHERE processed_at IS NULL AND NOT EXISTS
       (SELECT 1 FROM kestrel_dead_letters d WHERE d.event_id = e.event_id AND d.dead_lettered_at IS NOT NULL)
     ORDER BY received_at, rowid`,
  );
  const done = db.prepare('UPDATE kestrel_events SET processed_at = ? WHERE event_id = ?');
  const processed = db.prepare('SELECT 1 FROM kestrel_events WHERE event_id = ? AND processed_at IS NOT NULL');
  const forgetFailures = db.prepare(
    `DELETE FROM kestrel_dead_letters WHERE event_id IN
       (SELECT event_id FROM kestrel_events WHERE processed_at IS NOT NULL AND received_at < ?)`,
  );
  const forget = db.prepare('DELETE FROM kestrel_events WHERE processed_at IS NOT NULL AND received_at < ?');
  const failed = db.prepare(
    `INSERT INTO kestrel_dead_letters (event_id, attempts, last_error) VALUES (?, 1, ?)
     ON CONFLICT (event_id) DO UPDATE SET attempts = attempts + 1, last_error = excluded.last_error
     RETURNING attempts`,
  );
  const dead = db.prepare('UPDATE kestrel_dead_letters SET dead_lettered_at = ? WHERE event_id = ?');
  const deadList = db.prepare(
    `SELECT d.event_id, e.body, d.attempts, d.last_error, d.dead_lettered_at FROM kestrel_dead_letters d
     JOIN kestrel_events e USING (event_id) WHERE d.dead_lettered_at IS NOT NULL ORDER BY d.dead_lettered_at, d.rowid`,
  );
  const replay = db.prepare('DELETE FROM kestrel_dead_letters WHERE event_id = ? AND dead_lettered_at IS NOT NULL');
  return {
    async save(event) {
      return Number(insert.run(event.id, JSON.stringify(event), now().toISOString()).changes) === 1;
    },
    async unprocessed() {
      return pending.all().map((row) => JSON.parse(String(row.body)) as KestrelEvent);
    },
    async isProcessed(eventId) {
      return processed.get(eventId) !== undefined;
    },
    async forgetProcessedBefore(cutoff) {
      db.exec('BEGIN');
      try {
        forgetFailures.run(cutoff.toISOString());
        const forgotten = Number(forget.run(cutoff.toISOString()).changes);
        db.exec('COMMIT');
        return forgotten;
      } catch (error) {
        db.exec('ROLLBACK');
        throw error;
      }
    },
    async markProcessed(eventId) {
      done.run(now().toISOString(), eventId);
    },
    async recordFailure(eventId, error) {
      return Number(failed.get(eventId, error)!.attempts);
    },
    async deadLetter(eventId) {
      dead.run(now().toISOString(), eventId);
    },
    async deadLetters() {
      return deadList.all().map((row) => ({
        eventId: String(row.event_id),
        eventType: (JSON.parse(String(row.body)) as KestrelEvent).eventType,
        attempts: Number(row.attempts),
        lastError: String(row.last_error),
        deadLetteredAt: String(row.dead_lettered_at),
      }));
    },
    async replayDeadLetter(eventId) {
      return Number(replay.run(eventId).changes) === 1;
    },
    close: () => db.close(),
  };
}
// #endregion store

export interface ReceiverOptions {
  secret: string;
  /** Saves each verified event before the 200. Defaults to a SQLite store in memory, for tests. */
  store?: EventStore;
  /** Processes one stored event, after the 200. A failure leaves it unprocessed, to try again. */
  onEvent: (event: KestrelEvent) => Promise<void>;
  /** The current time in unix seconds for the signature check, for tests. Defaults to the system clock. */
  now?: () => number;
  /** The worker's clock, which schedules retries and ages events, for tests. Defaults to the system clock. */
  clock?: () => Date;
  /** Where the receiver reports each step (stored, answered, processed). Failures go to console.error. */
  log?: (line: string) => void;
  /** The first wait before another try at an event whose processing failed; default FIRST_RETRY_MS. */
  retryMs?: number;
}

const MAX_BODY_BYTES = 1024 * 1024;

class BodyTooLargeError extends Error {}

// #region raw-body
/** Collects the request body as bytes: never parse JSON before you verify. */
function readRawBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new BodyTooLargeError());
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
// #endregion raw-body

// #region handler
export function createWebhookServer({
  secret,
  store = sqliteEventStore(':memory:'),
  onEvent,
  now,
  clock = () => new Date(),
  log = () => {},
  retryMs = FIRST_RETRY_MS,
}: ReceiverOptions): Server {
  const worker = storedEventWorker(store, onEvent, log, retryMs, () => clock().getTime());
  const server = createServer(async (req, res) => {
    if (req.method !== 'POST' || req.url !== '/webhooks/kestrel') {
      res.writeHead(404).end();
      return;
    }
    let rawBody: Buffer;
    try {
      rawBody = await readRawBody(req);
    } catch (error) {
      const tooLarge = error instanceof BodyTooLargeError;
      if (!tooLarge) console.error('delivery not read', error);
      res.writeHead(tooLarge ? 413 : 400).end();
      return;
    }

    const header = req.headers['kestrel-signature'];
    let event: KestrelEvent;
    try {
      verifyKestrelSignature(rawBody, typeof header === 'string' ? header : '', secret, {now: now?.()});
      // Parse only after verification, from the same bytes.
      event = JSON.parse(rawBody.toString('utf8')) as KestrelEvent;
    } catch (error) {
      // Any non-2xx answer makes Kestrel retry, which gives you time to fix a secret or a clock.
      const code = error instanceof KestrelSignatureError ? error.code : 'INVALID_BODY';
      console.error(`delivery rejected: ${code}`);
      res.writeHead(400, {'Content-Type': 'application/json'}).end(JSON.stringify({code}));
      return;
    }

    // Deliveries are at least once: the store also tells a redelivery (false) from a new event.
    // #region acknowledge
    // Store before the 200: after a 2xx Kestrel stops retrying. A 500 makes it deliver again later.
    let isNew: boolean;
    try {
      isNew = await store.save(event);
    } catch (error) {
      console.error(`event ${event.id} not stored`, error);
      res.writeHead(500).end();
      return;
    }
    log(`${isNew ? 'stored' : 'already stored'} ${event.id}`);

    // Answer within 10 seconds: acknowledge, then work from the store.
    res.writeHead(200).end();
    log(`answered 200 ${event.id}`);
    if (isNew) worker.wake(); // the worker processes it from the store, after the answer
    // #endregion acknowledge
  });
  // What a restart left stored but not processed is processed first.
  worker.wake();
  server.on('close', () => worker.stop());
  return server;
}
// #endregion handler

// #region worker

/**
 * Processes the stored events one at a time, oldest first, and marks each processed once its work
 * succeeded. An event of a type the receiver does not know is marked processed without a fetch.
 * A transient failure is logged and counted, and the event is tried again after retryDelayMs,
 * until it is EVENT_RETENTION_DAYS old; a permanent one is dead-lettered at once. Each pass also
 * forgets the processed events Kestrel can no longer deliver.
 */
function storedEventWorker(
  store: EventStore,
  onEvent: (event: KestrelEvent) => Promise<void>,
  log: (line: string) => void,
  retryMs: number,
  nowMs: () => number,
) {
  const retention = EVENT_RETENTION_DAYS * DAY_MS;
  /** When each event that failed may be tried again; a restart tries them all at once. */
  const due = new Map<string, number>();
  let running = false;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const deadLetter = async (event: KestrelEvent, tries: number, message: string) => {
    due.delete(event.id);
    await store.deadLetter(event.id).catch((e: unknown) => console.error(`event ${event.id} not dead-lettered`, e));
    console.error(`dead-lettered ${event.id} on try ${tries}: ${message}`);
  };

  const processOne = async (event: KestrelEvent) => {
    try {
      if (!isKnownEventType(event.eventType)) {
        // A type added after this code was written: nothing here acts on it, and a retry would not either.
        await store.markProcessed(event.id);
        log(`skipped ${event.id}: unknown event type ${event.eventType}`);
        return;
      }
      await onEvent(event);
      await store.markProcessed(event.id);
      due.delete(event.id);
      log(`processed ${event.id}`);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const tries = await store.recordFailure(event.id, message).catch(() => 1);
      const {transient, retryAfterMs, configuration} = classifyFailure(error);
      if (!transient) return deadLetter(event, tries, message);
      const at = nowMs() + retryDelayMs(tries, retryAfterMs, retryMs);
      const created = Date.parse(event.created);
      if (Number.isNaN(created)) return deadLetter(event, tries, `malformed event: created is ${event.created}`);
      if (at > created + retention) return deadLetter(event, tries, `Kestrel no longer keeps it: ${message}`);
      due.set(event.id, at);
      console.error(
        `event ${event.id} failed on try ${tries}, to try again at ${new Date(at).toISOString()}: ${message}` +
          (configuration ? ` (${CONFIGURATION_FIX})` : ''),
      );
    }
  };

  const run = async () => {
    running = true;
    do {
      again = false;
      let events: KestrelEvent[] = [];
      try {
        await store.forgetProcessedBefore(new Date(nowMs() - retention));
        events = await store.unprocessed();
      } catch (error) {
        console.error('stored events not read', error);
      }
      for (const event of events) {
        if ((due.get(event.id) ?? 0) <= nowMs()) await processOne(event);
      }
      schedule();
    } while (again);
    running = false;
  };

  /**
   * Wakes the worker when the next failed event falls due, and at the latest after retryMs, so
   * events a replay stored (replay-missed-events.ts) are processed without waiting for a delivery.
   */
  const schedule = () => {
    clearTimeout(timer);
    const next = Math.min(nowMs() + retryMs, ...due.values());
    if (stopped) return;
    timer = setTimeout(wake, Math.min(Math.max(0, next - nowMs()), 2 ** 31 - 1)).unref();
  };

  const wake = () => {
    if (running) again = true;
    else void run();
  };
  return {
    wake,
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
// #endregion worker

// #region fetch-entity
/** Where the entity each event type names is read: thin events carry no state. */
const ENTITY_PATHS: Record<string, (id: string) => string> = {
  'invoice.created': (id) => `/invoices/${id}`,
  'invoice.updated': (id) => `/invoices/${id}`,
  'receive-request.receive-pending': (id) => `/receive-requests/${id}/receives`,
  'receive-request.receive-completed': (id) => `/receive-requests/${id}/receives`,
  'payout.updated': (id) => `/payouts/${id}`,
  'payment.updated': (id) => `/payments/${id}`,
  'currency-exchange-quote.updated': (id) => `/currency-exchange-quotes/${id}`,
  'deposit.updated': (id) => `/deposits/${id}`,
};

/** Whether this receiver knows how to act on the event type. */
export const isKnownEventType = (eventType: string): boolean => Object.hasOwn(ENTITY_PATHS, eventType);

/**
 * Reads the entity the event names. A non-2xx answer throws a KestrelApiError that carries its
 * status, problem code and Retry-After, which decide whether the worker tries again.
 */
export async function fetchEntity(event: KestrelEvent, apiBase: string, apiKey: string): Promise<unknown> {
  const path = ENTITY_PATHS[event.eventType];
  const entityId: unknown = event.data?.entityId;
  if (!path || typeof entityId !== 'string' || entityId === '')
    throw new PermanentError(`malformed event: no entity to fetch for ${event.eventType}`);
  const response = await fetch(`${apiBase}${path(encodeURIComponent(entityId))}`, {
    headers: {Authorization: `Bearer ${apiKey}`, Accept: 'application/json'},
    signal: AbortSignal.timeout(10_000), // the event is stored: a later attempt can fetch it again
  });
  if (!response.ok) {
    const problem = (await response.json().catch(() => null)) as {code?: unknown} | null;
    const code = typeof problem?.code === 'string' ? problem.code : null;
    throw new KestrelApiError(
      `GET ${path(entityId)} answered ${response.status}${code ? ` ${code}` : ''}`,
      response.status,
      code,
      parseRetryAfter(response.headers.get('Retry-After')),
    );
  }
  return response.json();
}
// #endregion fetch-entity

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const port = Number(process.env.PORT ?? 3000);
  // One store per port by default: a receiver restarted on its port finds what it left.
  const store = sqliteEventStore(process.env.KESTREL_EVENTS_DB ?? `kestrel-events-${port}.sqlite3`);
  const replay = process.argv.indexOf('--replay-dead-letter');
  const secret = process.env.KESTREL_WEBHOOK_SECRET;
  const apiKey = process.env.KESTREL_API_KEY;
  if (replay >= 0) {
    // Once the cause is fixed; the receiver processes it when it next starts.
    const id = process.argv[replay + 1] ?? '';
    void store.replayDeadLetter(id).then((replayed) => {
      console.log(replayed ? `replaying ${id}` : `no dead letter ${id}`);
      process.exit(replayed ? 0 : 1);
    });
  } else if (!secret || !apiKey) {
    console.error('Set KESTREL_WEBHOOK_SECRET and KESTREL_API_KEY.');
    process.exit(1);
  } else {
    const apiBase = process.env.KESTREL_API_BASE ?? 'https://api.sandbox.kestrel.example/v1';
    createWebhookServer({
      secret,
      store,
      retryMs: process.env.KESTREL_RETRY_SECONDS ? Number(process.env.KESTREL_RETRY_SECONDS) * 1000 : undefined,
      log: (line) => console.log(line),
      onEvent: async (event) => {
        const entity = await fetchEntity(event, apiBase, apiKey);
        console.log(`${event.eventType} ${event.data.entityId}`, entity);
      },
    }).listen(port, '127.0.0.1', () => {
      console.log(`Listening on http://127.0.0.1:${port}/webhooks/kestrel`);
    });
  }
}
