/**
 * Everything a request can read or change: stored objects, balances, the clock, events and their
 * webhooks, and the options the sandbox was started with. Operation handlers get one World.
 */
import {randomUUID} from 'node:crypto';
import type {OperationId, RequestBody} from '../definition/index.ts';
import {Clock} from './clock.ts';
import {Definition, type Operation} from './definition.ts';
import {isObject, objectsAt, stringAt, type Json, type JsonObject} from './api-data.ts';
import {Rates, fromUnits, money, toUnits} from './money.ts';
import {ProblemError} from './problems.ts';
import {Store} from './store.ts';
import {Webhooks} from './webhooks.ts';
import {webhookSignatureOf, type WebhookDelivery} from '../definition/index.ts';

export interface WorldOptions {
  /** Milliseconds from a quote to the simulated payment (`--pay-after`, default 10 s). */
  payAfterMs: number;
  /** Divides the webhook retry schedule (`--retry-speedup`). */
  retrySpeedup: number;
  /** Deliver webhooks to loopback URLs only; `optIn` says how to allow other hosts. */
  webhooksLoopbackOnly?: {optIn: string};
  /** Objects kept per type. */
  cap: number;
  log: (line: string) => void;
  /** The sandbox's one clock, shared by every account; a clock of its own when undefined. */
  clock?: Clock;
  /** Whose objects these are; the account of the documented examples when undefined. */
  account?: {id: string; handle: string};
}

/**
 * A request as a handler reads it. The handler of an operation `Id` reads `body` as the type the
 * definition gives that operation's request body (`never` when it takes none), so a field the
 * definition renames fails `tsc` where a handler reads it; without `Id`, untyped JSON.
 */
export interface Call<Id extends OperationId | undefined = undefined> {
  op: Operation;
  params: Record<string, string>;
  query: Record<string, Json>;
  body: Id extends OperationId ? RequestBody<Id> : JsonObject;
  token: string;
  /**
   * The API version serving the request (`Kestrel-Version`, else the account's pin): what the
   * answer must look like. The body has been validated against this version's definition.
   */
  apiVersion: string;
}

export interface Answer {
  status: number;
  /** What is sent as JSON; the answers' shapes are checked against the definition by the sandbox tests. */
  body?: unknown;
}

/** What handles one operation (`Id`), or any operation with an untyped body (no `Id`). */
export type Handler<Id extends OperationId | undefined = undefined> = (
  call: Call<Id>,
  world: World,
) => Answer | Promise<Answer>;

/** A handler that reads no request body, so it handles any operation (lists, finds, deletes). */
export type BodylessHandler = <Id extends OperationId | undefined>(
  call: Call<Id>,
  world: World,
) => Answer | Promise<Answer>;

/** A handler of some operation: each of the table's entries is one. */
export type AnyHandler = {[Id in OperationId]: Handler<Id>}[OperationId];

interface Balance {
  available: bigint;
  pending: bigint;
  updated: number;
}

/** The definition's delivery rules, which the sandbox cannot deliver without. */
function webhookDeliveryRules(definition: Definition): WebhookDelivery {
  const rules = definition.model.webhookDelivery;
  if (!rules) throw new Error('the definition has no x-webhook-delivery: nothing says when to retry a webhook');
  return rules;
}

/** How long an event is kept, in milliseconds: the definition's `x-events`, which the sandbox cannot forget events without. */
function eventRetentionMs(definition: Definition): number {
  const days = definition.model.eventRetentionDays;
  if (!days) throw new Error('the definition has no x-events: nothing says how long an event is kept');
  return days * 24 * 3600 * 1000;
}

export class World {
  readonly definition: Definition;
  readonly store: Store;
  readonly clock: Clock;
  readonly rates: Rates;
  readonly webhooks: Webhooks;
  readonly options: WorldOptions;
  readonly currencies: string[];
  readonly webhookVersion: string;
  /** How long an event is kept (`x-events`), in milliseconds. */
  readonly eventRetentionMs: number;
  /** Who "you" are: the account of the documented examples. */
  readonly account: {id: string; handle: string};
  private readonly balances = new Map<string, Balance>();
  /** Called after a balance changed, for `--state`. */
  onBalance: (currency: string) => void = () => {};

  constructor(definition: Definition, options: WorldOptions) {
    this.definition = definition;
    this.options = options;
    this.clock = options.clock ?? new Clock();
    this.store = new Store(options.cap);
    this.eventRetentionMs = eventRetentionMs(definition);
    const currencies = definition.schemaEnum('Currency').map(String);
    this.currencies = currencies.length ? currencies : ['BTC', 'USD', 'EUR', 'GBP'];
    const version = definition.component('schemas', 'WebhookVersion');
    const versions = Array.isArray(version?.enum)
      ? version.enum
      : Array.isArray(version?.examples)
        ? version.examples
        : [];
    this.webhookVersion = String(versions[0] ?? '2025-06-01');
    this.rates = new Rates(
      objectsAt(this.example('getCurrencyExchangeRateTickers'), 'items').map((t) => ({
        baseCurrency: stringAt(t, 'baseCurrency'),
        quoteCurrency: stringAt(t, 'quoteCurrency'),
        mid: stringAt(t, 'mid'),
        bid: stringAt(t, 'bid'),
        ask: stringAt(t, 'ask'),
      })),
    );
    const invoice = this.example('issueInvoice');
    this.account = options.account ?? {
      id: stringAt(invoice, 'issuerAccountId'),
      handle: stringAt(invoice, 'payeeHandle'),
    };
    this.webhooks = new Webhooks(this.store, this.clock, {
      speedup: options.retrySpeedup,
      ...(options.webhooksLoopbackOnly && {loopbackOnly: options.webhooksLoopbackOnly}),
      log: options.log,
      delivery: webhookDeliveryRules(definition),
      signature: webhookSignatureOf(definition.doc),
    });
  }

  /** The documented success example of an operation: the template the sandbox fills in. */
  example(operationId: OperationId): JsonObject {
    const example = this.definition.responseExample(this.definition.operation(operationId));
    if (!isObject(example)) throw new Error(`definition: ${operationId} has no object success example`);
    return example;
  }

  uuid(): string {
    return randomUUID();
  }

  now(): string {
    return this.clock.iso();
  }

  /** The stored object, or the operation's documented 404. */
  find(kind: string, id: string, op: Operation): JsonObject {
    const found = this.store.get(kind, id);
    if (!found) throw this.notFound(op, id);
    return found;
  }

  notFound(op: Operation, id: string): ProblemError {
    const code = op.notFoundCode ?? 'NOT_FOUND';
    // An operation that looks an account up by handle speaks of the handle, never of an ID.
    if (op.path.includes('{handle}')) {
      const lowercase = /[A-Z]/.test(id) ? ' Handles are lowercase.' : '';
      return new ProblemError(
        code,
        `No Kestrel account has the handle ${id}, or it does not accept payments.${lowercase}`,
      );
    }
    const what = code
      .replace(/_NOT_FOUND$/, '')
      .toLowerCase()
      .replace(/_/g, ' ');
    return new ProblemError(code, `No ${what} with ID ${id} exists on your account.`);
  }

  /**
   * Changes fields of a stored object, sets `updated`, and records the event if one is given, with
   * `marks` (the sandbox's own `_` fields) on it.
   */
  update(
    kind: string,
    id: string,
    patch: JsonObject,
    eventType?: string,
    marks: JsonObject = {},
  ): JsonObject | undefined {
    const current = this.store.get(kind, id);
    if (!current) return undefined;
    const changes = Object.keys(patch).filter((k) => JSON.stringify(current[k]) !== JSON.stringify(patch[k]));
    const next = {...current, ...patch};
    if ('updated' in current) {
      next.updated = this.now();
      changes.push('updated');
    }
    this.store.put(kind, next);
    if (eventType && changes.length > 0) this.emit(eventType, id, changes, marks);
    return next;
  }

  /** Forgets events past the retention: they answer 404 EVENT_NOT_FOUND and leave the list. */
  expireEvents(): void {
    const oldest = this.clock.now() - this.eventRetentionMs;
    this.store.dropOldest('Event', (event) => Date.parse(stringAt(event, 'created')) <= oldest);
  }

  /**
   * Records an event, with a delivery per subscription that lists its type, and starts them. `marks`
   * are bookkeeping (`_` fields): never answered, never sent.
   */
  emit(eventType: string, entityId: string, changes: string[], marks: JsonObject = {}): JsonObject {
    this.expireEvents();
    const event: JsonObject = {
      id: this.uuid(),
      eventType,
      webhookVersion: this.webhookVersion,
      data: {entityId, changes},
      created: this.now(),
      deliverySuccess: false,
      deliveries: this.webhooks.deliveriesFor(eventType),
      ...marks,
    };
    this.store.put('Event', event);
    this.webhooks.deliver(event);
    return event;
  }

  /**
   * An object as the API answers it: only the fields its schema declares, without write-only ones
   * such as a subscription's secret, and without the sandbox's own bookkeeping (`_` fields).
   */
  publicView(kind: string, object: JsonObject): JsonObject {
    const properties = this.definition.schemaProperties(kind);
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(object)) {
      if (k.startsWith('_') || (properties && (!properties.has(k) || properties.get(k)?.writeOnly === true))) continue;
      out[k] = v;
    }
    return out;
  }

  stats(): {objects: Record<string, number>; cap: number; evicted: Record<string, number>; scheduledSteps: number} {
    return {
      objects: this.store.sizes(),
      cap: this.store.cap,
      evicted: Object.fromEntries(this.store.evicted),
      scheduledSteps: this.clock.pending,
    };
  }

  // ------------------------------------------------------------------------------ balances

  private balance(currency: string): Balance {
    let b = this.balances.get(currency);
    if (!b) this.balances.set(currency, (b = {available: 0n, pending: 0n, updated: this.clock.now()}));
    return b;
  }

  credit(currency: string, units: bigint, pending = false): void {
    const b = this.balance(currency);
    if (pending) b.pending += units;
    else b.available += units;
    b.updated = this.clock.now();
    this.onBalance(currency);
  }

  /** Takes `units` from the available balance, or answers 422 INSUFFICIENT_FUNDS. */
  debit(currency: string, units: bigint): void {
    const b = this.balance(currency);
    if (b.available < units) {
      throw new ProblemError(
        'INSUFFICIENT_FUNDS',
        `The available ${currency} balance, ${fromUnits(b.available, currency)}, does not cover ${fromUnits(units, currency)} ${currency}.`,
      );
    }
    b.available -= units;
    b.updated = this.clock.now();
    this.onBalance(currency);
  }

  balanceList(): JsonObject[] {
    return this.currencies.map((currency) => {
      const b = this.balance(currency);
      return {
        currency,
        available: money(b.available, currency),
        pending: money(b.pending, currency),
        total: money(b.available + b.pending, currency),
        updated: this.clock.iso(b.updated),
      };
    });
  }

  balancesSnapshot(): Record<string, {available: string; pending: string; updated: number}> {
    return Object.fromEntries(
      [...this.balances].map(([c, b]) => [
        c,
        {available: b.available.toString(), pending: b.pending.toString(), updated: b.updated},
      ]),
    );
  }

  restoreBalances(snapshot: Record<string, {available: string; pending: string; updated: number}>): void {
    for (const [c, b] of Object.entries(snapshot))
      this.balances.set(c, {available: BigInt(b.available), pending: BigInt(b.pending), updated: b.updated});
  }
}

export {money, toUnits, fromUnits};
