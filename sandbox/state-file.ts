/**
 * `--state FILE`: every account's stored objects and balances, and the clock offset, kept across
 * restarts, with nothing lost that the sandbox has answered, even on SIGKILL.
 *
 * Each change (an object stored or forgotten, a balance moved, the clock moved) is appended to
 * `FILE.journal` and flushed to disk (fsync) as it happens, so it is on disk before the answer that
 * reports it is sent. When the sandbox has been idle for a moment, at start and on exit, the
 * journal is compacted: the whole state is written to FILE (through a temporary file and a rename,
 * so FILE is always whole) and the journal emptied. At start FILE is read, then the journal's
 * entries made after it; a last journal line cut short by a crash is ignored.
 *
 * Steps that were scheduled but not yet run (a payment due in 10 s) are not kept; unpaid invoices
 * are re-armed from what is stored, so one still expires at its `expiration`, and a webhook
 * delivery still PENDING is attempted at its `nextAttempt`.
 */
import {closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, writeFileSync, writeSync} from 'node:fs';
import type {AccountWorlds} from './account-worlds.ts';
import {stringAt, type Json, type JsonObject} from './api-data.ts';
import type {StoreChange} from './store.ts';
import {DEFAULT_ACCOUNT} from './tokens.ts';
import type {World} from './world.ts';

/** 1: one account (objects and balances at the top); 2: `accounts`, and a journal beside the file. */
const VERSION = 2;
/** Idle time after the last change before the journal is compacted into FILE. */
const COMPACT_AFTER_MS = 1000;
/** Compacts anyway once the journal holds this many changes, so a busy sandbox's journal stays bounded. */
const COMPACT_AT_ENTRIES = 5000;

type Balances = Record<string, {available: string; pending: string; updated: number}>;
interface AccountState {
  balances: Balances;
  objects: Record<string, JsonObject[]>;
}
type Entry = {seq: number} & (
  | {account: string; kind: string; put: JsonObject}
  | {account: string; kind: string; deleted: string}
  | {account: string; balance: Balances}
  | {clockOffsetMs: number}
);

export const journalFile = (file: string) => `${file}.journal`;

const notStateFile = (file: string, why: string) => new Error(`--state ${file} is not a sandbox state file: ${why}`);

/** Reads FILE and its journal into the accounts; returns the last change's sequence number. */
function load(accounts: AccountWorlds, file: string): number {
  let seq = 0;
  let clockOffsetMs = 0;
  if (existsSync(file)) {
    let data;
    try {
      data = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      throw notStateFile(file, (error as Error).message);
    }
    if (data?.version === 1) {
      data = {version: VERSION, seq: 0, clockOffsetMs: data.clockOffsetMs, accounts: {[DEFAULT_ACCOUNT]: data}};
    }
    if (data?.version !== VERSION || typeof data.accounts !== 'object' || data.accounts === null)
      throw notStateFile(file, `version ${data?.version}, expected ${VERSION}.`);
    seq = Number(data.seq) || 0;
    clockOffsetMs = Number(data.clockOffsetMs) || 0;
    for (const [name, state] of Object.entries<AccountState>(data.accounts)) {
      const world = accounts.world(name);
      world.store.restore(state.objects ?? {});
      world.restoreBalances(state.balances ?? {});
    }
  }
  const journal = journalFile(file);
  if (existsSync(journal)) {
    const lines = readFileSync(journal, 'utf8').split('\n');
    for (const [i, line] of lines.entries()) {
      if (line === '') continue;
      let entry: Entry;
      try {
        entry = JSON.parse(line);
      } catch (error) {
        // A crash while appending leaves the last line cut short: that change was never answered.
        if (i === lines.length - 1) break;
        throw new Error(
          `--state ${journal} line ${i + 1} is not a sandbox journal entry: ${(error as Error).message}`,
          {
            cause: error,
          },
        );
      }
      if (!(entry.seq > seq)) continue;
      seq = entry.seq;
      if ('clockOffsetMs' in entry) clockOffsetMs = entry.clockOffsetMs;
      else if ('balance' in entry) accounts.world(entry.account).restoreBalances(entry.balance);
      else if ('put' in entry) accounts.world(entry.account).store.put(entry.kind, entry.put);
      else if ('deleted' in entry) accounts.world(entry.account).store.delete(entry.kind, entry.deleted);
    }
  }
  if (clockOffsetMs > accounts.clock.offset) accounts.clock.advance(clockOffsetMs - accounts.clock.offset);
  for (const [, world] of accounts.entries()) rearmScheduled(world);
  return seq;
}

/** Restarts what was scheduled and is not in the file: pending webhook deliveries, and unpaid invoices' expiry. */
function rearmScheduled(world: World): void {
  world.webhooks.resumePending();
  for (const invoice of world.store.all('Invoice')) {
    if (invoice.status !== 'UNPAID') continue;
    const id = stringAt(invoice, 'id');
    world.clock.at(Date.parse(stringAt(invoice, 'expiration')), () => {
      if (world.store.get('Invoice', id)?.status === 'UNPAID') {
        world.update('Invoice', id, {status: 'CANCELLED', cancellationReason: 'EXPIRED'}, 'invoice.updated');
      }
    });
  }
}

/** Writes the whole state to FILE, atomically, durably. */
function saveSnapshot(accounts: AccountWorlds, file: string, seq: number): void {
  const data = {
    version: VERSION,
    seq,
    clockOffsetMs: accounts.clock.offset,
    accounts: Object.fromEntries(
      accounts.entries().map(([name, w]) => [name, {balances: w.balancesSnapshot(), objects: w.store.snapshot()}]),
    ),
  };
  const temporary = `${file}.tmp`;
  const fd = openSync(temporary, 'w');
  try {
    writeSync(fd, JSON.stringify(data));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, file);
}

/**
 * Loads FILE (and its journal), then records every change as it happens. Returns the function that
 * compacts and closes the journal, for a clean exit.
 */
export function keepState(accounts: AccountWorlds, file: string): () => void {
  let seq = load(accounts, file);
  const journal = journalFile(file);
  let entries = 0;
  let timer: NodeJS.Timeout | undefined;
  let fd: number | undefined;

  const compact = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    saveSnapshot(accounts, file, seq);
    // FILE now holds every entry; a crash before the journal is emptied only replays entries it skips.
    if (fd !== undefined) closeSync(fd);
    writeFileSync(journal, '');
    fd = openSync(journal, 'a');
    entries = 0;
  };

  const append = (entry: Record<string, Json>) => {
    seq += 1;
    writeSync(fd!, `${JSON.stringify({seq, ...entry})}\n`);
    fsyncSync(fd!);
    entries += 1;
    if (entries >= COMPACT_AT_ENTRIES) return compact();
    if (timer) clearTimeout(timer);
    timer = setTimeout(compact, COMPACT_AFTER_MS);
    timer.unref();
  };

  const watch = (name: string, world: World) => {
    world.store.onChange = (change: StoreChange) => append({account: name, ...change});
    world.onBalance = (currency) => append({account: name, balance: {[currency]: world.balancesSnapshot()[currency]!}});
  };

  compact();
  for (const [name, world] of accounts.entries()) watch(name, world);
  accounts.onCreate = watch;
  accounts.clock.onMove = () => append({clockOffsetMs: accounts.clock.offset});

  return () => {
    compact();
    closeSync(fd!);
    fd = undefined;
  };
}
