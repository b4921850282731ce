/**
 * The worker SQL of failure-recovery.md (examples/webhooks/sql/process-event.sql), run against the
 * database the example receivers write: the Node receiver's sqliteEventStore and the Python
 * receiver's EventStore both store every event in kestrel_events before they answer 200, and the
 * guide's transaction must then process each stored event once: the first run does the work and
 * marks it processed, a redelivery, replay or second worker does nothing, and a failed run leaves
 * the event for the next one. (A guard that inserted the id again would find it stored and never
 * process anything.)
 */
import {describe, it, expect} from 'vitest';
import {execFileSync} from 'node:child_process';
import {mkdtempSync, readFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {DatabaseSync} from 'node:sqlite';
import {sqliteEventStore, type KestrelEvent} from '../../examples/webhooks/node/server';
import {ROOT} from './openapi-definition';

const SQL = readFileSync(path.join(ROOT, 'examples/webhooks/sql/process-event.sql'), 'utf8');

/** The file's statements, without comments. */
const statements = SQL.replace(/--.*$/gm, '')
  .split(';')
  .map((s) => s.replace(/\s+/g, ' ').trim())
  .filter(Boolean);

type Outcome = 'processed' | 'processed before';
type Params = Record<string, string>;

/** The parameters a statement names (`:event_id`), bound by name. */
const boundIn = (statement: string, params: Params): Params =>
  Object.fromEntries(Object.entries(params).filter(([name]) => statement.includes(`:${name}`)));

/** One worker run of the guide's transaction, as the comments in the file say to run it. */
function processEvent(db: DatabaseSync, params: {event_id: string; invoice_id: string}, failWork = false): Outcome {
  const [begin, claim, work, commit] = statements;
  db.exec(begin!);
  try {
    if (Number(db.prepare(claim!).run(boundIn(claim!, params)).changes) === 0) {
      db.exec('ROLLBACK');
      return 'processed before';
    }
    if (failWork) throw new Error('the work failed');
    db.prepare(work!).run(boundIn(work!, params));
    db.exec(commit!);
    return 'processed';
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}

const event = (id: string, invoiceId: string): KestrelEvent =>
  ({
    id,
    type: 'invoice.updated',
    created: '2026-07-14T06:30:00Z',
    data: {entityId: invoiceId},
  }) as unknown as KestrelEvent;

/** A database file the Node receiver's store wrote one event into (twice: a redelivery adds nothing). */
async function storedByNode(file: string, e: KestrelEvent): Promise<void> {
  const store = sqliteEventStore(file);
  expect(await store.save(e)).toBe(true);
  expect(await store.save(e)).toBe(false);
  store.close();
}

/** The same, by the Python receiver's EventStore. */
function storedByPython(file: string, e: KestrelEvent): void {
  const script = [
    'import sys',
    'from receiver import EventStore',
    'store = EventStore(sys.argv[1])',
    'print(store.save(sys.argv[2], sys.argv[3].encode()), store.save(sys.argv[2], sys.argv[3].encode()))',
  ].join('\n');
  const out = execFileSync('python3', ['-c', script, file, e.id, JSON.stringify(e)], {
    cwd: path.join(ROOT, 'examples/webhooks/python'),
    encoding: 'utf8',
    env: {...process.env, PYTHONDONTWRITEBYTECODE: '1'},
  });
  expect(out.trim()).toBe('True False');
}

function withOrders(file: string, invoiceIds: string[]): DatabaseSync {
  const db = new DatabaseSync(file);
  db.exec('CREATE TABLE orders (order_id TEXT PRIMARY KEY, kestrel_invoice_id TEXT NOT NULL, status TEXT NOT NULL)');
  for (const [i, id] of invoiceIds.entries())
    db.prepare("INSERT INTO orders VALUES (?, ?, 'unpaid')").run(`order-${i}`, id);
  return db;
}

const processedAt = (db: DatabaseSync, id: string) =>
  db.prepare('SELECT processed_at FROM kestrel_events WHERE event_id = ?').get(id)?.processed_at;
const status = (db: DatabaseSync, invoiceId: string) =>
  db.prepare('SELECT status FROM orders WHERE kestrel_invoice_id = ?').get(invoiceId)?.status;

describe('the worker SQL of failure-recovery.md on the receivers’ kestrel_events', () => {
  it('is a transaction that claims the event in kestrel_events, does the work, and commits', () => {
    expect(statements.map((s) => s.split(' ').slice(0, 2).join(' '))).toEqual([
      'BEGIN',
      'UPDATE kestrel_events',
      'UPDATE orders',
      'COMMIT',
    ]);
  });

  const receivers = [
    ['Node', storedByNode],
    ['Python', storedByPython],
  ] as const;

  it.each(receivers)('processes an event the %s receiver stored once, however often it runs', async (_name, store) => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'kestrel-worker-')), 'events.sqlite3');
    const e = event('5f0c2a8e-3b1d-4c6e-9a47-2d8b1e6f7c30', 'c1d7e4a2-6f3b-4d8e-b915-0a2c7e5f9d14');
    await store(file, e);
    const db = withOrders(file, ['c1d7e4a2-6f3b-4d8e-b915-0a2c7e5f9d14']);
    expect(processedAt(db, e.id)).toBeNull();
    const params = {event_id: e.id, invoice_id: 'c1d7e4a2-6f3b-4d8e-b915-0a2c7e5f9d14'};
    // The first worker run, then a redelivery, a replay and a second worker.
    const runs = [1, 2, 3, 4].map(() => processEvent(db, params));
    expect(runs).toEqual(['processed', 'processed before', 'processed before', 'processed before']);
    expect(status(db, params.invoice_id)).toBe('paid');
    expect(processedAt(db, e.id)).not.toBeNull();
    db.close();
    // The Node receiver, restarted on the same file, finds nothing left to process.
    const restarted = sqliteEventStore(file);
    expect(await restarted.unprocessed()).toEqual([]);
    restarted.close();
  });

  it('leaves an event whose work failed unprocessed, for the next run to process', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'kestrel-worker-')), 'events.sqlite3');
    const e = event('9b2e4f61-0c3d-4a8b-8e57-1f6a2d9c3b40', 'a4e1c9d2-7b5f-4e3a-9c18-2d6f0b8e7a51');
    await storedByNode(file, e);
    const db = withOrders(file, ['a4e1c9d2-7b5f-4e3a-9c18-2d6f0b8e7a51']);
    const params = {event_id: e.id, invoice_id: 'a4e1c9d2-7b5f-4e3a-9c18-2d6f0b8e7a51'};
    expect(() => processEvent(db, params, true)).toThrow('the work failed');
    expect([processedAt(db, e.id), status(db, params.invoice_id)]).toEqual([null, 'unpaid']);
    expect(processEvent(db, params)).toBe('processed');
    expect(status(db, params.invoice_id)).toBe('paid');
    db.close();
  });
});
