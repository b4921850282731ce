/**
 * The handler of every operation: the ones with behaviour of their own by operationId, the rest
 * (lists, finds and deletes of stored objects) derived from the definition. Building the table
 * fails, naming the operation, when the definition has an operation no handler covers.
 */
import type {OperationId} from '../../definition/index.ts';
import type {Definition} from '../definition.ts';
import type {AnyHandler, Handler} from '../world.ts';
import {
  fetchLoggedInAccountLimits,
  fetchPublicAccountProfileInfoByHandle,
  fetchPublicAccountProfileInfoById,
  getAccountBalanceDetails,
} from './accounts.ts';
import {
  createAPayout,
  createAPayoutOriginator,
  createBankPaymentMethod,
  deleteAPayoutOriginator,
  deleteBankPaymentMethod,
  findPayoutById,
  getDepositFeeEstimate,
  getPayouts,
  initiateAPayout,
  initiateDeposit,
} from './bank.ts';
import {findEventById, getEvents} from './events.ts';
import {
  createCurrencyExchangeQuote,
  executeCurrencyExchangeQuote,
  getCurrencyExchangeQuote,
  getCurrencyExchangeRateTickers,
} from './exchange.ts';
import {genericHandler} from './generic.ts';
import {cancelUnpaidInvoice, issueInvoice, issueInvoiceForReceiver, issueQuoteForInvoice} from './invoices.ts';
import {
  createLightningPaymentQuote,
  createLnurlLnAddressPaymentQuote,
  createOnchainPaymentQuote,
  executePaymentQuote,
  getLnurlDetails,
  getOnchainTiers,
} from './payments.ts';
import {createAReceiveRequest, getReceivesForReceiveRequest} from './receive-requests.ts';
import {createSubscription, updateSubscription} from './subscriptions.ts';
import type * as accountsModule from './accounts.ts';
import type * as bankModule from './bank.ts';
import type * as eventsModule from './events.ts';
import type * as exchangeModule from './exchange.ts';
import type * as invoicesModule from './invoices.ts';
import type * as paymentsModule from './payments.ts';
import type * as receiveRequestsModule from './receive-requests.ts';
import type * as subscriptionsModule from './subscriptions.ts';

/**
 * Keyed by the operationIds generated from the definition (npm run gen-api): an entry for an
 * operation the definition renamed or deleted fails `tsc` here, and so does a handler typed for
 * another operation than its key.
 */
const SPECIFIC = {
  fetchPublicAccountProfileInfoByHandle,
  fetchPublicAccountProfileInfoById,
  fetchLoggedInAccountLimits,
  getAccountBalanceDetails,
  getPayouts,
  findPayoutById,
  createBankPaymentMethod,
  createAPayoutOriginator,
  deleteAPayoutOriginator,
  deleteBankPaymentMethod,
  createAPayout,
  initiateAPayout,
  initiateDeposit,
  getDepositFeeEstimate,
  getEvents,
  findEventById,
  getCurrencyExchangeQuote,
  getCurrencyExchangeRateTickers,
  createCurrencyExchangeQuote,
  executeCurrencyExchangeQuote,
  issueInvoice,
  issueInvoiceForReceiver,
  issueQuoteForInvoice,
  cancelUnpaidInvoice,
  createLightningPaymentQuote,
  createLnurlLnAddressPaymentQuote,
  createOnchainPaymentQuote,
  getOnchainTiers,
  getLnurlDetails,
  executePaymentQuote,
  createAReceiveRequest,
  getReceivesForReceiveRequest,
  createSubscription,
  updateSubscription,
} satisfies {readonly [Id in OperationId]?: Handler<Id>};

/** The names a module exports as handlers. */
type HandlerExports<Module> = {[Name in keyof Module]: Module[Name] extends AnyHandler ? Name : never}[keyof Module];
type Written = HandlerExports<
  typeof accountsModule &
    typeof bankModule &
    typeof eventsModule &
    typeof exchangeModule &
    typeof invoicesModule &
    typeof paymentsModule &
    typeof receiveRequestsModule &
    typeof subscriptionsModule
>;
/** Every handler a module exports is in the table: `tsc` names one left out here. */
export type UnlistedHandlers = Listed<Exclude<Written, keyof typeof SPECIFIC>>;
type Listed<Unlisted extends never> = Unlisted;

/**
 * The handler written for an operation, if any (the definition's ids are strings at run time).
 * Each reads its request body as the type the definition gives it, and is called with untyped
 * JSON: the server validates every request body against the operation's schema in the definition
 * before it calls the handler (sandbox/server.ts), so the body is of that type, which this cast
 * states.
 */
const specific = (operationId: string): Handler | undefined =>
  Object.hasOwn(SPECIFIC, operationId)
    ? ((SPECIFIC as {readonly [Id in OperationId]?: AnyHandler})[operationId as OperationId] as Handler | undefined)
    : undefined;

export function handlers(definition: Definition): Map<string, Handler> {
  const table = new Map<string, Handler>();
  for (const op of definition.operations) {
    const handler = specific(op.operationId) ?? genericHandler(definition, op);
    if (!handler) throw new Error(`sandbox: no handler for the operation ${op.operationId} (${op.method} ${op.path})`);
    table.set(op.operationId, handler);
  }
  return table;
}
