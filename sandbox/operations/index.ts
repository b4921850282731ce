/**
 * The handler of every operation: the ones with behaviour of their own by operationId, the rest
 * (lists, finds and deletes of stored objects) derived from the definition. Building the table
 * fails, naming the operation, when the definition has an operation no handler covers.
 */
import type {Definition} from '../definition.ts';
import type {Handler} from '../world.ts';
import * as accounts from './accounts.ts';
import * as bank from './bank.ts';
import * as events from './events.ts';
import * as exchange from './exchange.ts';
import {genericHandler} from './generic.ts';
import * as invoices from './invoices.ts';
import * as payments from './payments.ts';
import * as receiveRequests from './receive-requests.ts';
import * as subscriptions from './subscriptions.ts';

const SPECIFIC: Record<string, Handler> = {
  ...accounts,
  ...bank,
  ...events,
  ...exchange,
  ...invoices,
  ...payments,
  ...receiveRequests,
  ...subscriptions,
} as never;

export function handlers(definition: Definition): Map<string, Handler> {
  const table = new Map<string, Handler>();
  for (const op of definition.operations) {
    const handler =
      (typeof SPECIFIC[op.operationId] === 'function' ? SPECIFIC[op.operationId] : undefined) ??
      genericHandler(definition, op);
    if (!handler) throw new Error(`sandbox: no handler for the operation ${op.operationId} (${op.method} ${op.path})`);
    table.set(op.operationId, handler);
  }
  return table;
}
