/**
 * Sending bitcoin: payment quotes for a Lightning invoice, an LNURL or Lightning address, or a
 * Bitcoin address hold their fee until `expiration` (as long as the documented examples hold
 * theirs); executing one takes `totalAmount` from the balance and creates a payment, `PENDING` and
 * then `COMPLETED`, with a `payment.updated` event for each change. A Lightning fee is a limit: the
 * route costs half of it, and the rest comes back to the balance when the payment completes, with
 * the preimage whose SHA-256 is the payment hash. An on-chain payment's transaction is broadcast at
 * once and mined after its tier's `estimatedConfirmationMinutes` on the sandbox clock: the payment
 * is `COMPLETED` at that first confirmation. Paid from another currency, bitcoin is bought at the
 * ticker's `ask` and every figure you pay is rounded up. The sandbox pays signet invoices and
 * addresses only, and checks an address's checksum; an invoice or a SegWit address may be written
 * in capitals (and an invoice after `lightning:`), as QR codes carry them. The test inputs (test-inputs.ts)
 * make a quote fail (NO_ROUTE_FOUND, LIGHTNING_INVOICE_EXPIRED, LNURL_RESOLUTION_FAILED) or a payment
 * end `FAILED` with each `failureReason`, which returns `totalAmount` to the balance. A request
 * served as release 1.0.0 is priced as 1.0.0 priced it (versions/quote-rules.ts), and a receive
 * request's own BOLT11 invoice is paid once (versions/receive-request-invoice.ts).
 */
import {createHash, randomBytes} from 'node:crypto';
import {
  isObject,
  moneyAt,
  numberAt,
  objectAt,
  objectsAt,
  optionalMoneyAt,
  optionalObjectAt,
  optionalStringAt,
  stringAt,
  type JsonObject,
} from '../api-data.ts';
import {amountErrors, convertAt, money, moneyOf, rateText, roundTo, toUnits, type Money} from '../money.ts';
import {checkLimit} from '../limits.ts';
import {defineStep} from '../steps.ts';
import {ProblemError, validationFailed} from '../problems.ts';
import {decodeLnurl} from '../lnurl.ts';
import {parseBitcoinAddress} from '../bitcoin-address.ts';
import {LIGHTNING_ADDRESSES, TIMEOUT_SECONDS, lightningTrigger} from '../test-inputs.ts';
import {minimumAmountsOf} from '../../definition/index.ts';
import type {OperationId, RequestBody} from '../../definition/index.ts';
import type {Handler, World} from '../world.ts';
import {receive, receiveRequestAt, receiveRequestLnurlDetails} from './receive-requests.ts';
import {STEP_MS} from '../timings.ts';
import {exampleLifetime, exampleWhere, fromExample, inSeconds} from './templates.ts';
import {quoteRulesAt, type QuoteRules} from '../versions/quote-rules.ts';
import {claimInvoice, payingReceiveRequest} from '../versions/receive-request-invoice.ts';
import {receivedAs} from '../versions/receive-request-amount.ts';

/** The confirmations at which an on-chain payment is `COMPLETED`, as the Payment schema states. */
const ONCHAIN_CONFIRMATIONS = 1;
/** Routing fee limit of the simulated network: 0.1% of the amount, rounded up, at least one satoshi. */
const FEE_PER_THOUSAND = 1n;

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/**
 * A Lightning payment's secret and its hash: the payee's node reveals the 32-byte preimage when it
 * is paid, and its SHA-256 is the payment hash the invoice carries, so a client can check the proof.
 */
function lightningSecret(): {preimage: string; paymentHash: string} {
  const preimage = randomBytes(32);
  return {preimage: preimage.toString('hex'), paymentHash: createHash('sha256').update(preimage).digest('hex')};
}

/** The network a BOLT11 prefix or a Bitcoin address belongs to; the sandbox pays signet only. */
const INVOICE_NETWORKS: [RegExp, string][] = [
  [/^lnbcrt/, 'regtest'],
  [/^lnbc/, 'mainnet'],
  [/^lntbs/, 'signet'],
  [/^lntb/, 'testnet'],
];

/**
 * A BOLT11 invoice as Kestrel keeps it: in small letters, without the `lightning:` scheme that a
 * QR code or a wallet's link puts in front (BOLT11 may be written all in capitals, as QR codes do).
 */
const bolt11Text = (raw: string) => raw.replace(/^lightning:/i, '').toLowerCase();

/** A 422 naming `field` when a Lightning invoice or address is not for signet, the sandbox's network. */
function checkSignet(network: string | undefined, field: string, what: string, signet: string): void {
  if (network && network !== 'signet')
    throw validationFailed({
      [field]: [`Is a ${network} ${what}; the sandbox uses the signet network only (${signet}).`],
    });
}

/**
 * A Bitcoin address as Kestrel keeps it (a SegWit one in small letters, though it may be written
 * all in capitals, as QR codes carry it): a 422 naming `field` when its checksum or its form is
 * wrong, or when it is not a signet address.
 */
function signetAddressAt(value: string, field: string): string {
  const parsed = parseBitcoinAddress(value);
  if ('error' in parsed) throw validationFailed({[field]: [`Is not a valid Bitcoin address: it ${parsed.error}`]});
  checkSignet(parsed.network, field, 'Bitcoin address', 'tb1…, m…, n… or 2…');
  return parsed.address;
}

/** The amount a BOLT11 invoice asks for, from its human-readable part (`lntbs250u...` = 250 µBTC). */
export function bolt11Amount(invoice: string): bigint | undefined {
  const m = /^ln(?:bcrt|tbs|tb|bc)(\d+)([munp]?)1/i.exec(invoice);
  if (!m) return undefined;
  const n = BigInt(m[1]!);
  // The multipliers are in pico-bitcoin (10^-12 BTC); the sandbox counts in units of 10^-8 BTC.
  const pico = {'': 10n ** 12n, m: 10n ** 9n, u: 10n ** 6n, n: 1000n, p: 1n}[m[2]!.toLowerCase() as ''];
  return (n * pico) / 10_000n;
}

/** The quote's rate: bitcoin per unit of the source currency, bought at the ticker's `ask` (since 2.0.0). */
const btcRate = (world: World, rules: QuoteRules, source: string) => rateText(rules.rate(world.rates, source, 'BTC'));

/**
 * Quote figures: `amount` in BTC, `fee` and `totalAmount` in the source currency. Paid from another
 * currency, the bitcoin and the fee each cost what they take at the quote's rate, rounded up; a
 * source amount the request fixes (`paid`) is what you pay for the bitcoin.
 */
function figures(world: World, rules: QuoteRules, btcUnits: bigint, source: string, feeBtc?: bigint, paid?: bigint) {
  const fee = feeBtc ?? roundTo((btcUnits * FEE_PER_THOUSAND + 999n) / 1000n, 'BTC', 'up');
  if (source === 'BTC')
    return {
      amount: money(btcUnits, 'BTC'),
      fee: money(fee, 'BTC'),
      totalAmount: money(btcUnits + fee, 'BTC'),
      exchangeRate: null,
    };
  const rate = btcRate(world, rules, source);
  const cost = (u: bigint) => convertAt(u, rate, source, rules.pay, true);
  return {
    amount: money(btcUnits, 'BTC'),
    fee: money(cost(fee), source),
    totalAmount: money((paid ?? cost(btcUnits)) + cost(fee), source),
    exchangeRate: rate,
  };
}

/**
 * The balance a quote pays from (its `sourceCurrency`, else the amount's currency), and what the
 * bitcoin costs when the request fixes the amount in that currency.
 */
function sourceOf(body: RequestBody<'createLnurlLnAddressPaymentQuote' | 'createOnchainPaymentQuote'>): {
  source: string;
  paid?: bigint;
} {
  const amount = body.amount;
  const source = body.sourceCurrency ?? amount.currency;
  return {source, paid: amount.currency === source ? toUnits(amount.amount) : undefined};
}

function checkMoney(amount: Money | undefined): void {
  const errors = amountErrors(amount, 'amount');
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

/** Bitcoin received, in the currency of the receive request it credits: rounded down at the mid. */
/** The bitcoin an amount buys at the quote's rate, rounded down (since 2.0.0): what the payee receives. */
const toBtc = (world: World, rules: QuoteRules, m: {amount: string; currency: string}) =>
  m.currency === 'BTC'
    ? toUnits(m.amount)
    : convertAt(toUnits(m.amount), btcRate(world, rules, m.currency), 'BTC', rules.receive);

/** A documented quote's Lightning details, with the node it pays read as a string, as a quote answers it. */
function lightningOf(example: JsonObject) {
  const lightning = objectAt(example, 'lightning');
  return {...lightning, payeeNodeId: stringAt(lightning, 'payeeNodeId')};
}

function store(world: World, operationId: OperationId, quote: JsonObject): Answer201 {
  quote.expiration = inSeconds(world, exampleLifetime(world, operationId));
  world.store.put('PaymentQuote', quote);
  return {status: 201, body: world.publicView('PaymentQuote', quote)};
}
type Answer201 = {status: number; body: JsonObject};

export const createLightningPaymentQuote: Handler<'createLightningPaymentQuote'> = (call, world) => {
  checkMoney(call.body.amount);
  const rules = quoteRulesAt(call.apiVersion);
  const lnInvoice = bolt11Text(call.body.lnInvoice);
  const amount = call.body.amount && moneyOf(call.body.amount);
  const invoiceNetwork = INVOICE_NETWORKS.find(([prefix]) => prefix.test(lnInvoice))?.[1];
  checkSignet(invoiceNetwork, 'lnInvoice', 'Lightning invoice', 'lntbs…');
  const trigger = lightningTrigger(lnInvoice);
  // A receive request's own invoice: paid once, and not after its request expired.
  const paying = payingReceiveRequest(world, lnInvoice);
  if (trigger.quoteCode === 'NO_ROUTE_FOUND')
    throw new ProblemError(
      'NO_ROUTE_FOUND',
      'No Lightning route reaches the payee of this test invoice within the fee limit.',
    );
  if (trigger.quoteCode === 'LIGHTNING_INVOICE_EXPIRED')
    throw new ProblemError(
      'LIGHTNING_INVOICE_EXPIRED',
      `The Lightning invoice expired at ${world.clock.iso(world.clock.now() - 3600_000)}. Ask the payee for a new one.`,
    );
  // The definition gives `amount` in bitcoin: an amount in another currency is refused, not converted.
  if (amount && amount.currency !== 'BTC')
    throw validationFailed({
      amount: [
        `Must be in BTC, not ${amount.currency}: a Lightning invoice is paid in bitcoin; sourceCurrency names the balance that pays.`,
      ],
    });
  const asked = bolt11Amount(lnInvoice);
  if (asked !== undefined && amount && toBtc(world, rules, amount) !== asked)
    throw validationFailed({
      amount: [
        `Must be left out, or be the invoice's own amount (${money(asked, 'BTC').amount} BTC): the Lightning invoice states its amount.`,
      ],
    });
  const btc = asked ?? (amount ? toBtc(world, rules, amount) : undefined);
  if (btc === undefined)
    throw validationFailed({amount: ['Is required: the Lightning invoice does not state an amount.']});
  const example = world.example('createLightningPaymentQuote');
  const {preimage, paymentHash} = lightningSecret();
  return store(
    world,
    'createLightningPaymentQuote',
    fromExample(
      world,
      'createLightningPaymentQuote',
      {},
      {
        destination: lnInvoice,
        ...figures(world, rules, btc, call.body.sourceCurrency ?? 'BTC'),
        description: null,
        lightning: {...lightningOf(example), paymentHash, invoiceExpiration: inSeconds(world, 3600)},
        _preimage: preimage,
        _failureReason: trigger.failureReason ?? null,
        ...paying,
      },
    ),
  );
};

/** A destination as Kestrel resolves it: written as the LnurlDetails schema says, and what its server announces. */
interface Resolved {
  destination: string;
  domain: string;
  lightningAddress: string | null;
  details: JsonObject;
  /** The receive request of this sandbox that the LNURL pays, if it is one. */
  receiveRequestId?: string;
}

/**
 * Resolves an LNURL-pay link or a Lightning address: 422 VALIDATION_FAILED naming `field` when it is
 * neither, LNURL_RESOLUTION_FAILED when its server does not answer (the test input's address).
 * Addresses are written in small letters and LNURLs in capitals; a receive request's own LNURL
 * announces that request's amount and description.
 */
function resolveLnurl(world: World, raw: string, field: string): Resolved {
  const documented = world.example('getLnurlDetails');
  const url = decodeLnurl(raw);
  if (url) {
    const destination = raw.replace(/^lightning:/i, '').toUpperCase();
    const request = receiveRequestAt(world, url);
    if (request) {
      const details = receiveRequestLnurlDetails(world, request, documented);
      return {
        destination,
        domain: stringAt(details, 'domain'),
        lightningAddress: null,
        details,
        receiveRequestId: stringAt(request, 'id'),
      };
    }
    return {destination, domain: new URL(url).hostname, lightningAddress: null, details: documented};
  }
  const address = /^([a-z0-9._+-]+)@([a-z0-9-]+(?:\.[a-z0-9-]+)+)$/i.exec(raw);
  if (!address)
    throw validationFailed({
      [field]: [
        'Must be an LNURL-pay link (LNURL1…, or lightning: followed by one) or a Lightning address (name@domain).',
      ],
    });
  const destination = raw.toLowerCase();
  if (destination === LIGHTNING_ADDRESSES.unreachable)
    throw new ProblemError(
      'LNURL_RESOLUTION_FAILED',
      `https://${address[2]!.toLowerCase()}/.well-known/lnurlp/${address[1]!.toLowerCase()} did not answer within 10 seconds.`,
    );
  return {destination, domain: address[2]!.toLowerCase(), lightningAddress: destination, details: documented};
}

/** An amount outside what the payee's LNURL server accepts (get LNURL details' minSendable to maxSendable). */
function checkSendable(
  world: World,
  rules: QuoteRules,
  resolved: Resolved,
  amount: {amount: string; currency: string},
): void {
  const {details, destination} = resolved;
  const btc = toBtc(world, rules, amount);
  const min = moneyAt(details, 'minSendable').amount;
  const max = moneyAt(details, 'maxSendable').amount;
  if (btc >= toUnits(min) && btc <= toUnits(max)) return;
  throw new ProblemError(
    'AMOUNT_OUT_OF_RANGE',
    `${destination} accepts ${min} to ${max} BTC; ${amount.amount} ${amount.currency} is ${money(btc, 'BTC').amount} BTC.`,
  );
}

export const createLnurlLnAddressPaymentQuote: Handler<'createLnurlLnAddressPaymentQuote'> = (call, world) => {
  checkMoney(call.body.amount);
  const rules = quoteRulesAt(call.apiVersion);
  const resolved = resolveLnurl(world, call.body.destination, 'destination');
  const amount = moneyOf(call.body.amount);
  checkSendable(world, rules, resolved, amount);
  const {comment} = call.body;
  const commentAllowed = numberAt(resolved.details, 'commentAllowed');
  if (comment !== undefined && comment.length > commentAllowed)
    throw validationFailed({
      comment: [`Must be at most ${commentAllowed} characters: the payee's commentAllowed.`],
    });
  const example = world.example('createLnurlLnAddressPaymentQuote');
  const {preimage, paymentHash} = lightningSecret();
  return store(
    world,
    'createLnurlLnAddressPaymentQuote',
    fromExample(
      world,
      'createLnurlLnAddressPaymentQuote',
      {},
      {
        destination: resolved.destination,
        ...figures(
          world,
          rules,
          toBtc(world, rules, amount),
          sourceOf(call.body).source,
          undefined,
          sourceOf(call.body).paid,
        ),
        description: optionalStringAt(resolved.details, 'description') ?? null,
        lightning: {...lightningOf(example), paymentHash, invoiceExpiration: inSeconds(world, 600)},
        _preimage: preimage,
        lnurl: {domain: resolved.domain, lightningAddress: resolved.lightningAddress, comment: comment ?? null},
        _receiveRequestId: resolved.receiveRequestId ?? null,
      },
    ),
  );
};

export const createOnchainPaymentQuote: Handler<'createOnchainPaymentQuote'> = (call, world) => {
  checkMoney(call.body.amount);
  const rules = quoteRulesAt(call.apiVersion);
  const address = signetAddressAt(call.body.address, 'address');
  const amount = moneyOf(call.body.amount);
  // The definition's `x-minimum-amounts` of the request: under it an output is dust.
  const minimum = minimumAmountsOf(world.definition.doc, 'OnchainPaymentQuoteCreate').BTC;
  if (minimum === undefined) throw new Error('the definition gives OnchainPaymentQuoteCreate no BTC minimum');
  if (toBtc(world, rules, amount) < toUnits(minimum))
    throw new ProblemError('AMOUNT_OUT_OF_RANGE', `On-chain payments start at ${minimum} BTC.`);
  const tierName = call.body.tier ?? 'STANDARD';
  const tier = objectsAt(world.example('getOnchainTiers'), 'items').find((t) => t.tier === tierName);
  if (!tier) throw new Error(`the definition documents no on-chain tier ${tierName}`);
  return store(
    world,
    'createOnchainPaymentQuote',
    fromExample(
      world,
      'createOnchainPaymentQuote',
      {},
      {
        destination: address,
        ...figures(
          world,
          rules,
          toBtc(world, rules, amount),
          sourceOf(call.body).source,
          toUnits(moneyAt(tier, 'fee').amount),
          sourceOf(call.body).paid,
        ),
        description: null,
        onchain: {
          tier: tierName,
          feeRate: numberAt(tier, 'feeRate'),
          estimatedConfirmationMinutes: numberAt(tier, 'estimatedConfirmationMinutes'),
        },
      },
    ),
  );
};

export const getOnchainTiers: Handler<'getOnchainTiers'> = (call, world) => {
  signetAddressAt(String(call.query.address), 'address');
  return {status: 200, body: world.example('getOnchainTiers')};
};

export const getLnurlDetails: Handler<'getLnurlDetails'> = (call, world) => {
  const resolved = resolveLnurl(world, String(call.query.destination), 'destination');
  return {
    status: 200,
    body: {
      ...resolved.details,
      destination: resolved.destination,
      lightningAddress: resolved.lightningAddress,
      domain: resolved.domain,
    },
  };
};

export const executePaymentQuote: Handler<'executePaymentQuote'> = (call, world) => {
  const quote = world.find('PaymentQuote', call.params.quoteId!, call.op);
  // The payment's id travels as a member of the problem, so a client that lost the first answer
  // (a crash after executing) can fetch the payment without reading `detail`.
  const quoteId = stringAt(quote, 'id');
  const executedAs = optionalStringAt(quote, '_paymentId');
  if (executedAs)
    throw new ProblemError(
      'QUOTE_ALREADY_EXECUTED',
      `Payment quote ${quoteId} was executed as payment ${executedAs}; a quote can be executed once.`,
      {extensions: {paymentId: executedAs}},
    );
  if (Date.parse(stringAt(quote, 'expiration')) < world.clock.now()) {
    throw new ProblemError(
      'QUOTE_EXPIRED',
      `The quote expired at ${quote.expiration}. Create a new quote and execute it promptly.`,
    );
  }
  const totalAmount = moneyAt(quote, 'totalAmount');
  checkLimit(world, 'PAYMENT', totalAmount);
  world.debit(totalAmount.currency, toUnits(totalAmount.amount));
  const type = stringAt(quote, 'type');
  const template = exampleWhere(world, 'executePaymentQuote', 'type', type);
  const paymentId = world.uuid();
  const payment: JsonObject = {
    ...template,
    id: paymentId,
    quoteId,
    type,
    status: 'PENDING',
    destination: stringAt(quote, 'destination'),
    amount: moneyAt(quote, 'amount'),
    fee: moneyAt(quote, 'fee'),
    totalAmount,
    failureReason: null,
    created: world.now(),
    updated: world.now(),
  };
  if (isObject(payment.lightning)) {
    // A quote without its secret (kept by an older sandbox's state file) gets a new pair, so the proof still holds.
    const kept = optionalStringAt(quote, '_preimage');
    const secret = kept
      ? {preimage: kept, paymentHash: stringAt(objectAt(quote, 'lightning'), 'paymentHash')}
      : lightningSecret();
    payment.lightning = {...payment.lightning, paymentHash: secret.paymentHash, preimage: null};
    payment._preimage = secret.preimage;
  }
  const onchainQuote = optionalObjectAt(quote, 'onchain');
  if (onchainQuote) {
    // Broadcast at the settle step; mined, and so COMPLETED at its first confirmation, after the tier's estimate.
    payment.onchain = {txid: null, feeRate: onchainQuote.feeRate ?? null, confirmations: 0};
    payment._minedAt = world.clock.now() + numberAt(onchainQuote, 'estimatedConfirmationMinutes') * 60_000;
  }
  world.store.put('PaymentQuote', {...quote, _paymentId: paymentId});
  world.store.put('Payment', payment);
  const failureReason = claimInvoice(world, quote, paymentId) ?? optionalStringAt(quote, '_failureReason');
  const receiveRequestId = optionalStringAt(quote, '_receiveRequestId');
  settlePayment.after(world, failureReason === 'TIMEOUT' ? TIMEOUT_SECONDS * 1000 : STEP_MS, {
    paymentId,
    failureReason: failureReason ?? null,
    receiveRequestId: receiveRequestId ?? null,
  });
  return {status: 201, body: world.publicView('Payment', payment)};
};

/** A payment's end: `COMPLETED`, or `FAILED` with the quote's test-input `failureReason`. */
const settlePayment = defineStep(
  'payment.settle',
  (world, args: {paymentId: string; failureReason: string | null; receiveRequestId: string | null}) => {
    const {paymentId, failureReason, receiveRequestId} = args;
    const current = world.store.get('Payment', paymentId);
    if (current?.status !== 'PENDING') return;
    if (failureReason) {
      const paid = moneyAt(current, 'totalAmount');
      world.credit(paid.currency, toUnits(paid.amount));
      world.update('Payment', paymentId, {status: 'FAILED', failureReason}, 'payment.updated');
      return;
    }
    const onchain = optionalObjectAt(current, 'onchain');
    if (onchain) {
      // Broadcast: the transaction has its id and waits for a block; the status does not change, so no event.
      world.update('Payment', paymentId, {onchain: {...onchain, txid: hex(32)}});
      const minedAt = typeof current._minedAt === 'number' ? current._minedAt : world.clock.now();
      confirmPayment.at(world, minedAt, {paymentId});
      return;
    }
    const patch: JsonObject = {status: 'COMPLETED'};
    const lightning = optionalObjectAt(current, 'lightning');
    if (lightning) {
      const kept = optionalStringAt(current, '_preimage');
      patch.lightning = {...lightning, ...(kept ? {preimage: kept} : lightningSecret())};
      // The route cost half the fee limit: the rest of the allowance goes back to the balance.
      const fee = moneyAt(current, 'fee');
      const {currency} = fee;
      const allowance = toUnits(fee.amount);
      const paidFee = roundTo(allowance / 2n, currency, 'down');
      world.credit(currency, allowance - paidFee);
      patch.fee = money(paidFee, currency);
      patch.totalAmount = money(toUnits(moneyAt(current, 'totalAmount').amount) - (allowance - paidFee), currency);
    }
    world.update('Payment', paymentId, patch, 'payment.updated');
    // Paying a receive request's LNURL is one more payment into it, with this payment's hash.
    if (receiveRequestId) {
      const request = world.store.get('ReceiveRequest', receiveRequestId);
      // A request with an amount is credited that amount: its LNURL accepted exactly its bitcoin.
      // (One made at 1.0.0 with an amount in another currency is credited what the bitcoin is worth.)
      const sent = moneyAt(current, 'amount');
      const currency = request && stringAt(request, 'currency');
      const asked = request && optionalMoneyAt(request, 'amount');
      const credited =
        (asked?.currency === currency ? asked : undefined) ?? (currency && receivedAs(world, sent, currency));
      const paymentHash = isObject(patch.lightning) ? optionalStringAt(patch.lightning, 'paymentHash') : undefined;
      if (credited) receive(world, receiveRequestId, credited, paymentHash, sent);
    }
  },
);

/** The first block that includes an on-chain payment's transaction: its first confirmation, and `COMPLETED`. */
const confirmPayment = defineStep('payment.confirm', (world, {paymentId}: {paymentId: string}) => {
  const current = world.store.get('Payment', paymentId);
  const onchain = current && optionalObjectAt(current, 'onchain');
  if (current?.status !== 'PENDING' || !onchain) return;
  world.update(
    'Payment',
    paymentId,
    {status: 'COMPLETED', onchain: {...onchain, confirmations: ONCHAIN_CONFIRMATIONS}},
    'payment.updated',
  );
});
