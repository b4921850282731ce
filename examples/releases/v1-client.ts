/**
 * A client written from release 1.0.0 of the Kestrel API alone, as an integration built in its
 * time would be: it pins the release it was written for with `Kestrel-Version`, and reads only
 * fields 1.0.0 defines. It creates a receive request and shows its Lightning invoice (`lnInvoice`),
 * waits for a payment, exchanges part of it, reads the balances and creates a payout.
 *
 *   KESTREL_API_BASE=http://localhost:4010/v1 KESTREL_API_KEY=sk_sandbox_... node examples/releases/v1-client.ts
 *
 * `KESTREL_VERSION` sends another release instead of 1.0.0 (to see where this code breaks). On a
 * field 1.0.0 promises and the answer lacks, it exits 1 naming the field.
 */
import {randomUUID} from 'node:crypto';

/** Money as 1.0.0 writes it: a non-negative decimal string and its currency. */
interface Money {
  amount: string;
  currency: string;
}
interface ReceiveRequest {
  id: string;
  lnInvoice: string;
  onchainAddress: string;
  totalReceived: Money;
}
interface CurrencyExchangeQuote {
  id: string;
  status: 'NEW' | 'PENDING' | 'COMPLETED' | 'FAILED';
  source: Money;
  target: Money;
}
interface AccountBalance {
  currency: string;
  available: Money;
  pending: Money;
  total: Money;
}
interface Payout {
  id: string;
  status: 'NEW' | 'INITIATED' | 'PENDING' | 'COMPLETED' | 'FAILED';
  sourceAmount: Money;
}

/** 1.0.0's patterns of a BOLT11 invoice and of a `Money` amount. */
const BOLT11 = /^(lnbc|lntbs|lntb|lnbcrt)[0-9]*[munp]?1[02-9ac-hj-np-z]+$/;
const AMOUNT = /^(0|[1-9][0-9]{0,14})(\.[0-9]{1,8})?$/;

const base = process.env.KESTREL_API_BASE ?? 'http://localhost:4010/v1';
const apiKey = process.env.KESTREL_API_KEY ?? 'sk_sandbox_v1_client';
const version = process.env.KESTREL_VERSION ?? '1.0.0';

class MissingField extends Error {}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${apiKey}`,
      'Kestrel-Version': version,
      // Every change carries a key of its own: a retry of this call would send the same one.
      ...(method !== 'GET' && {'Idempotency-Key': randomUUID()}),
      ...(body !== undefined && {'Content-Type': 'application/json'}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** A field 1.0.0 requires, checked as the client reads it. */
function field<T>(value: T | undefined, name: string, valid: (v: T) => boolean): T {
  if (value === undefined || !valid(value)) throw new MissingField(`the answer's ${name} is ${JSON.stringify(value)}`);
  return value;
}

const amountOf = (m: Money | undefined, name: string) =>
  field(m?.amount, `${name}.amount`, (a) => typeof a === 'string' && AMOUNT.test(a));

async function main(): Promise<void> {
  const request = await call<ReceiveRequest>('POST', '/receive-requests', {
    currency: 'BTC',
    amount: {amount: '0.00020000', currency: 'BTC'},
    description: 'Tip jar',
  });
  const lnInvoice = field(request.lnInvoice, 'lnInvoice', (v) => BOLT11.test(v));
  console.log(`Pay ${lnInvoice} (or on-chain to ${request.onchainAddress})`);

  // The receive request's totalReceived grows when a payment is credited.
  let received = '0';
  for (const deadline = Date.now() + 20_000; Number(received) === 0;) {
    if (Date.now() > deadline) throw new Error(`no payment reached receive request ${request.id}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
    const current = await call<ReceiveRequest>('GET', `/receive-requests/${request.id}`);
    received = amountOf(current.totalReceived, 'totalReceived');
  }
  console.log(`Received ${received} BTC`);

  const quote = await call<CurrencyExchangeQuote>('POST', '/currency-exchange-quotes', {
    sourceCurrency: 'BTC',
    targetCurrency: 'USD',
    amount: {amount: '0.00010000', currency: 'BTC'},
  });
  const executed = await call<CurrencyExchangeQuote>('POST', `/currency-exchange-quotes/${quote.id}/execute`);
  field(executed.status, 'status', (s) => ['PENDING', 'COMPLETED', 'FAILED'].includes(s));
  console.log(`Exchanging ${amountOf(quote.source, 'source')} BTC for ${amountOf(quote.target, 'target')} USD`);

  const balances = await call<{items: AccountBalance[]}>('GET', '/account/balances');
  for (const b of balances.items) console.log(`${b.currency}: ${amountOf(b.available, 'available')} available`);

  const method = await call<{id: string}>('POST', '/payment-methods/bank', {
    currency: 'USD',
    country: 'US',
    accountHolderName: 'Acme Coffee',
    accountHolderType: 'BUSINESS',
    bankCode: '021000021',
    accountNumber: '000123456789',
  });
  const payout = await call<Payout>('POST', '/payouts', {
    paymentMethodId: method.id,
    amount: {amount: '1.00', currency: 'USD'},
    sourceCurrency: 'BTC',
    reference: 'TIPS',
  });
  field(payout.status, 'status', (s) => s === 'NEW');
  console.log(`Payout ${payout.id} costs ${amountOf(payout.sourceAmount, 'sourceAmount')} BTC`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
