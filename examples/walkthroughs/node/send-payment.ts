/**
 * Send a payment: quote a Lightning invoice, execute the quote before it expires, and wait for the payment.
 *
 *   KESTREL_API_KEY=... npx tsx examples/walkthroughs/node/send-payment.ts lntb... USD 100.00
 *
 * The second argument is the balance the payment is taken from, and the last the most it may take
 * from it, fee included, in that currency: a quote above it is not executed. Both are required, so
 * that a maximum is never read in a currency you did not mean (100 of BTC, say).
 */
import {KestrelClient, KestrelProblem, pollUntil, type Payment, type PaymentQuote} from './kestrel-client.js';
import {runMain} from './cli.js';

export interface SendPaymentOptions {
  lnInvoice: string;
  /** The balance the payment is taken from; Kestrel's default is BTC. */
  sourceCurrency?: string;
  /**
   * The most a quote's totalAmount may be, fee included, in the source currency (BTC when
   * sourceCurrency is unset): a decimal string.
   */
  maxTotal: string;
  /** Called with each quote before it is executed, to log or check the fee. */
  onQuote?: (quote: PaymentQuote) => void;
  pollIntervalMs?: number;
  /** The most status checks before giving up with a PollLimitError; default 150 (5 minutes at 2 s). */
  maxPolls?: number;
  sleep?: (ms: number) => Promise<void>;
}

export async function payLightningInvoice(client: KestrelClient, options: SendPaymentOptions): Promise<Payment> {
  const {pollIntervalMs = 2_000, maxPolls = 150, sleep} = options;
  let payment: Payment | undefined;
  // A quote that expired before it was executed is replaced once by a fresh one.
  for (let attempt = 0; !payment; attempt++) {
    const quote = await client.createLightningPaymentQuote({
      lnInvoice: options.lnInvoice,
      sourceCurrency: options.sourceCurrency,
    });
    options.onQuote?.(quote);
    // An invoice can ask for any amount: never execute more than you meant to pay.
    if (compareDecimals(quote.totalAmount.amount, options.maxTotal) > 0)
      throw new Error(
        `Quote ${quote.id} would take ${quote.totalAmount.amount} ${quote.totalAmount.currency}, more than your maximum of ${options.maxTotal}: not executed.`,
      );
    try {
      payment = await client.executePaymentQuote(quote.id);
    } catch (error) {
      if (!(error instanceof KestrelProblem && error.code === 'QUOTE_EXPIRED' && attempt === 0)) throw error;
    }
  }
  if (payment.status !== 'PENDING') return payment;
  const paymentId = payment.id;
  return pollUntil(
    () => client.getPaymentById(paymentId),
    (p) => p.status !== 'PENDING',
    {
      intervalMs: pollIntervalMs,
      maxPolls,
      sleep,
      what: `payment ${paymentId}`,
    },
  );
}

/** Compares two non-negative decimal strings exactly, as Kestrel's amounts are: -1, 0 or 1. */
export function compareDecimals(a: string, b: string): number {
  const [aWhole = '0', aFraction = ''] = a.split('.');
  const [bWhole = '0', bFraction = ''] = b.split('.');
  const places = Math.max(aFraction.length, bFraction.length);
  const scaled = (whole: string, fraction: string) => BigInt(whole + fraction.padEnd(places, '0'));
  const difference = scaled(aWhole, aFraction) - scaled(bWhole, bFraction);
  return difference > 0n ? 1 : difference < 0n ? -1 : 0;
}

runMain('send-payment', async () => {
  const [lnInvoice, sourceCurrency, maxTotal] = process.argv.slice(2);
  if (!lnInvoice || !sourceCurrency || !maxTotal || !/^\d+(\.\d+)?$/.test(maxTotal))
    throw new Error(
      'Usage: send-payment.ts <lightning invoice> <source currency> <maximum total, fee included, in the source currency, such as 100.00>',
    );
  const payment = await payLightningInvoice(new KestrelClient(), {
    lnInvoice,
    sourceCurrency,
    maxTotal,
    onQuote: (quote) =>
      console.log(
        `Quote ${quote.id}: ${quote.amount.amount} BTC to the payee, ${quote.totalAmount.amount} ${quote.totalAmount.currency} from your balance`,
      ),
  });
  console.log(`Payment ${payment.id} is ${payment.status}.`);
});
