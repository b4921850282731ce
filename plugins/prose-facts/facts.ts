/**
 * The named facts that guide prose and the API definition's own descriptions state (render.ts,
 * definition.ts), each rendered from the one place it lives: the API definition's extensions
 * (`x-rate-limit`, `x-webhook-delivery`, `x-webhook-signature`, `x-events`, `x-idempotency`, `x-fee`
 * and `x-minimum-amounts`, read through definition/index.ts) for what is part of the API contract,
 * and sandbox/ for what only the local sandbox decides (its rate limit, timings, address and test
 * inputs: sandbox/test-input-triggers.ts). The holds of quotes and payouts come from each create
 * operation's documented example, which the sandbox reads too; each error code's status
 * (`status.CODE`) from the error catalogue, `x-error-catalogue`; the bounds a schema states
 * (`constraint.NAME`) from the schema (./constraint-facts.ts). A page writes `%fact:NAME%` where a
 * fact goes (render.ts), so a change at the source changes every page, its Markdown twin, the
 * search index and what the MCP server reads, with no other edit.
 */
import {
  errorStatus,
  exampleLifetimeOf,
  exchangeFeePercentOf,
  loadDefinition,
  minimumAmountsOf,
  minutesInWords,
  webhookDeliveryOf,
  webhookSignatureOf,
  type ApiDefinition,
} from '../../definition/index.ts';
import {
  LOCAL_SANDBOX_BASE_PATH,
  LOCAL_SANDBOX_HOST,
  LOCAL_SANDBOX_PORT,
  localSandboxOrigin,
} from '../../sandbox/local-sandbox.mjs';
import {SANDBOX_LIMIT, WINDOW_MS} from '../../sandbox/rate-limit-figures.ts';
import {PAY_AFTER_SECONDS, STEP_MS} from '../../sandbox/timings.ts';
import {
  AMOUNT_ENDINGS,
  BANK_ACCOUNT_ENDINGS,
  EXAMPLE_AMOUNTS,
  LIGHTNING_ADDRESSES,
  LIGHTNING_INVOICES,
  ONCHAIN_ADDRESS,
  SIMULATE_HEADER,
  SIMULATIONS,
} from '../../sandbox/test-input-triggers.ts';
import {constraintFacts} from './constraint-facts.ts';
import {TIMESTAMP_MARGIN_SECONDS} from '../../webhook-check/cases.ts';

/** The values of the sandbox's test inputs that the guides and the definition name. */
export interface TestInputValues {
  amountEndings: Readonly<Record<'expires' | 'fails', string>>;
  exampleAmounts: Readonly<Record<'expires' | 'fails', string>>;
  lightningInvoices: Readonly<Record<string, string>>;
  lightningAddresses: Readonly<Record<string, string>>;
  onchainAddress: string;
  bankAccountEndings: Readonly<Record<string, string>>;
  simulateHeader: string;
  simulations: readonly string[];
}

const TEST_INPUT_VALUES: TestInputValues = {
  amountEndings: AMOUNT_ENDINGS,
  exampleAmounts: EXAMPLE_AMOUNTS,
  lightningInvoices: LIGHTNING_INVOICES,
  lightningAddresses: LIGHTNING_ADDRESSES,
  onchainAddress: ONCHAIN_ADDRESS,
  bankAccountEndings: BANK_ACCOUNT_ENDINGS,
  simulateHeader: SIMULATE_HEADER,
  simulations: Object.keys(SIMULATIONS),
};

/**
 * The sandbox's own figures: its rate limit and window, the delay to a simulated payment, the gap
 * between statuses, where `npm run sandbox` listens, and its test inputs.
 */
interface SandboxFigures {
  limit: number;
  windowMs: number;
  payAfterSeconds: number;
  stepMs: number;
  host: string;
  port: number;
  inputs?: TestInputValues;
}

const SANDBOX_FIGURES: SandboxFigures = {
  limit: SANDBOX_LIMIT,
  windowMs: WINDOW_MS,
  payAfterSeconds: PAY_AFTER_SECONDS,
  stepMs: STEP_MS,
  host: LOCAL_SANDBOX_HOST,
  port: LOCAL_SANDBOX_PORT,
};

/** The local sandbox's address, composed as sandbox/local-sandbox.mjs composes the one it listens on. */
function localSandboxFacts({host, port}: SandboxFigures): [string, string][] {
  const origin = localSandboxOrigin(host, port);
  return [
    ['sandbox.local-url', `${origin}${LOCAL_SANDBOX_BASE_PATH}`],
    ['sandbox.local-origin', origin],
    ['sandbox.local-host', host],
    ['sandbox.local-port', String(port)],
  ];
}

/** A lifetime in the words the guides use: `30 seconds`, `60 seconds`, `5 minutes`, `1 hour`. */
function secondsInWords(seconds: number): string {
  if (seconds >= 120 && seconds % 60 === 0) return minutesInWords(seconds / 60);
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}

/** How long what a create operation fixes holds, from its documented example (definition/example-lifetime.ts). */
function holdFacts(model: ApiDefinition): [string, string][] {
  const hold = (operationId: string) => exampleLifetimeOf(model, operationId);
  // PaymentQuote's `expiration` states one hold for Lightning and LNURL quotes.
  if (hold('createLightningPaymentQuote') !== hold('createLnurlLnAddressPaymentQuote')) {
    throw new Error(
      `prose-facts: Lightning quotes hold ${hold('createLightningPaymentQuote')} s and LNURL quotes ` +
        `${hold('createLnurlLnAddressPaymentQuote')} s, but PaymentQuote's expiration states one hold for both`,
    );
  }
  const quotes = [
    hold('createLightningPaymentQuote'),
    hold('createLnurlLnAddressPaymentQuote'),
    hold('createOnchainPaymentQuote'),
    hold('createCurrencyExchangeQuote'),
  ];
  return [
    // In seconds too, for what moves a clock past a hold (the workflows' clock moves).
    ['hold.payout-seconds', String(hold('createAPayout'))],
    ['hold.exchange-quote-seconds', String(hold('createCurrencyExchangeQuote'))],
    ['hold.payout', secondsInWords(hold('createAPayout'))],
    ['hold.invoice-quote', secondsInWords(hold('issueQuoteForInvoice'))],
    ['hold.exchange-quote', secondsInWords(hold('createCurrencyExchangeQuote'))],
    ['hold.lightning-quote', secondsInWords(hold('createLightningPaymentQuote'))],
    ['hold.lnurl-quote', secondsInWords(hold('createLnurlLnAddressPaymentQuote'))],
    ['hold.onchain-quote', secondsInWords(hold('createOnchainPaymentQuote'))],
    // "a payment or exchange quote holds for 30 seconds to 5 minutes"
    ['hold.quote-range', `${secondsInWords(Math.min(...quotes))} to ${secondsInWords(Math.max(...quotes))}`],
  ];
}

/** `status.CODE`: the HTTP status the error catalogue (x-error-catalogue) gives each code that has one. */
function statusFacts(model: ApiDefinition): [string, string][] {
  return model.errorCodes
    .filter((c) => c.status !== undefined)
    .map((c) => [`status.${c.code}`, String(errorStatus(model.errorCodes, c.code))]);
}

/** `a, b or c`. */
const orList = (items: readonly string[]) =>
  items.length > 1 ? `${items.slice(0, -1).join(', ')} or ${items.at(-1)}` : (items[0] ?? '');

/** `camelCase` as the `kebab-case` of a fact name. */
const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** A fact per test input, `sandbox.…`: what a guide tells the reader to type to make an outcome happen. */
function testInputFacts(inputs: TestInputValues): [string, string][] {
  const each = (prefix: string, values: Readonly<Record<string, string>>) =>
    Object.entries(values).map(([key, value]): [string, string] => [`${prefix}.${kebab(key)}`, value]);
  return [
    ...each('sandbox.amount-ending', inputs.amountEndings),
    ...each('sandbox.amount', inputs.exampleAmounts),
    ...each('sandbox.ln-invoice', inputs.lightningInvoices),
    ...each('sandbox.lightning-address', inputs.lightningAddresses),
    ['sandbox.onchain-address', inputs.onchainAddress],
    ...each('sandbox.bank-ending', inputs.bankAccountEndings),
    ['sandbox.simulate-header', inputs.simulateHeader],
    // Each value of the header, and all of them as a list: `a`, `b` or `c`.
    ...inputs.simulations.map((value): [string, string] => [`sandbox.simulate.${value}`, value]),
    ['sandbox.simulations', orList(inputs.simulations.map((value) => `\`${value}\``))],
  ];
}

/** The fees and minimum amounts of the API contract: the definition's `x-fee` and `x-minimum-amounts`. */
function amountFacts(doc: ApiDefinition['document']): [string, string][] {
  const exchange = Object.entries(minimumAmountsOf(doc, 'CurrencyExchangeQuoteCreate')).map(
    ([currency, amount]) => `${amount} ${currency}`,
  );
  const onchain = minimumAmountsOf(doc, 'OnchainPaymentQuoteCreate').BTC;
  if (!onchain) throw new Error('prose-facts: OnchainPaymentQuoteCreate has no BTC in x-minimum-amounts');
  const satoshis = Number(onchain.replace('.', '')).toLocaleString('en-US');
  return [
    ['fees.exchange-percent', `${exchangeFeePercentOf(doc)}%`],
    ['minimums.exchange', orList(exchange)],
    ['minimums.onchain-btc', onchain],
    ['minimums.onchain-sats', satoshis],
  ];
}

export type Facts = ReadonlyMap<string, string>;

/** The retry schedule as a Markdown table, one row per attempt, in the words the guides use. */
function retryTable(attemptMinutes: readonly number[]): string {
  const last = attemptMinutes.length - 1;
  const rows = attemptMinutes.map((minutes, i) => {
    const when = i === 0 ? 'immediately, when the event is created' : minutesInWords(minutes);
    return `| ${i + 1} | ${i === last ? `${when}, the last attempt` : when} |`;
  });
  return ['| Attempt | Time after the first attempt |', '| --- | --- |', ...rows].join('\n');
}

/** The retry schedule as a Markdown table with one column per attempt, as the definition's introduction writes it. */
function retryTableAcross(attemptMinutes: readonly number[]): string {
  const row = (cells: readonly (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [
    row(['Attempt', ...attemptMinutes.map((_, i) => i + 1)]),
    row(['---', ...attemptMinutes.map(() => '---')]),
    row(['After', ...attemptMinutes.map((m) => (m === 0 ? 0 : minutesInWords(m)))]),
  ].join('\n');
}

/**
 * When each attempt of the retry schedule falls due after the first: `webhook.attempt-N-after` in
 * words (from the second attempt on) and `webhook.attempt-N-after-seconds`, N from 1, so that what
 * moves a clock to an attempt (the workflows) moves it by the schedule.
 */
function attemptFacts(attemptMinutes: readonly number[]): [string, string][] {
  return attemptMinutes.flatMap((minutes, i): [string, string][] => [
    ...(i > 0 ? [[`webhook.attempt-${i + 1}-after`, minutesInWords(minutes)] as [string, string]] : []),
    [`webhook.attempt-${i + 1}-after-seconds`, String(minutes * 60)],
  ]);
}

/** The fact table of a definition model and the sandbox's figures. */
export function factsOf(model: ApiDefinition, figures: Partial<SandboxFigures> = {}): Facts {
  const sandbox = {...SANDBOX_FIGURES, ...figures};
  const doc = model.document;
  const rateLimit = model.rateLimit;
  if (!rateLimit) throw new Error('prose-facts: the definition has no x-rate-limit, which the guides state');
  const delivery = webhookDeliveryOf(doc);
  const signature = webhookSignatureOf(doc);
  const minutes = delivery.attemptMinutes;
  const gaps = minutes.slice(1).map((m, i) => m - minutes[i]!);
  const toleranceMinutes = signature.toleranceSeconds / 60;
  const retentionDays = model.eventRetentionDays;
  if (!retentionDays) throw new Error('prose-facts: the definition has no x-events, whose retention the guides state');
  // The pages say "a 5-minute tolerance": a tolerance of part of a minute would need other words.
  if (!Number.isInteger(toleranceMinutes)) {
    throw new Error(
      `prose-facts: x-webhook-signature/toleranceSeconds ${signature.toleranceSeconds} is not whole minutes`,
    );
  }
  return new Map<string, string>([
    ['rate-limit.production', String(rateLimit.requestsPerWindow)],
    ['rate-limit.window-seconds', String(rateLimit.windowSeconds)],
    ['rate-limit.production-minus-one', String(rateLimit.requestsPerWindow - 1)],
    ['rate-limit.sandbox', String(sandbox.limit)],
    ['rate-limit.sandbox-minus-one', String(sandbox.limit - 1)],
    ['rate-limit.sandbox-window-seconds', String(sandbox.windowMs / 1000)],
    ['webhook.timeout-seconds', String(delivery.timeoutSeconds)],
    ['webhook.acknowledged-by', delivery.acknowledgedBy],
    ['webhook.attempts', String(minutes.length)],
    ['webhook.retry-window', minutesInWords(minutes.at(-1)!)],
    ['webhook.retry-window-seconds', String(minutes.at(-1)! * 60)],
    ...attemptFacts(minutes),
    ['webhook.first-gap', minutesInWords(gaps[0]!)],
    ['webhook.longest-gap', minutesInWords(Math.max(...gaps))],
    ['webhook.retry-table', retryTable(minutes)],
    ['webhook.retry-table-across', retryTableAcross(minutes)],
    ['webhook.secret-overlap', minutesInWords(delivery.secretRotationOverlapHours * 60)],
    ['webhook.secret-overlap-seconds', String(delivery.secretRotationOverlapHours * 3600)],
    ['events.retention-days', String(retentionDays)],
    ['events.retention-seconds', String(retentionDays * 24 * 3600)],
    // How long an Idempotency-Key keeps its answer (x-idempotency on the Idempotency-Key parameter).
    ...(model.idempotency ? [['idempotency.retention-hours', String(model.idempotency.retentionHours)] as const] : []),
    ['signature.tolerance-seconds', String(signature.toleranceSeconds)],
    ['signature.tolerance-minutes', String(toleranceMinutes)],
    // How far outside the tolerance `npm run webhooks -- check` signs its stale and future deliveries.
    ['signature.check-offset-minutes', String((signature.toleranceSeconds + TIMESTAMP_MARGIN_SECONDS) / 60)],
    ['sandbox.pay-after-seconds', String(sandbox.payAfterSeconds)],
    ['sandbox.step-seconds', String(sandbox.stepMs / 1000)],
    ...localSandboxFacts(sandbox),
    ...holdFacts(model),
    ...statusFacts(model),
    ...amountFacts(doc),
    ...constraintFacts(doc),
    ...testInputFacts(sandbox.inputs ?? TEST_INPUT_VALUES),
  ]);
}

/** The facts of the bundled definition (static/openapi.json) and the sandbox's figures. */
export function bundledFacts(): Facts {
  return factsOf(loadDefinition());
}
