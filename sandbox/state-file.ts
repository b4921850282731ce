/**
 * `--state FILE`: what the sandbox holds, kept across restarts, with nothing lost that it has
 * answered, even on SIGKILL: every account's stored objects and balances, the clock offset, the
 * answers kept against Idempotency-Keys (with their fingerprints and expiry on the sandbox clock,
 * so the same key and body replays after a restart and another body answers 409), and the
 * sandbox's own records in each account's store: steps scheduled and not yet run (a payment due to
 * complete, a payout in flight, an invoice's expiry; see steps.ts), maintenance windows and faults
 * not used yet.
 *
 * Each change (an object stored or forgotten, a balance moved, the clock moved, an answer kept or
 * forgotten) is appended to `FILE.journal` and flushed to disk (fsync) as it happens, so it is on
 * disk before the answer that reports it is sent. When the sandbox has been idle for a moment
 * (`compactAfterMs`, `--compact-after`), at start and on exit, the journal is compacted: the whole
 * state is written to FILE (through a temporary file and a rename, so FILE is always whole) and
 * the journal emptied. At start FILE is read, then the journal's entries made after it; a last
 * journal line cut short by a crash is ignored. Then the scheduled steps are armed again (one due
 * while the sandbox was down runs at once), and webhook deliveries still PENDING are attempted at
 * their `nextAttempt`.
 */
import {closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, writeFileSync, writeSync} from 'node:fs';
import type {AccountWorlds} from './account-worlds.ts';
import {stringAt, type Json, type JsonObject} from './api-data.ts';
import type {IdempotencyKeys, KeptAnswer, KeyChange} from './idempotency.ts';
import {expireInvoice} from './operations/invoices.ts';
import {rearmSteps} from './steps.ts';
import type {StoreChange} from './store.ts';
import {DEFAULT_ACCOUNT} from './tokens.ts';
import type {World} from './world.ts';

/**
 * 1: one account (objects and balances at the top); 2: `accounts`, and a journal beside the file;
 * 3: kept Idempotency-Key answers, and scheduled steps as records in the stores.
 */
const VERSION = 3;
/** Idle time after the last change before the journal is compacted into FILE, unless told otherwise. */
export const COMPACT_AFTER_MS = 1000;
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
  | {clockOffsetMs: number; clockNowMs?: number}
  | KeyChange
);

/** What `--state` keeps: the accounts, and the kept answers of Idempotency-Keys. */
export interface Kept {
  accounts: AccountWorlds;
  idempotency: IdempotencyKeys;
}

/** How a journal line reaches the disk: written, then flushed. */
export interface JournalWrites {
  writeSync: (fd: number, text: string) => unknown;
  fsyncSync: (fd: number) => void;
}

export interface StateOptions {
  /** Idle milliseconds before the journal is compacted (COMPACT_AFTER_MS by default). */
  compactAfterMs?: number;
  /** node:fs unless given: a test passes its own to see each line written and flushed before the answer. */
  journalWrites?: JournalWrites;
}

export const journalFile = (file: string) => `${file}.journal`;

const notStateFile = (file: string, why: string) => new Error(`--state ${file} is not a sandbox state file: ${why}`);

/** Reads FILE and its journal into the accounts; returns the last change's sequence number. */
function load({accounts, idempotency}: Kept, file: string): number {
  let seq = 0;
  let clockOffsetMs = 0;
  let clockNowMs: number | undefined;
  // A file from before scheduled steps were kept: its unpaid invoices' expiry is re-armed from them.
  let legacy = false;
  if (existsSync(file)) {
    let data;
    try {
      data = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      throw notStateFile(file, (error as Error).message);
    }
    if (data?.version === 1) {
      data = {version: 2, seq: 0, clockOffsetMs: data.clockOffsetMs, accounts: {[DEFAULT_ACCOUNT]: data}};
    }
    legacy = data?.version === 2;
    if (!(data?.version === VERSION || legacy) || typeof data.accounts !== 'object' || data.accounts === null)
      throw notStateFile(file, `version ${data?.version}, expected ${VERSION}.`);
    seq = Number(data.seq) || 0;
    clockOffsetMs = Number(data.clockOffsetMs) || 0;
    clockNowMs = Number(data.clockNowMs) || undefined;
    for (const [name, state] of Object.entries<AccountState>(data.accounts)) {
      const world = accounts.world(name);
      world.store.restore(state.objects ?? {});
      world.restoreBalances(state.balances ?? {});
    }
    for (const [id, kept] of (data.idempotencyKeys ?? []) as [string, KeptAnswer][]) idempotency.restore({id, kept});
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
      if ('clockOffsetMs' in entry) {
        clockOffsetMs = entry.clockOffsetMs;
        clockNowMs = entry.clockNowMs;
      } else if ('balance' in entry) accounts.world(entry.account).restoreBalances(entry.balance);
      else if ('put' in entry) accounts.world(entry.account).store.put(entry.kind, entry.put);
      else if ('deleted' in entry) accounts.world(entry.account).store.delete(entry.kind, entry.deleted);
      else if ('kept' in entry || 'forgotten' in entry) idempotency.restore(entry);
    }
  }
  // A manual clock stood still while the sandbox was down: it goes on from the time it showed, not
  // from its offset to a real time that has moved on since.
  if (accounts.clock.manual && clockNowMs !== undefined) accounts.clock.resumeAt(clockNowMs);
  else if (clockOffsetMs > accounts.clock.offset) accounts.clock.advance(clockOffsetMs - accounts.clock.offset);
  for (const [, world] of accounts.entries()) {
    world.webhooks.resumePending();
    rearmSteps(world);
    if (legacy) rearmInvoiceExpiry(world);
  }
  return seq;
}

/**
 * The expiry of unpaid invoices read from a file written before scheduled steps were kept: the
 * same step an invoice schedules when it is issued, now kept like any other.
 */
function rearmInvoiceExpiry(world: World): void {
  for (const invoice of world.store.all('Invoice')) {
    if (invoice.status !== 'UNPAID') continue;
    expireInvoice.at(world, Date.parse(stringAt(invoice, 'expiration')), {id: stringAt(invoice, 'id')});
  }
}

/** Writes the whole state to FILE, atomically, durably. */
function saveSnapshot({accounts, idempotency}: Kept, file: string, seq: number): void {
  const data = {
    version: VERSION,
    seq,
    clockOffsetMs: accounts.clock.offset,
    clockNowMs: accounts.clock.now(),
    accounts: Object.fromEntries(
      accounts.entries().map(([name, w]) => [name, {balances: w.balancesSnapshot(), objects: w.store.snapshot()}]),
    ),
    idempotencyKeys: idempotency.snapshot(),
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
export function keepState(kept: Kept, file: string, options: StateOptions = {}): () => void {
  const {accounts, idempotency} = kept;
  const compactAfterMs = options.compactAfterMs ?? COMPACT_AFTER_MS;
  const io: JournalWrites = options.journalWrites ?? {writeSync, fsyncSync};
  let seq = load(kept, file);
  const journal = journalFile(file);
  let entries = 0;
  let timer: NodeJS.Timeout | undefined;
  let fd: number | undefined;

  const compact = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    saveSnapshot(kept, file, seq);
    // FILE now holds every entry; a crash before the journal is emptied only replays entries it skips.
    if (fd !== undefined) closeSync(fd);
    writeFileSync(journal, '');
    fd = openSync(journal, 'a');
    entries = 0;
  };

  const append = (entry: Record<string, Json>) => {
    seq += 1;
    // Written and flushed now, in the request that made the change: on disk before its answer is sent.
    io.writeSync(fd!, `${JSON.stringify({seq, ...entry})}\n`);
    io.fsyncSync(fd!);
    entries += 1;
    if (entries >= COMPACT_AT_ENTRIES) return compact();
    if (timer) clearTimeout(timer);
    timer = setTimeout(compact, compactAfterMs);
    timer.unref();
  };

  const watch = (name: string, world: World) => {
    world.store.onChange = (change: StoreChange) => append({account: name, ...change});
    world.onBalance = (currency) => append({account: name, balance: {[currency]: world.balancesSnapshot()[currency]!}});
  };

  compact();
  for (const [name, world] of accounts.entries()) watch(name, world);
  accounts.onCreate = watch;
  accounts.clock.onMove = () => append({clockOffsetMs: accounts.clock.offset, clockNowMs: accounts.clock.now()});
  idempotency.onChange = (change: KeyChange) => append(change as unknown as Record<string, Json>);

  return () => {
    compact();
    closeSync(fd!);
    fd = undefined;
  };
}
