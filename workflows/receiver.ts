/**
 * The webhook endpoint a workflow subscribes: an HTTP server on 127.0.0.1 that does what the
 * guides ask of a receiver. Under `/hooks/{label}` it checks `Kestrel-Signature` against each secret
 * registered for the label (2xx when one matches, 401 when none does), handles each event id once
 * however often it arrives, and under `/hooks/failing-{label}` it answers 500, an endpoint that is
 * down. What it received is read back under `/_receiver/` (receiver.openapi.yaml), so a workflow
 * step can check it like any other answer.
 */
import {createServer, type IncomingMessage, type ServerResponse} from 'node:http';
import type {AddressInfo} from 'node:net';

/** Whether the signature header is valid for this raw body and secret. */
export type Verify = (rawBody: string, header: string, secret: string) => boolean;

export const SIGNATURE_HEADER = 'kestrel-signature';
export const FAILING_PREFIX = 'failing-';

interface Delivery {
  label: string;
  eventId: string | null;
  eventType: string | null;
  status: number;
  /** The names of the registered secrets whose signature the delivery carried. */
  verifiedWith: string[];
  duplicate: boolean;
}

export interface Receiver {
  /** `http://127.0.0.1:PORT`. */
  origin: string;
  /** The URL to subscribe for a label, and the secrets (name -> value) it verifies with. */
  register(label: string, secrets: Record<string, string>): string;
  close(): Promise<void>;
}

function readAll(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(text))});
  res.end(text);
}

export async function startReceiver(verify: Verify): Promise<Receiver> {
  const secrets = new Map<string, Record<string, string>>();
  const deliveries: Delivery[] = [];
  /** Event id -> how many times the handler did its work for it (once, if deduplication holds). */
  const handled = new Map<string, number>();

  async function hook(req: IncomingMessage, res: ServerResponse, label: string): Promise<void> {
    const raw = await readAll(req);
    let event: {id?: unknown; eventType?: unknown} = {};
    try {
      event = JSON.parse(raw) as typeof event;
    } catch {
      // recorded with no event id; the status below says the delivery was refused
    }
    const eventId = typeof event.id === 'string' ? event.id : null;
    const record = (status: number, verifiedWith: string[] = [], duplicate = false) => {
      deliveries.push({
        label,
        eventId,
        eventType: typeof event.eventType === 'string' ? event.eventType : null,
        status,
        verifiedWith,
        duplicate,
      });
      res.writeHead(status).end();
    };
    if (label.startsWith(FAILING_PREFIX)) return record(500);
    const header = req.headers[SIGNATURE_HEADER];
    const known = secrets.get(label) ?? {};
    const verifiedWith = Object.entries(known)
      .filter(([, secret]) => typeof header === 'string' && verify(raw, header, secret))
      .map(([name]) => name);
    if (verifiedWith.length === 0 || eventId === null) return record(401, verifiedWith);
    const duplicate = handled.has(eventId);
    if (!duplicate) handled.set(eventId, 1);
    record(200, verifiedWith, duplicate);
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://receiver.invalid');
    const hookPath = /^\/hooks\/([A-Za-z0-9._-]+)$/.exec(url.pathname);
    if (hookPath && req.method === 'POST') {
      hook(req, res, hookPath[1]!).catch(() => res.writeHead(500).end());
      return;
    }
    const eventPath = /^\/_receiver\/events\/([^/]+)$/.exec(url.pathname);
    if (eventPath && req.method === 'GET') {
      const eventId = decodeURIComponent(eventPath[1]!);
      const received = deliveries.filter((d) => d.eventId === eventId);
      if (received.length === 0) return json(res, 404, {eventId, detail: 'No delivery of this event arrived.'});
      return json(res, 200, {
        eventId,
        deliveries: received.length,
        acknowledged: received.filter((d) => d.status < 300).length,
        handled: handled.get(eventId) ?? 0,
        verifiedWith: received.at(-1)!.verifiedWith,
      });
    }
    if (url.pathname === '/_receiver/deliveries' && req.method === 'GET') {
      const label = url.searchParams.get('label');
      const items = deliveries.filter((d) => label === null || d.label === label);
      return json(res, 200, {items, count: items.length});
    }
    json(res, 404, {detail: `${req.method} ${url.pathname} is not a receiver path.`});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    register(label, named) {
      secrets.set(label, {...secrets.get(label), ...named});
      return `${origin}/hooks/${label}`;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
