/**
 * A stand-in for the Kestrel API on the loopback, so the check can see what the endpoint's worker
 * does: an event is thin, and processing it means reading the entity it names. Point the receiver's
 * API base (KESTREL_API_BASE in the examples) at it. It answers the invoices the check's events
 * name, in the state the check set, counts each read, and answers 404 for any other path.
 */
import {createServer, type Server} from 'node:http';
import type {KestrelRules} from './rules.ts';

export interface ApiStandIn {
  /** The API base to give the receiver, such as `http://127.0.0.1:4011/v1`. */
  base: string;
  /** Makes an invoice readable in this status. */
  setInvoice: (id: string, status: string) => void;
  /** How many times the invoice was read so far. */
  reads: (id: string) => number;
  /** How many requests of any kind reached the stand-in so far. */
  requests: () => number;
  /** Resolves true once the invoice has been read, false when `ms` pass first. */
  waitForRead: (id: string, ms: number) => Promise<boolean>;
  close: () => Promise<void>;
}

export async function startApiStandIn(port: number, rules: KestrelRules): Promise<ApiStandIn> {
  const [template, suffix = ''] = rules.invoicePath.split(/\{[^}]+\}/) as [string, string?];
  const prefix = `${rules.apiBasePath}${template}`;
  const invoices = new Map<string, string>();
  const counts = new Map<string, number>();
  const waiters = new Set<() => void>();
  let requests = 0;
  const server: Server = createServer((req, res) => {
    requests++;
    const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
    const id =
      path.startsWith(prefix) && path.endsWith(suffix)
        ? decodeURIComponent(path.slice(prefix.length, path.length - suffix.length))
        : '';
    const status = req.method === 'GET' ? invoices.get(id) : undefined;
    if (status === undefined) {
      res
        .writeHead(404, {'Content-Type': 'application/problem+json'})
        .end(JSON.stringify({status: 404, code: 'INVOICE_NOT_FOUND'}));
      return;
    }
    counts.set(id, (counts.get(id) ?? 0) + 1);
    res.writeHead(200, {'Content-Type': 'application/json'}).end(JSON.stringify({...rules.invoiceExample, id, status}));
    for (const wake of waiters) wake();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(new Error(error.code === 'EADDRINUSE' ? `--api-port ${port} is in use` : error.message)),
    );
    server.listen(port, '127.0.0.1', resolve);
  });
  const reads = (id: string) => counts.get(id) ?? 0;
  return {
    base: `http://127.0.0.1:${port}${rules.apiBasePath}`,
    setInvoice: (id, status) => invoices.set(id, status),
    reads,
    requests: () => requests,
    waitForRead: (id, ms) =>
      new Promise((resolve) => {
        const done = (read: boolean) => {
          waiters.delete(check);
          clearTimeout(timer);
          resolve(read);
        };
        const check = () => {
          if (reads(id) > 0) done(true);
        };
        const timer = setTimeout(() => done(false), ms);
        waiters.add(check);
        check();
      }),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
