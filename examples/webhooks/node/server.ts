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
 * An event of a type it does not know is acknowledged and marked processed without a fetch. An
 * event whose processing fails MAX_PROCESSING_ATTEMPTS times (an entity that answers 404, a bug)
 * is dead-lettered: recorded in the kestrel_dead_letters table with its attempts and last error,
 * logged, and not tried again until you replay it (replayDeadLetter, or --replay-dead-letter ID).
 */
import {createServer, type IncomingMessage, type Server} from 'node:http';
import {DatabaseSync} from 'node:sqlite';
import {pathToFileURL} from 'node:url';
import {KestrelSignatureError, verifyKestrelSignature} from './verify-signature';

/** A webhook event: thin, it names the entity that changed. */
export interface KestrelEvent {
  id: string;
  eventType: string;
  webhookVersion: string;
  data: {entityId: string; changes: string[]};
  created: string;
  deliverySuccess: boolean;
  /** Per subscription it was sent to; the events API answers it, a delivery's body leaves it out. */
  deliveries?: {
    subscriptionId: string;
    status: 'PENDING' | 'SUCCEEDED' | 'FAILED';
    attempts: number;
    lastAttempt: string | null;
    lastResponseStatus: number | null;
    nextAttempt: string | null;
  }[];
}

/**
 * Where the receiver keeps each event before it answers: a 2xx promises Kestrel the event is safe,
 * and Kestrel stops retrying it. The worker then processes the events from here.
 */
export interface EventStore {
  /** Saves the event durably; resolves true when it is new, false when its id was saved before. */
  save(event: KestrelEvent): Promise<boolean>;
  /** The saved events not yet marked processed nor dead-lettered, oldest first: after a restart, what a crash left. */
  unprocessed(): Promise<KestrelEvent[]>;
  markProcessed(eventId: string): Promise<void>;
  /** Counts one failed processing of the event and keeps its error; resolves the failures so far. */
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

// #region dead-letter-policy
/**
 * How many times the worker tries to process one event before it dead-letters it. The same in the
 * Node.js, Python and Go receivers: at the default 30-second wait, about two minutes of tries.
 */
export const MAX_PROCESSING_ATTEMPTS = 5;
// #endregion dead-letter-policy

// #region store
/**
 * An EventStore in SQLite (node:sqlite): each save is committed before the receiver answers. Pass
 * a file path so that events survive a restart; `:memory:` is for tests. In production, use the
 * database that holds your records, and mark an event processed in the same transaction as its work.
 */
export function sqliteEventStore(path: string): EventStore & {close(): void} {
  const db = new DatabaseSync(path);
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
      return Number(insert.run(event.id, JSON.stringify(event), new Date().toISOString()).changes) === 1;
    },
    async unprocessed() {
      return pending.all().map((row) => JSON.parse(String(row.body)) as KestrelEvent);
    },
    async markProcessed(eventId) {
      done.run(new Date().toISOString(), eventId);
    },
    async recordFailure(eventId, error) {
      return Number(failed.get(eventId, error)!.attempts);
    },
    async deadLetter(eventId) {
      dead.run(new Date().toISOString(), eventId);
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
  /** The current time in unix seconds, for tests. Defaults to the system clock. */
  now?: () => number;
  /** Where the receiver reports each step (stored, answered, processed). Failures go to console.error. */
  log?: (line: string) => void;
  /** Wait before another try at events whose processing failed; default 30 000 ms. */
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
  log = () => {},
  retryMs = 30_000,
}: ReceiverOptions): Server {
  const worker = storedEventWorker(store, onEvent, log, retryMs);
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
 * A failure is logged and counted, and the event stays unprocessed, to try again after retryMs;
 * after MAX_PROCESSING_ATTEMPTS failures it is dead-lettered and logged, never tried forever.
 */
function storedEventWorker(
  store: EventStore,
  onEvent: (event: KestrelEvent) => Promise<void>,
  log: (line: string) => void,
  retryMs: number,
) {
  let running = false;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  const run = async () => {
    running = true;
    do {
      again = false;
      let failed = false;
      let events: KestrelEvent[] = [];
      try {
        events = await store.unprocessed();
      } catch (error) {
        failed = true;
        console.error('stored events not read', error);
      }
      for (const event of events) {
        try {
          if (!isKnownEventType(event.eventType)) {
            // A type added after this code was written: nothing here acts on it, and a retry would not either.
            await store.markProcessed(event.id);
            log(`skipped ${event.id}: unknown event type ${event.eventType}`);
            continue;
          }
          await onEvent(event);
          await store.markProcessed(event.id);
          log(`processed ${event.id}`);
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          const attempts = await store.recordFailure(event.id, message).catch(() => 0);
          if (attempts >= MAX_PROCESSING_ATTEMPTS) {
            await store
              .deadLetter(event.id)
              .catch((e: unknown) => console.error(`event ${event.id} not dead-lettered`, e));
            console.error(`dead-lettered ${event.id} after ${attempts} attempts: ${message}`);
            continue;
          }
          failed = true;
          console.error(`event ${event.id} failed, to try again in ${retryMs} ms`, error);
        }
      }
      if (failed && !timer) timer = setTimeout(() => ((timer = undefined), wake()), retryMs).unref();
    } while (again);
    running = false;
  };
  const wake = () => {
    if (running) again = true;
    else void run();
  };
  return {wake, stop: () => clearTimeout(timer)};
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

export async function fetchEntity(event: KestrelEvent, apiBase: string, apiKey: string): Promise<unknown> {
  const path = ENTITY_PATHS[event.eventType];
  if (!path) throw new Error(`unknown event type ${event.eventType}`);
  const response = await fetch(`${apiBase}${path(encodeURIComponent(event.data.entityId))}`, {
    headers: {Authorization: `Bearer ${apiKey}`, Accept: 'application/json'},
    signal: AbortSignal.timeout(10_000), // the event is stored: a later attempt can fetch it again
  });
  if (!response.ok) throw new Error(`GET ${path(event.data.entityId)} answered ${response.status}`);
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
