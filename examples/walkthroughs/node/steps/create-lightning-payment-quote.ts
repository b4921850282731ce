/**
 * Create Lightning payment quote: POST /payment-quotes/lightning.
 * Reads KESTREL_API_BASE, KESTREL_API_KEY, LN_INVOICE from the environment. The client times out,
 * and retries a timeout or a network error with the same Idempotency-Key.
 */
import {randomUUID} from 'node:crypto';
import {KestrelClient, requireEnv} from '../kestrel-client.js';

async function main(): Promise<void> {
  // #region request
  const kestrel = new KestrelClient(); // KESTREL_API_BASE and KESTREL_API_KEY
  const lnInvoice = requireEnv('LN_INVOICE');
  const quote = await kestrel.request('POST', '/payment-quotes/lightning', {
    body: {lnInvoice, sourceCurrency: 'USD'},
    idempotencyKey: randomUUID(),
  });
  console.log(JSON.stringify(quote, null, 2));
  // #endregion request
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
