/**
 * Initiate deposit: POST /deposits.
 * Reads KESTREL_API_BASE, KESTREL_API_KEY, FUNDING_PAYMENT_METHOD_ID from the environment. The
 * client times out, and retries a timeout or a network error with the same Idempotency-Key.
 */
import {randomUUID} from 'node:crypto';
import {KestrelClient, requireEnv} from '../kestrel-client.js';

async function main(): Promise<void> {
  // #region request
  const kestrel = new KestrelClient(); // KESTREL_API_BASE and KESTREL_API_KEY
  const fundingPaymentMethodId = requireEnv('FUNDING_PAYMENT_METHOD_ID');
  const deposit = await kestrel.request('POST', '/deposits', {
    body: {paymentMethodId: fundingPaymentMethodId, amount: {amount: '5000.00', currency: 'EUR'}, reference: 'KESTREL TOP UP NOV'},
    idempotencyKey: randomUUID(),
  });
  console.log(JSON.stringify(deposit, null, 2));
  // #endregion request
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
