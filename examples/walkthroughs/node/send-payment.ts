/**
 * Send a payment: quote a Lightning invoice, execute the quote before it expires, and wait for the payment.
 *
 *   KESTREL_API_KEY=... npx tsx examples/walkthroughs/node/send-payment.ts lntb... USD
 */
import {KestrelClient, KestrelProblem, pollUntil, type Payment, type PaymentQuote} from './kestrel-client.js';
import {runMain} from './cli.js';

export interface SendPaymentOptions {
  lnInvoice: string;
  /** The balance the payment is taken from; Kestrel's default is BTC. */
  sourceCurrency?: string;
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

runMain('send-payment', async () => {
  const [lnInvoice, sourceCurrency] = process.argv.slice(2);
  if (!lnInvoice) throw new Error('Usage: send-payment.ts <lightning invoice> [source currency]');
  const payment = await payLightningInvoice(new KestrelClient(), {
    lnInvoice,
    sourceCurrency,
    onQuote: (quote) =>
      console.log(
        `Quote ${quote.id}: ${quote.amount.amount} BTC to the payee, ${quote.totalAmount.amount} ${quote.totalAmount.currency} from your balance`,
      ),
  });
  console.log(`Payment ${payment.id} is ${payment.status}.`);
});
