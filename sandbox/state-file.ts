/**
 * `--state FILE`: the stored objects, balances and clock offset, written (debounced) after changes
 * and on exit, and read at start, so a sandbox keeps its data across restarts. Steps that were
 * scheduled but not yet run (a payment due in 10 s, an expiration) are not kept; invoices are
 * re-armed from what is stored: an unpaid one still expires at its `expiration`, and a webhook
 * delivery still PENDING is attempted at its `nextAttempt`.
 */
import {existsSync, readFileSync, renameSync, writeFileSync} from 'node:fs';
import type {World} from './world.ts';

const VERSION = 1;

export function loadState(world: World, file: string): void {
  if (!existsSync(file)) return;
  let data;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`--state ${file} is not a sandbox state file: ${(error as Error).message}`, {cause: error});
  }
  if (data?.version !== VERSION)
    throw new Error(`--state ${file} is not a sandbox state file (version ${data?.version}, expected ${VERSION}).`);
  world.store.restore(data.objects ?? {});
  world.restoreBalances(data.balances ?? {});
  if (data.clockOffsetMs > 0) world.clock.advance(data.clockOffsetMs);
  world.webhooks.resumePending();
  for (const invoice of world.store.all('Invoice')) {
    if (invoice.status !== 'UNPAID') continue;
    world.clock.at(Date.parse(invoice.expiration), () => {
      if (world.store.get('Invoice', invoice.id)?.status === 'UNPAID') {
        world.update('Invoice', invoice.id, {status: 'CANCELLED', cancellationReason: 'EXPIRED'}, 'invoice.updated');
      }
    });
  }
}

export function saveState(world: World, file: string): void {
  const data = {
    version: VERSION,
    clockOffsetMs: world.clock.offset,
    balances: world.balancesSnapshot(),
    objects: world.store.snapshot(),
  };
  const temporary = `${file}.tmp`;
  writeFileSync(temporary, JSON.stringify(data));
  renameSync(temporary, file);
}

/** Saves at most every 250 ms while changes come in. */
export function autosave(world: World, file: string): () => void {
  let timer: NodeJS.Timeout | undefined;
  world.store.onChange = () => {
    timer ??= setTimeout(() => {
      timer = undefined;
      saveState(world, file);
    }, 250);
  };
  return () => {
    if (timer) clearTimeout(timer);
    saveState(world, file);
  };
}
