/**
 * STAND-IN, only so the changelog can be built and tested on this branch: the releases work
 * provides this module (the released definitions under openapi/releases/ and the diff between
 * each and the one before). Same exports and signature; the changes below are release 2.0.0's, as
 * the diff of the definition at 1.0.0 and today reports them, written out by hand. The migration
 * notes are read from openapi/releases/<version>.notes.yaml, as the real module does.
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {parse} from 'yaml';

export type ChangeSeverity = 'breaking' | 'additive' | 'deprecated';

export interface ApiChange {
  /** `${rule}:${pointer}`: the key of its migration note. */
  id: string;
  rule: string;
  severity: ChangeSeverity;
  /** What changed, in Markdown. */
  message: string;
  /** The JSON pointer of what changed, in the definition that has it. */
  pointer: string;
  operation?: {slug: string; operationId: string};
  schema?: string;
  webhook?: string;
  /** The element id of the field on the operation's page, e.g. `request-body.amount.currency`; absent when removed. */
  anchor?: string;
}

export interface Release {
  version: string;
  /** `YYYY-MM-DD` */
  date: string;
  summary: string;
  definition: object;
}

export interface ReleaseHistoryEntry {
  release: Release;
  previous?: Release;
  changes: ApiChange[];
  /** Change id -> migration note (Markdown). */
  notes: Record<string, string>;
}

const RELEASES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'openapi', 'releases');

type Seed = Omit<ApiChange, 'id'>;
const op = (slug: string, operationId: string) => ({slug, operationId});

const CHANGES_2_0_0: Seed[] = [
  {
    rule: 'response-enum-value-added',
    severity: 'breaking',
    message: '`PayoutStatus` gains `EXPIRED`.',
    pointer: '/components/schemas/PayoutStatus/enum',
    schema: 'PayoutStatus',
  },
  {
    rule: 'response-enum-value-added',
    severity: 'breaking',
    message: '`CurrencyExchangeQuoteStatus` gains `EXPIRED`.',
    pointer: '/components/schemas/CurrencyExchangeQuoteStatus/enum',
    schema: 'CurrencyExchangeQuoteStatus',
  },
  {
    rule: 'response-field-removed',
    severity: 'breaking',
    message: '`ReceiveRequest.lnInvoice` is removed.',
    pointer: '/components/schemas/ReceiveRequest/properties/lnInvoice',
    schema: 'ReceiveRequest',
  },
  {
    rule: 'constraint-narrowed',
    severity: 'breaking',
    message: "`amount` must be in the request's `currency`.",
    pointer: '/components/schemas/ReceiveRequestCreate/properties/amount',
    operation: op('create-a-receive-request', 'createAReceiveRequest'),
    anchor: 'request-body.amount',
  },
  {
    rule: 'type-changed',
    severity: 'breaking',
    message: '`AccountBalance.available` is a `BalanceAmount`, which may be negative; it was `Money`.',
    pointer: '/components/schemas/AccountBalance/properties/available',
    operation: op('get-account-balance-details', 'getAccountBalanceDetails'),
    anchor: 'response-200.items[].available',
  },
  {
    rule: 'type-changed',
    severity: 'breaking',
    message: '`AccountBalance.total` is a `BalanceAmount`, which may be negative; it was `Money`.',
    pointer: '/components/schemas/AccountBalance/properties/total',
    operation: op('get-account-balance-details', 'getAccountBalanceDetails'),
    anchor: 'response-200.items[].total',
  },
  {
    rule: 'constraint-narrowed',
    severity: 'breaking',
    message: 'An amount under the minimum of `x-minimum-amounts` is refused with `422 AMOUNT_OUT_OF_RANGE`.',
    pointer: '/components/schemas/CurrencyExchangeQuoteCreate/x-minimum-amounts',
    operation: op('create-currency-exchange-quote', 'createCurrencyExchangeQuote'),
    anchor: 'request-body.amount',
  },
  {
    rule: 'idempotency-kept-changed',
    severity: 'breaking',
    message:
      '`x-idempotency`: `404` answers, `LNURL_RESOLUTION_FAILED` and every answer given before the operation ran are no longer kept against an `Idempotency-Key`.',
    pointer: '/components/parameters/IdempotencyKey/x-idempotency/outcomes',
    operation: op('issue-invoice', 'issueInvoice'),
    anchor: 'header.Idempotency-Key',
  },
  {
    rule: 'idempotency-kept-changed',
    severity: 'breaking',
    message: '`x-idempotency`: request bodies are compared as parsed JSON, not byte for byte.',
    pointer: '/components/parameters/IdempotencyKey/x-idempotency/bodyComparison',
    operation: op('issue-invoice', 'issueInvoice'),
    anchor: 'header.Idempotency-Key',
  },
  {
    rule: 'error-retry-changed',
    severity: 'breaking',
    message: '`x-error-catalogue`: `retry` takes a fourth value, `same-key-once-fixed`.',
    pointer: '/components/schemas/ErrorCode/x-error-catalogue',
    operation: op('issue-invoice', 'issueInvoice'),
    anchor: 'response-422',
  },
  {
    rule: 'response-field-added',
    severity: 'additive',
    message: '`ReceiveRequest.lnurl`: the LNURL-pay link to show the payer.',
    pointer: '/components/schemas/ReceiveRequest/properties/lnurl',
    schema: 'ReceiveRequest',
  },
  {
    rule: 'response-field-added',
    severity: 'additive',
    message: '`Event.deliveries`: the delivery to each subscription, with its status and attempts.',
    pointer: '/components/schemas/Event/properties/deliveries',
    operation: op('find-event-by-id', 'findEventById'),
    anchor: 'response-200.deliveries',
  },
  {
    rule: 'response-field-added',
    severity: 'additive',
    message: '`Problem.paymentId` on `409 QUOTE_ALREADY_EXECUTED`: the payment the quote made.',
    pointer: '/components/schemas/Problem/properties/paymentId',
    operation: op('execute-payment-quote', 'executePaymentQuote'),
    anchor: 'response-409.paymentId',
  },
  {
    rule: 'response-field-added',
    severity: 'additive',
    message: '`Receive.confirmations` on on-chain receives.',
    pointer: '/components/schemas/Receive/properties/confirmations',
    operation: op('get-receives-for-receive-request', 'getReceivesForReceiveRequest'),
    anchor: 'response-200.items[].confirmations',
  },
  {
    rule: 'response-header-added',
    severity: 'additive',
    message: '`WWW-Authenticate` on `401` and `403` answers (RFC 6750).',
    pointer: '/components/responses/Unauthorized/headers/WWW-Authenticate',
    operation: op('get-account-balance-details', 'getAccountBalanceDetails'),
    anchor: 'response-401.headers.WWW-Authenticate',
  },
  {
    rule: 'response-header-added',
    severity: 'additive',
    message: '`Idempotent-Replayed: true` on a replayed answer.',
    pointer: '/components/headers/IdempotentReplayed',
    operation: op('issue-invoice', 'issueInvoice'),
    anchor: 'response-201.headers.Idempotent-Replayed',
  },
  {
    rule: 'constraint-widened',
    severity: 'additive',
    message: '`lnInvoice` accepts capitals and a `lightning:` prefix.',
    pointer: '/components/schemas/LightningPaymentQuoteCreate/properties/lnInvoice/pattern',
    operation: op('create-lightning-payment-quote', 'createLightningPaymentQuote'),
    anchor: 'request-body.lnInvoice',
  },
  {
    rule: 'definition-data-added',
    severity: 'additive',
    message: '`x-webhook-delivery`: the retry schedule, the delivery timeout and the secret-rotation overlap, as data.',
    pointer: '/x-webhook-delivery',
    webhook: 'invoice.created',
  },
];

function notesOf(version: string): Record<string, string> {
  const file = path.join(RELEASES, `${version}.notes.yaml`);
  if (!existsSync(file)) return {};
  const notes: unknown = parse(readFileSync(file, 'utf8'));
  if (notes === null) return {};
  if (typeof notes !== 'object' || Array.isArray(notes))
    throw new Error(`definition: ${file} must map change ids to notes`);
  return notes as Record<string, string>;
}

const withId = (seed: Seed): ApiChange => ({id: `${seed.rule}:${seed.pointer}`, ...seed});

/** Every release with its changes from the one before, newest first. */
export function releaseHistory(): ReleaseHistoryEntry[] {
  const first: Release = {
    version: '1.0.0',
    date: '2026-11-27',
    summary: 'The first release of the Kestrel API definition.',
    definition: {},
  };
  const second: Release = {
    version: '2.0.0',
    date: '2026-11-27',
    summary:
      'Payouts and exchange quotes expire, receive requests present an LNURL-pay link, balances may be negative, and idempotency keeps only the answers an operation decided.',
    definition: {},
  };
  return [
    {release: second, previous: first, changes: CHANGES_2_0_0.map(withId), notes: notesOf('2.0.0')},
    {release: first, changes: [], notes: notesOf('1.0.0')},
  ];
}
