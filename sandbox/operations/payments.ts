/**
 * Sending bitcoin: payment quotes for a Lightning invoice, an LNURL or Lightning address, or a
 * Bitcoin address hold their fee until `expiration` (as long as the documented examples hold
 * theirs); executing one takes `totalAmount` from the balance and creates a payment, `PENDING` and
 * then `COMPLETED`, with a `payment.updated` event for each change. The test inputs (test-inputs.ts)
 * make a quote fail (NO_ROUTE_FOUND, LIGHTNING_INVOICE_EXPIRED, LNURL_RESOLUTION_FAILED) or a payment
 * end `FAILED` with each `failureReason`, which returns `totalAmount` to the balance.
 */
import {randomBytes} from 'node:crypto';
import type {Json} from '../definition.ts';
import {amountErrors, money, rateText, scale, toUnits} from '../money.ts';
import {checkLimit} from '../limits.ts';
import {ProblemError, validationFailed} from '../problems.ts';
import {LIGHTNING_ADDRESSES, ONCHAIN_MINIMUM_BTC, TIMEOUT_SECONDS, lightningTrigger} from '../test-inputs.ts';
import type {Call, Handler, World} from '../world.ts';
import {exampleLifetime, exampleWhere, fromExample, inSeconds} from './templates.ts';

const STEP_MS = 2000;
/** Routing fee of the simulated network: 0.1% of the amount, at least one satoshi. */
const FEE_RATE = 0.001;

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/** The amount a BOLT11 invoice asks for, from its human-readable part (`lntbs250u...` = 250 µBTC). */
export function bolt11Amount(invoice: string): bigint | undefined {
  const m = /^ln(?:bcrt|tbs|tb|bc)(\d+)([munp]?)1/i.exec(invoice);
  if (!m) return undefined;
  const n = BigInt(m[1]!);
  // The multipliers are in pico-bitcoin (10^-12 BTC); the sandbox counts in units of 10^-8 BTC.
  const pico = {'': 10n ** 12n, m: 10n ** 9n, u: 10n ** 6n, n: 1000n, p: 1n}[m[2]!.toLowerCase() as ''];
  return (n * pico) / 10_000n;
}

/** Quote figures: `amount` in BTC, `fee` and `totalAmount` in the source currency. */
function figures(world: World, btcUnits: bigint, source: string, feeBtc?: bigint) {
  const fee = feeBtc ?? (scale(btcUnits, FEE_RATE) > 0n ? scale(btcUnits, FEE_RATE) : 1n);
  if (source === 'BTC')
    return {
      amount: money(btcUnits, 'BTC'),
      fee: money(fee, 'BTC'),
      totalAmount: money(btcUnits + fee, 'BTC'),
      exchangeRate: null,
    };
  const toSource = (u: bigint) => world.rates.convert(u, 'BTC', source);
  const feeSource = toSource(fee) > 0n ? toSource(fee) : 1_000_000n;
  return {
    amount: money(btcUnits, 'BTC'),
    fee: money(feeSource, source),
    totalAmount: money(toSource(btcUnits) + feeSource, source),
    exchangeRate: rateText(world.rates.rate(source, 'BTC')),
  };
}

function checkMoney(call: Call): void {
  const errors = amountErrors(call.body.amount, 'amount');
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

const toBtc = (world: World, m: {amount: string; currency: string}) =>
  m.currency === 'BTC' ? toUnits(m.amount) : world.rates.convert(toUnits(m.amount), m.currency, 'BTC');

function store(world: World, operationId: string, quote: Json): Answer201 {
  quote.expiration = inSeconds(world, exampleLifetime(world, operationId));
  world.store.put('PaymentQuote', quote);
  return {status: 201, body: world.publicView('PaymentQuote', quote)};
}
type Answer201 = {status: number; body: Json};

export const createLightningPaymentQuote: Handler = (call, world) => {
  checkMoney(call);
  const trigger = lightningTrigger(call.body.lnInvoice);
  if (trigger.quoteCode === 'NO_ROUTE_FOUND')
    throw new ProblemError(
      422,
      'NO_ROUTE_FOUND',
      'No Lightning route reaches the payee of this test invoice within the fee limit.',
    );
  if (trigger.quoteCode === 'LIGHTNING_INVOICE_EXPIRED')
    throw new ProblemError(
      422,
      'LIGHTNING_INVOICE_EXPIRED',
      `The Lightning invoice expired at ${world.clock.iso(world.clock.now() - 3600_000)}. Ask the payee for a new one.`,
    );
  const asked = bolt11Amount(call.body.lnInvoice);
  const btc = asked ?? (call.body.amount ? toBtc(world, call.body.amount) : undefined);
  if (btc === undefined)
    throw validationFailed({amount: ['Is required: the Lightning invoice does not state an amount.']});
  const example = world.example('createLightningPaymentQuote');
  return store(
    world,
    'createLightningPaymentQuote',
    fromExample(
      world,
      'createLightningPaymentQuote',
      {},
      {
        destination: call.body.lnInvoice,
        ...figures(world, btc, call.body.sourceCurrency ?? 'BTC'),
        description: null,
        lightning: {...example.lightning, paymentHash: hex(32), invoiceExpiration: inSeconds(world, 3600)},
        _failureReason: trigger.failureReason,
      },
    ),
  );
};

/** An LNURL server that does not answer, as the test inputs name it. */
function checkResolves(destination: string): void {
  if (destination.toLowerCase() !== LIGHTNING_ADDRESSES.unreachable) return;
  const [name, domain] = destination.split('@');
  throw new ProblemError(
    422,
    'LNURL_RESOLUTION_FAILED',
    `https://${domain}/.well-known/lnurlp/${name} did not answer within 10 seconds.`,
  );
}

/** An amount outside what the payee's LNURL server accepts (get LNURL details' minSendable to maxSendable). */
function checkSendable(world: World, destination: string, amount: {amount: string; currency: string}): void {
  const details = world.example('getLnurlDetails');
  const btc = toBtc(world, amount);
  if (btc >= toUnits(details.minSendable.amount) && btc <= toUnits(details.maxSendable.amount)) return;
  throw new ProblemError(
    422,
    'AMOUNT_OUT_OF_RANGE',
    `${destination} accepts ${details.minSendable.amount} to ${details.maxSendable.amount} BTC; ${amount.amount} ${amount.currency} is ${money(btc, 'BTC').amount} BTC.`,
  );
}

export const createLnurlLnAddressPaymentQuote: Handler = (call, world) => {
  checkMoney(call);
  const destination = String(call.body.destination);
  checkResolves(destination);
  checkSendable(world, destination, call.body.amount);
  const address = destination.includes('@') ? destination : null;
  const domain = address
    ? address.split('@')[1]!
    : (/^(?:lnurl|https?:\/\/)?([^/]+)/i.exec(destination)?.[1] ?? 'kestrel.example');
  const example = world.example('createLnurlLnAddressPaymentQuote');
  return store(
    world,
    'createLnurlLnAddressPaymentQuote',
    fromExample(
      world,
      'createLnurlLnAddressPaymentQuote',
      {},
      {
        destination,
        ...figures(world, toBtc(world, call.body.amount), call.body.sourceCurrency ?? call.body.amount.currency),
        lightning: {...example.lightning, paymentHash: hex(32), invoiceExpiration: inSeconds(world, 600)},
        lnurl: {
          domain: address ? domain : destination.startsWith('lnurl') ? 'kestrel.example' : domain,
          lightningAddress: address,
          comment: call.body.comment ?? null,
        },
      },
    ),
  );
};

export const createOnchainPaymentQuote: Handler = (call, world) => {
  checkMoney(call);
  if (toBtc(world, call.body.amount) < toUnits(ONCHAIN_MINIMUM_BTC))
    throw new ProblemError(422, 'AMOUNT_OUT_OF_RANGE', `On-chain payments start at ${ONCHAIN_MINIMUM_BTC} BTC.`);
  const tierName = call.body.tier ?? 'STANDARD';
  const tier = world.example('getOnchainTiers').items.find((t: Json) => t.tier === tierName);
  return store(
    world,
    'createOnchainPaymentQuote',
    fromExample(
      world,
      'createOnchainPaymentQuote',
      {},
      {
        destination: call.body.address,
        ...figures(
          world,
          toBtc(world, call.body.amount),
          call.body.sourceCurrency ?? call.body.amount.currency,
          toUnits(tier.fee.amount),
        ),
        description: null,
        onchain: {
          tier: tier.tier,
          feeRate: tier.feeRate,
          estimatedConfirmationMinutes: tier.estimatedConfirmationMinutes,
        },
      },
    ),
  );
};

export const getOnchainTiers: Handler = (_call, world) => ({status: 200, body: world.example('getOnchainTiers')});

export const getLnurlDetails: Handler = (call, world) => {
  const destination = String(call.query.destination);
  checkResolves(destination);
  const details = world.example('getLnurlDetails');
  const address = destination.includes('@') ? destination : null;
  return {
    status: 200,
    body: {
      ...details,
      destination,
      lightningAddress: address,
      domain: address ? address.split('@')[1] : details.domain,
    },
  };
};

export const executePaymentQuote: Handler = (call, world) => {
  const quote = world.find('PaymentQuote', call.params.quoteId!, call.op);
  // The payment's id travels as a member of the problem, so a client that lost the first answer
  // (a crash after executing) can fetch the payment without reading `detail`.
  if (quote._paymentId)
    throw new ProblemError(
      409,
      'QUOTE_ALREADY_EXECUTED',
      `Payment quote ${quote.id} was executed as payment ${quote._paymentId}; a quote can be executed once.`,
      {extensions: {paymentId: quote._paymentId}},
    );
  if (Date.parse(quote.expiration) < world.clock.now()) {
    throw new ProblemError(
      422,
      'QUOTE_EXPIRED',
      `The quote expired at ${quote.expiration}. Create a new quote and execute it promptly.`,
    );
  }
  checkLimit(world, 'PAYMENT', quote.totalAmount);
  world.debit(quote.totalAmount.currency, toUnits(quote.totalAmount.amount));
  const template = exampleWhere(world, 'executePaymentQuote', 'type', quote.type);
  const payment: Json = {
    ...template,
    id: world.uuid(),
    quoteId: quote.id,
    type: quote.type,
    status: 'PENDING',
    destination: quote.destination,
    amount: quote.amount,
    fee: quote.fee,
    totalAmount: quote.totalAmount,
    failureReason: null,
    created: world.now(),
    updated: world.now(),
  };
  if (payment.lightning)
    payment.lightning = {...payment.lightning, paymentHash: quote.lightning?.paymentHash ?? hex(32), preimage: null};
  world.store.put('PaymentQuote', {...quote, _paymentId: payment.id});
  world.store.put('Payment', payment);
  const failureReason = quote._failureReason;
  const paymentId = payment.id;
  world.clock.after(failureReason === 'TIMEOUT' ? TIMEOUT_SECONDS * 1000 : STEP_MS, () => {
    const current = world.store.get('Payment', paymentId);
    if (current?.status !== 'PENDING') return;
    if (failureReason) {
      world.credit(current.totalAmount.currency, toUnits(current.totalAmount.amount));
      world.update('Payment', paymentId, {status: 'FAILED', failureReason}, 'payment.updated');
      return;
    }
    const patch: Json = {status: 'COMPLETED'};
    if (current.lightning) patch.lightning = {...current.lightning, preimage: hex(32)};
    world.update('Payment', paymentId, patch, 'payment.updated');
  });
  return {status: 201, body: world.publicView('Payment', payment)};
};
