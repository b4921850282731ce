/**
 * A Kestrel webhook receiver on node:http, with no dependencies.
 *
 *   KESTREL_WEBHOOK_SECRET=... KESTREL_API_KEY=... npx tsx examples/webhooks/node/server.ts
 *
 * It reads the raw body, verifies the Kestrel-Signature header, stores the event, answers 200,
 * and then fetches the entity the event names to learn its current state.
 */
import {createServer, type IncomingMessage, type Server} from 'node:http';
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
}

/** Where the receiver keeps each event before it answers: a 200 promises Kestrel the event is safe. */
export interface EventStore {
  /** Saves the event durably; resolves true when it is new, false when its id was saved before. */
  save(event: KestrelEvent): Promise<boolean>;
}

/**
 * A store in memory, to try the receiver out. It loses events when the process stops: in
 * production, insert into a table with a unique constraint on the event id (see the failure
 * recovery guide), or put the event on a durable queue.
 */
export function memoryEventStore(): EventStore & {events: KestrelEvent[]} {
  const events: KestrelEvent[] = [];
  const ids = new Set<string>();
  return {
    events,
    async save(event) {
      if (ids.has(event.id)) return false;
      ids.add(event.id);
      events.push(event);
      return true;
    },
  };
}

export interface ReceiverOptions {
  secret: string;
  /** Saves each verified event before the 200. Defaults to memoryEventStore(). */
  store?: EventStore;
  /** Runs after the 200, once per new event. Errors are logged; Kestrel does not see them. */
  onEvent: (event: KestrelEvent) => Promise<void>;
  /** The current time in unix seconds, for tests. Defaults to the system clock. */
  now?: () => number;
}

const MAX_BODY_BYTES = 1024 * 1024;

// #region raw-body
/** Collects the request body as bytes: never parse JSON before you verify. */
function readRawBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error('body too large'));
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
export function createWebhookServer({secret, store = memoryEventStore(), onEvent, now}: ReceiverOptions): Server {
  return createServer(async (req, res) => {
    if (req.method !== 'POST' || req.url !== '/webhooks/kestrel') {
      res.writeHead(404).end();
      return;
    }
    let rawBody: Buffer;
    try {
      rawBody = await readRawBody(req);
    } catch {
      res.writeHead(413).end();
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
      res.writeHead(400, {'Content-Type': 'application/json'}).end(JSON.stringify({code}));
      return;
    }

    // Store the event before the 200: once Kestrel has its 2xx it stops retrying, so an event
    // that was only in memory when the process crashed would be lost. If the store fails, a 500
    // makes Kestrel deliver it again later. Deliveries are at least once: the store also tells a
    // redelivery (false) from a new event.
    let isNew: boolean;
    try {
      isNew = await store.save(event);
    } catch (error) {
      console.error(`event ${event.id} not stored`, error);
      res.writeHead(500).end();
      return;
    }

    // Answer within 10 seconds: acknowledge, then work.
    res.writeHead(200).end();
    if (!isNew) return;
    onEvent(event).catch((error: unknown) => {
      // The event is stored: a worker or your reconciliation job can process it again.
      console.error(`event ${event.id} failed`, error);
    });
  });
}
// #endregion handler

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
  const secret = process.env.KESTREL_WEBHOOK_SECRET;
  const apiKey = process.env.KESTREL_API_KEY;
  if (!secret || !apiKey) {
    console.error('Set KESTREL_WEBHOOK_SECRET and KESTREL_API_KEY.');
    process.exit(1);
  }
  const apiBase = process.env.KESTREL_API_BASE ?? 'https://api.sandbox.kestrel.example/v1';
  const port = Number(process.env.PORT ?? 3000);
  createWebhookServer({
    secret,
    onEvent: async (event) => {
      const entity = await fetchEntity(event, apiBase, apiKey);
      console.log(`${event.eventType} ${event.data.entityId}`, entity);
    },
  }).listen(port, '127.0.0.1', () => {
    console.log(`Listening on http://127.0.0.1:${port}/webhooks/kestrel`);
  });
}
