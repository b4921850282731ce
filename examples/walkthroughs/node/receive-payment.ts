/**
 * Receive a payment: issue an invoice, show the payer a Lightning invoice for it, and wait until it is PAID.
 *
 *   KESTREL_API_KEY=... npx tsx examples/walkthroughs/node/receive-payment.ts 25.00 USD "Order 1042"
 *
 * A production server learns of payment from the invoice.updated webhook (see the receiver in
 * examples/webhooks/node/server.ts); polling find-invoice-by-id, as here, is the fallback when a
 * webhook is late.
 */
import {
  KestrelClient,
  KestrelProblem,
  PollLimitError,
  delay,
  type Invoice,
  type InvoiceQuote,
  type Money,
} from './kestrel-client.js';
import {runMain} from './cli.js';

export interface ReceivePaymentOptions {
  amount: Money;
  description?: string;
  /** Called with each Lightning invoice to show the payer (a new one when the last expires). */
  onQuote?: (quote: InvoiceQuote) => void;
  pollIntervalMs?: number;
  /**
   * How long an UNPAID invoice may wait before it is cancelled. The default, 30 minutes, outlives the
   * first quote (15 minutes), so an unpaid invoice is quoted again once before it is cancelled.
   */
  timeoutMs?: number;
  /** The most status checks, PENDING ones included, before giving up with a PollLimitError; default 400. */
  maxPolls?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

export async function receivePayment(client: KestrelClient, options: ReceivePaymentOptions): Promise<Invoice> {
  const {pollIntervalMs = 5_000, timeoutMs = 30 * 60_000, maxPolls = 400, sleep = delay, now = Date.now} = options;
  const onQuote = options.onQuote ?? (() => {});

  const invoice = await client.issueInvoice({amount: options.amount, description: options.description});
  let quote = await client.issueQuoteForInvoice(invoice.id);
  onQuote(quote);
  const deadline = now() + timeoutMs;

  for (let poll = 1; poll <= maxPolls; poll++) {
    const current = await client.findInvoiceById(invoice.id);
    if (current.status === 'PAID' || current.status === 'CANCELLED') return current;
    // PENDING: the payment is on its way; keep waiting past the deadline, up to maxPolls.
    if (current.status === 'UNPAID') {
      if (now() >= deadline) return cancelIfUnpaid(client, invoice.id);
      if (Date.parse(quote.expiration) <= now()) {
        quote = await client.issueQuoteForInvoice(invoice.id);
        onQuote(quote);
      }
    }
    await sleep(pollIntervalMs);
  }
  throw new PollLimitError(`invoice ${invoice.id}`, maxPolls);
}

/** The payer may pay between the last check and the cancel: then Kestrel refuses it and the invoice is read again. */
async function cancelIfUnpaid(client: KestrelClient, invoiceId: string): Promise<Invoice> {
  try {
    return await client.cancelUnpaidInvoice(invoiceId);
  } catch (error) {
    if (error instanceof KestrelProblem && error.code === 'INVOICE_NOT_CANCELLABLE')
      return client.findInvoiceById(invoiceId);
    throw error;
  }
}

runMain('receive-payment', async () => {
  const [amount = '25.00', currency = 'USD', ...words] = process.argv.slice(2);
  const invoice = await receivePayment(new KestrelClient(), {
    amount: {amount, currency},
    description: words.join(' ') || 'Example order',
    onQuote: (quote) =>
      console.log(
        `Pay ${quote.amount.amount} ${quote.amount.currency} before ${quote.expiration}:\n${quote.lnInvoice}\n`,
      ),
  });
  console.log(`Invoice ${invoice.id} is ${invoice.status}.`);
});
