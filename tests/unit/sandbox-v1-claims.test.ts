/**
 * The versioning pages, claim by claim, against a started sandbox: what /api/introduction's
 * "Releases and deprecation" says, what each note of the changelog's 2.0.0 entry says a client gets
 * at 1.0.0 and at 2.0.0 (openapi/releases/2.0.0.notes.yaml, each `it` named by the change it
 * checks), and the "Versions." bullet of docs/sandbox.md. Each claim is asked over HTTP at both
 * releases where it speaks of both; answers from `versionSender` are checked against the release
 * that served them.
 */
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {minimumAmountsOf, readReleases, resolve, type JsonObject} from '../../definition/index.ts';
import {LIGHTNING_ADDRESSES, LIGHTNING_INVOICES} from '../../sandbox/test-input-triggers.ts';
import {exchangeRequest} from './request-bodies';
import {GB_BANK_ACCOUNT, US_BANK_ACCOUNT, fundBtcByInvoice} from './sandbox-answers';
import {recordingEndpoint, type RecordingEndpoint} from './recording-endpoint';
import {waitFor} from './sandbox-process';
import {suiteSandbox} from './suite-sandbox';
import {LATEST, V1, releaseDefinition, versionSender} from './sandbox-v1';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are read field by field

const MAIN = 'sk_sandbox_claims';
const ROTATED = 'sk_sandbox_claims_rotated';
const PINNED = 'sk_sandbox_claims_pinned';
const REVERSAL = 'sk_sandbox_claims_reversal';
const HOOKS = 'sk_sandbox_claims_hooks';

const RELEASES = readReleases();
const FIRST = RELEASES[0]!;
const latestRoot = releaseDefinition(LATEST).root as Json;
const midnight = (date: string) => Date.parse(`${date}T00:00:00Z`);
const DAY_MS = 24 * 60 * 60 * 1000;

/** A decimal string as an exact fraction n / 10^k. */
const exact = (decimal: string) => {
  const [whole = '0', fraction = ''] = decimal.split('.');
  return {n: BigInt(whole + fraction), k: fraction.length};
};
type Rounding = 'down' | 'up' | 'half-up';
/** num ÷ den rounded to a whole number, as `rounding` says. */
function divide(num: bigint, den: bigint, rounding: Rounding): bigint {
  if (rounding === 'down') return num / den;
  if (rounding === 'up') return (num + den - 1n) / den;
  return (2n * num + den) / (2n * den);
}
const decimal = (units: bigint, places: number) => {
  const digits = units.toString().padStart(places + 1, '0');
  return `${digits.slice(0, -places)}.${digits.slice(-places)}`;
};
/** `a` × `b` (decimal strings) to `places` decimals. */
function product(a: string, b: string, places: number, rounding: Rounding): string {
  const x = exact(a);
  const y = exact(b);
  return decimal(divide(x.n * y.n, 10n ** BigInt(x.k + y.k - places), rounding), places);
}
/** `a` ÷ `b` (decimal strings) to `places` decimals. */
function quotient(a: string, b: string, places: number, rounding: Rounding): string {
  const x = exact(a);
  const y = exact(b);
  return decimal(divide(x.n * 10n ** BigInt(y.k + places), y.n * 10n ** BigInt(x.k), rounding), places);
}
/** Whether a rate shown with 12 decimals is `expected`, to its precision. */
const near = (rate: string, expected: number) => Math.abs(Number(rate) / expected - 1) < 1e-6;

/** The first documented request example of an operation in 1.0.0's definition. */
function requestExampleOfV1(apiPath: string): Json {
  const root = releaseDefinition(V1).root as Json;
  const deref = (node: Json, at: string): Json => resolve(root as JsonObject, node, at).node as Json;
  const body = deref(root.paths[apiPath].post.requestBody, `#/paths/${apiPath}/post/requestBody`);
  const example = deref(Object.values(body.content['application/json'].examples as Json)[0] as Json, 'example');
  return example.value;
}

describe('the versioning pages, claim by claim, at 1.0.0 and at the latest release', () => {
  const sandbox = suiteSandbox([
    '--no-rate-limit',
    '--token',
    `${MAIN}=claims`,
    '--token',
    `${ROTATED}=claims`,
    '--token',
    `${PINNED}=pinned@${V1}`,
    '--token',
    `${REVERSAL}=reversal`,
    '--token',
    `${HOOKS}=hooks`,
  ]);
  const v1 = versionSender(() => sandbox.base, MAIN, V1);
  const latest = versionSender(() => sandbox.base, MAIN, LATEST);

  /** A request as sent, for what versionSender does not show: headers, refusals, a chosen key. */
  async function send(
    version: string | undefined,
    method: string,
    apiPath: string,
    options: {token?: string; body?: unknown; key?: string} = {},
  ) {
    const {token = MAIN, body, key} = options;
    const res = await fetch(`${sandbox.base}${apiPath}`, {
      method,
      headers: {
        ...(token && {Authorization: `Bearer ${token}`}),
        ...(version && {'Kestrel-Version': version}),
        ...(body !== undefined && {'Content-Type': 'application/json'}),
        ...(method !== 'GET' && {'Idempotency-Key': key ?? crypto.randomUUID()}),
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    return {
      status: res.status,
      headers: res.headers,
      version: res.headers.get('kestrel-version'),
      replayed: res.headers.get('idempotent-replayed'),
      body: (text ? JSON.parse(text) : {}) as Json,
    };
  }
  const lifetime = (o: Json) => (Date.parse(o.expiration) - Date.parse(o.created)) / 1000;
  const eventsOf = async (sender: typeof v1, entityId: string) =>
    ((await sender('GET', '/events?%24top=100')).body.items as Json[]).filter((e) => e.data.entityId === entityId);

  describe('/api/introduction, "Releases and deprecation"', () => {
    it('"The path’s /v1 names the API, not the release": both releases answer under /v1', async () => {
      expect(new URL(sandbox.base).pathname).toBe('/v1');
      for (const version of [V1, LATEST]) {
        const answer = await send(version, 'GET', '/account/balances');
        expect([answer.status, answer.version]).toEqual([200, version]);
      }
    });

    it('"Deprecation": a deprecated release’s answer carries Deprecation as @ and Unix seconds, and Sunset as an HTTP date', async () => {
      const answer = await send(V1, 'GET', '/account/balances');
      expect(answer.headers.get('deprecation')).toBe(`@${midnight(FIRST.deprecated!) / 1000}`);
      expect(answer.headers.get('sunset')).toBe(new Date(midnight(FIRST.sunset!)).toUTCString());
    });

    it('"The sunset is at least the notice period after the deprecation": 1.0.0’s headers are that far apart', async () => {
      const answer = await send(V1, 'GET', '/account/balances');
      const deprecated = Number(answer.headers.get('deprecation')!.slice(1)) * 1000;
      const sunset = Date.parse(answer.headers.get('sunset')!);
      expect((sunset - deprecated) / DAY_MS).toBeGreaterThanOrEqual(
        latestRoot['x-api-lifecycle'].deprecationNoticeDays,
      );
    });

    it('"Payload versions": a subscription keeps its webhookVersion, the current one, whichever release reads it', async () => {
      const current = latestRoot.components.schemas.WebhookVersion.enum[0] as string;
      const made = await v1('POST', '/subscriptions', {
        webhookUrl: 'https://shop.example/hooks/kestrel',
        webhookVersion: current,
        secret: 'claims-secret-0123456789',
        eventTypes: ['invoice.created'],
      });
      expect(made.status).toBe(201);
      for (const sender of [v1, latest])
        expect((await sender('GET', `/subscriptions/${made.body.id}`)).body.webhookVersion).toBe(current);
      await latest('DELETE', `/subscriptions/${made.body.id}`);
    });
  });

  describe('the changelog’s 2.0.0 entry', () => {
    it('enum-value-added PayoutStatus: a payout past its expiration ends EXPIRED with payout.updated and no longer holds its originator and bank account; at 1.0.0 it stays NEW, holding them, without that event', async () => {
      const method = (await v1('POST', '/payment-methods/bank', US_BANK_ACCOUNT)).body;
      const originator = (
        await v1('POST', '/payout-originators', {
          type: 'BUSINESS',
          name: 'Acme',
          address: {line1: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'US'},
        })
      ).body;
      const payout = (
        await v1('POST', '/payouts', {
          paymentMethodId: method.id,
          originatorId: originator.id,
          amount: {amount: '5.00', currency: 'USD'},
          sourceCurrency: 'BTC',
          reference: 'CLAIMS PAYOUT',
        })
      ).body;
      await sandbox.advance(lifetime(payout) + 2);
      expect((await v1('GET', `/payouts/${payout.id}`)).body.status).toBe('NEW');
      expect((await latest('GET', `/payouts/${payout.id}`)).body.status).toBe('EXPIRED');
      expect((await eventsOf(latest, payout.id)).map((e) => [e.eventType, e.data.changes.includes('status')])).toEqual([
        ['payout.updated', true],
      ]);
      expect(await eventsOf(v1, payout.id)).toEqual([]);
      const heldThen = await v1('DELETE', `/payout-originators/${originator.id}`);
      expect([heldThen.status, heldThen.body.code]).toEqual([409, 'PAYOUT_ORIGINATOR_IN_USE']);
      const methodThen = await v1('DELETE', `/payment-methods/bank/${method.id}`);
      expect([methodThen.status, methodThen.body.code]).toEqual([409, 'PAYMENT_METHOD_IN_USE']);
      expect((await latest('DELETE', `/payout-originators/${originator.id}`)).status).toBe(204);
      expect((await latest('DELETE', `/payment-methods/bank/${method.id}`)).status).toBe(204);
    });

    it('enum-value-added CurrencyExchangeQuoteStatus: a quote past its expiration ends EXPIRED with currency-exchange-quote.updated; at 1.0.0 it stays NEW without that event', async () => {
      const quote = (await v1('POST', '/currency-exchange-quotes', exchangeRequest('BTC', 'USD', '0.00100000'))).body;
      await sandbox.advance(lifetime(quote) + 2);
      expect((await v1('GET', `/currency-exchange-quotes/${quote.id}`)).body.status).toBe('NEW');
      expect((await latest('GET', `/currency-exchange-quotes/${quote.id}`)).body.status).toBe('EXPIRED');
      expect((await eventsOf(latest, quote.id)).map((e) => e.eventType)).toEqual(['currency-exchange-quote.updated']);
      expect(await eventsOf(v1, quote.id)).toEqual([]);
    });

    it('response-field-removed ReceiveRequest lnInvoice: a receive request presents lnurl and onchainAddress, no lnInvoice; at 1.0.0 its BOLT11 lnInvoice', async () => {
      const body = {currency: 'BTC', amount: {amount: '0.00020000', currency: 'BTC'}};
      const now = (await latest('POST', '/receive-requests', body)).body;
      expect(now.lnurl).toMatch(/^LNURL1/);
      expect(typeof now.onchainAddress).toBe('string');
      expect(now).not.toHaveProperty('lnInvoice');
      const then = (await v1('POST', '/receive-requests', body)).body;
      expect(then.lnInvoice).toMatch(/^lntbs/);
      expect(then).not.toHaveProperty('lnurl');
    });

    it('response-field-removed ReceiveRequest lnInvoice, second paragraph: an amount in another currency than the request’s is refused with 422 VALIDATION_FAILED; 1.0.0 takes it', async () => {
      const body = {currency: 'BTC', amount: {amount: '25.00', currency: 'USD'}};
      const now = await latest('POST', '/receive-requests', body);
      expect([now.status, now.body.code]).toEqual([422, 'VALIDATION_FAILED']);
      expect((await v1('POST', '/receive-requests', body)).status).toBe(201);
    });

    it('pattern-changed BalanceAmount amount: available and total may be negative after a deposit reversed once spent; never below zero at 1.0.0', async () => {
      const send = versionSender(() => sandbox.base, REVERSAL, LATEST);
      const method = (await send('POST', '/payment-methods/bank', GB_BANK_ACCOUNT)).body;
      await send('POST', '/deposits', {paymentMethodId: method.id, amount: {amount: '100.00', currency: 'GBP'}});
      await sandbox.advance(5);
      const spent = (await send('POST', '/currency-exchange-quotes', exchangeRequest('GBP', 'BTC', '99.00'))).body;
      expect((await send('POST', `/currency-exchange-quotes/${spent.id}/execute`)).status).toBe(200);
      await sandbox.advance(6);
      const gbp = (body: Json) => body.items.find((b: Json) => b.currency === 'GBP');
      const now = gbp((await send('GET', '/account/balances')).body);
      expect([now.available.amount, now.total.amount].map((a: string) => a.startsWith('-'))).toEqual([true, true]);
      const then = gbp((await versionSender(() => sandbox.base, REVERSAL, V1)('GET', '/account/balances')).body);
      expect([then.available.amount, then.total.amount]).toEqual(['0.00', '0.00']);
    });

    it('error-code-added AMOUNT_OUT_OF_RANGE: an exchange under its currency’s x-minimum-amounts answers 422 AMOUNT_OUT_OF_RANGE; 1.0.0 quotes it', async () => {
      const minimum = minimumAmountsOf(latestRoot as JsonObject, 'CurrencyExchangeQuoteCreate').USD!;
      const under = decimal(exact(minimum).n / 2n, exact(minimum).k);
      const body = {sourceCurrency: 'USD', targetCurrency: 'BTC', amount: {amount: under, currency: 'USD'}};
      const now = await latest('POST', '/currency-exchange-quotes', body);
      expect([now.status, now.body.code]).toEqual([422, 'AMOUNT_OUT_OF_RANGE']);
      expect((await v1('POST', '/currency-exchange-quotes', body)).status).toBe(201);
    });

    it('declared pricing CurrencyExchangeQuote rate: buying bitcoin is priced at the ask, selling at the bid, two other currencies spend both spreads; 1.0.0 priced at the mid', async () => {
      const tickers = (await latest('GET', '/rates/ticker')).body.items as Json[];
      const price = (currency: string, field: 'mid' | 'bid' | 'ask') =>
        currency === 'BTC' ? 1 : Number(tickers.find((t) => t.quoteCurrency === currency)![field]);
      const pairs = [
        ['USD', 'BTC', '100.00'],
        ['BTC', 'USD', '0.00100000'],
        ['USD', 'EUR', '100.00'],
      ] as const;
      for (const [from, to, amount] of pairs) {
        const body = {sourceCurrency: from, targetCurrency: to, amount: {amount, currency: from}};
        const now = (await latest('POST', '/currency-exchange-quotes', body)).body;
        expect(near(now.rate, price(to, 'bid') / price(from, 'ask')), `${from}->${to} ${now.rate}`).toBe(true);
        const then = (await v1('POST', '/currency-exchange-quotes', body)).body;
        expect(near(then.rate, price(to, 'mid') / price(from, 'mid')), `${from}->${to} ${then.rate}`).toBe(true);
        expect(near(then.rate, Number(now.rate))).toBe(false);
      }
    });

    it('declared pricing PaymentQuote exchangeRate: a payment quote from USD has exchangeRate 1 ÷ the ask; 1 ÷ the mid at 1.0.0', async () => {
      const usd = ((await latest('GET', '/rates/ticker')).body.items as Json[]).find((t) => t.quoteCurrency === 'USD')!;
      const body = {lnInvoice: LIGHTNING_INVOICES.pays, sourceCurrency: 'USD'};
      expect(
        near((await latest('POST', '/payment-quotes/lightning', body)).body.exchangeRate, 1 / Number(usd.ask)),
      ).toBe(true);
      expect(near((await v1('POST', '/payment-quotes/lightning', body)).body.exchangeRate, 1 / Number(usd.mid))).toBe(
        true,
      );
    });

    it('declared rounding PaymentQuote: what you pay is rounded up and what a payee receives down, from the rate shown; 1.0.0 rounded half up', async () => {
      let told = 0;
      for (const [sender, pay, receive] of [
        [latest, 'up', 'down'],
        [v1, 'half-up', 'half-up'],
      ] as const) {
        // What the bitcoin costs from USD: totalAmount − fee = amount ÷ exchangeRate, rounded as paid.
        const paying = (
          await sender('POST', '/payment-quotes/lightning', {lnInvoice: LIGHTNING_INVOICES.pays, sourceCurrency: 'USD'})
        ).body;
        const cost = decimal(exact(paying.totalAmount.amount).n - exact(paying.fee.amount).n, 2);
        expect(cost).toBe(quotient(paying.amount.amount, paying.exchangeRate, 2, pay));
        if (quotient(paying.amount.amount, paying.exchangeRate, 2, 'down') !== cost) told++;
        // What the payee receives for 5.00 USD: amount × exchangeRate, rounded as received.
        const receiving = (
          await sender('POST', '/payment-quotes/lnurl', {
            destination: LIGHTNING_ADDRESSES.pays,
            amount: {amount: '5.00', currency: 'USD'},
          })
        ).body;
        expect(receiving.amount.amount).toBe(product('5.00', receiving.exchangeRate, 8, receive));
      }
      // The cost differs from rounding down at least once: the check tells the roundings apart.
      expect(told).toBeGreaterThan(0);
    });

    it('declared rounding PaymentQuote, its last sentence: an exchange quote’s target was already rounded down, so it is at 1.0.0 too', async () => {
      let halfUpDiffers = 0;
      for (const amount of ['0.01234567', '0.00098765', '0.00333333', '0.00777777', '0.00054321']) {
        const body = {sourceCurrency: 'BTC', targetCurrency: 'USD', amount: {amount, currency: 'BTC'}};
        for (const sender of [v1, latest]) {
          const quote = (await sender('POST', '/currency-exchange-quotes', body)).body;
          const net = decimal(exact(amount).n - exact(quote.fee.amount).n, 8);
          expect(quote.target.amount).toBe(product(net, quote.rate, 2, 'down'));
          if (product(net, quote.rate, 2, 'half-up') !== quote.target.amount) halfUpDiffers++;
        }
      }
      // Rounding half up would have given another target at least once: the check tells them apart.
      expect(halfUpDiffers).toBeGreaterThan(0);
    });

    describe('with one endpoint that acknowledges and one that fails', () => {
      let acknowledging: RecordingEndpoint;
      let failing: RecordingEndpoint;
      const hooks = versionSender(() => sandbox.base, HOOKS, LATEST);
      const hooksV1 = versionSender(() => sandbox.base, HOOKS, V1);
      let eventId = '';
      beforeAll(async () => {
        acknowledging = await recordingEndpoint(204);
        failing = await recordingEndpoint(500);
        for (const e of [acknowledging, failing]) {
          await hooks('POST', '/subscriptions', {
            webhookUrl: e.url,
            webhookVersion: latestRoot.components.schemas.WebhookVersion.enum[0],
            secret: 'claims-hooks-secret-0123456789',
            eventTypes: ['invoice.created'],
          });
        }
        await hooks('POST', '/invoices', {amount: {amount: '3.00', currency: 'USD'}});
        await waitFor('both deliveries', async () => acknowledging.bodies.length > 0 && failing.bodies.length > 0);
        eventId = JSON.parse(acknowledging.bodies[0]!).id;
      });
      afterAll(async () => {
        for (const e of [acknowledging, failing]) await e?.close();
      });

      it('response-field-added Event deliveries: each subscription’s delivery with its status, attempts, last and next attempt; none at 1.0.0', async () => {
        const now = (await hooks('GET', `/events/${eventId}`)).body;
        expect(now.deliveries).toHaveLength(2);
        for (const delivery of now.deliveries)
          expect(Object.keys(delivery)).toEqual(
            expect.arrayContaining(['subscriptionId', 'status', 'attempts', 'lastAttempt', 'nextAttempt']),
          );
        expect((await hooksV1('GET', `/events/${eventId}`)).body).not.toHaveProperty('deliveries');
      });

      it('declared delivery-semantics Event deliverySuccess: deliverySuccess eq false finds an event one endpoint missed though another acknowledged it; not at 1.0.0', async () => {
        const missed = '/events?%24filter=deliverySuccess%20eq%20false';
        const ids = async (sender: typeof v1) => ((await sender('GET', missed)).body.items as Json[]).map((e) => e.id);
        expect(await ids(hooks)).toContain(eventId);
        expect(await ids(hooksV1)).not.toContain(eventId);
      });
    });

    it('declared kept-answers IdempotencyKey outcomes: a retry of a refusal or a 404 with the same key runs again; 1.0.0 kept them', async () => {
      const fixed = {amount: {amount: '4.00', currency: 'USD'}};
      const key = crypto.randomUUID();
      expect((await send(LATEST, 'POST', '/invoices', {body: {}, key})).body.code).toBe('VALIDATION_FAILED');
      const ran = await send(LATEST, 'POST', '/invoices', {body: fixed, key});
      expect([ran.status, ran.replayed]).toEqual([201, null]);

      const keyThen = crypto.randomUUID();
      expect((await send(V1, 'POST', '/invoices', {body: {}, key: keyThen})).body.code).toBe('VALIDATION_FAILED');
      const again = await send(V1, 'POST', '/invoices', {body: {}, key: keyThen});
      expect([again.status, again.body.code, again.replayed]).toEqual([422, 'VALIDATION_FAILED', 'true']);
      const refused = await send(V1, 'POST', '/invoices', {body: fixed, key: keyThen});
      expect([refused.status, refused.body.code]).toEqual([409, 'IDEMPOTENCY_KEY_REUSED']);

      const unknown = `/invoices/${crypto.randomUUID()}/quote`;
      for (const [version, replayed] of [
        [LATEST, null],
        [V1, 'true'],
      ] as const) {
        const notFoundKey = crypto.randomUUID();
        expect((await send(version, 'POST', unknown, {key: notFoundKey})).status).toBe(404);
        const retry = await send(version, 'POST', unknown, {key: notFoundKey});
        expect([retry.status, retry.body.code, retry.replayed]).toEqual([404, 'INVOICE_NOT_FOUND', replayed]);
      }
    });

    it('declared body-comparison IdempotencyKey bodyComparison: the same body with its keys in another order replays; it answered 409 IDEMPOTENCY_KEY_REUSED at 1.0.0', async () => {
      const body = '{"amount": {"amount": "6.00", "currency": "USD"}}';
      const reordered = '{"amount":{"currency":"USD","amount":"6.00"}}';
      for (const [version, expected] of [
        [LATEST, [201, 'true']],
        [V1, [409, null]],
      ] as const) {
        const key = crypto.randomUUID();
        expect((await send(version, 'POST', '/invoices', {body, key})).status).toBe(201);
        const retry = await send(version, 'POST', '/invoices', {body: reordered, key});
        expect([retry.status, retry.replayed], version).toEqual(expected);
      }
    });

    it('declared key-scope IdempotencyKey (every version): a retry with another API key of the same account replays, at 1.0.0 too', async () => {
      for (const version of [V1, LATEST]) {
        const key = crypto.randomUUID();
        const body = {amount: {amount: '8.00', currency: 'USD'}};
        const first = await send(version, 'POST', '/invoices', {body, key});
        const rotated = await send(version, 'POST', '/invoices', {token: ROTATED, body, key});
        expect([rotated.status, rotated.replayed, rotated.body.id]).toEqual([201, 'true', first.body.id]);
      }
    });

    // The declared lifecycle fix (a paid BOLT11 invoice is refused at every version) is checked,
    // with what a second executed quote does, in sandbox-v1-shapes.test.ts.
    it('declared validation LightningPaymentQuoteCreate lnInvoice and OnchainPaymentQuoteCreate address (every version): 1.0.0’s own mainnet examples answer 422 VALIDATION_FAILED naming the field and its network, at 1.0.0 too', async () => {
      for (const [apiPath, field] of [
        ['/payment-quotes/lightning', 'lnInvoice'],
        ['/payment-quotes/onchain', 'address'],
      ] as const) {
        const example = requestExampleOfV1(apiPath);
        expect(String(example[field])).toMatch(/^(lnbc|bc1)/);
        for (const sender of [v1, latest]) {
          const refused = await sender('POST', apiPath, example);
          expect([refused.status, refused.body.code]).toEqual([422, 'VALIDATION_FAILED']);
          expect(refused.body.validationErrors[field].join(' ')).toMatch(/mainnet .*signet/);
        }
      }
    });

    it('response-field-added Problem paymentId: executing a quote twice names the payment in paymentId; 1.0.0 has no such member', async () => {
      await fundBtcByInvoice(v1, sandbox.advance);
      const quote = (await latest('POST', '/payment-quotes/lightning', {lnInvoice: LIGHTNING_INVOICES.pays})).body;
      const payment = (await latest('POST', `/payment-quotes/${quote.id}/execute`)).body;
      const now = await latest('POST', `/payment-quotes/${quote.id}/execute`);
      expect([now.status, now.body.code, now.body.paymentId]).toEqual([409, 'QUOTE_ALREADY_EXECUTED', payment.id]);
      const then = await v1('POST', `/payment-quotes/${quote.id}/execute`);
      expect([then.status, then.body.code]).toEqual([409, 'QUOTE_ALREADY_EXECUTED']);
      expect(then.body).not.toHaveProperty('paymentId');
    });

    it('response-header-added WWW-Authenticate: a 401 and a 403 carry it', async () => {
      const unknown = await send(LATEST, 'GET', '/invoices', {token: 'sk_sandbox_nobody'});
      expect(unknown.status).toBe(401);
      expect(unknown.headers.get('www-authenticate')).toMatch(/^Bearer realm="kestrel", error="invalid_token"/);
      const issued = await fetch(`${sandbox.origin}/_sandbox/tokens`, {
        method: 'POST',
        headers: {'Content-Type': 'application/json'},
        body: JSON.stringify({account: 'claims', scopes: ['partner.invoice.read']}),
      });
      const {accessToken} = (await issued.json()) as {accessToken: string};
      const denied = await send(LATEST, 'POST', '/invoices', {
        token: accessToken,
        body: {amount: {amount: '1.00', currency: 'USD'}},
      });
      expect(denied.status).toBe(403);
      expect(denied.headers.get('www-authenticate')).toMatch(/error="insufficient_scope"/);
    });

    it('response-header-added Idempotent-Replayed: a replayed 201 carries Idempotent-Replayed: true', async () => {
      const key = crypto.randomUUID();
      const body = {amount: {amount: '9.00', currency: 'USD'}};
      expect((await send(LATEST, 'POST', '/invoices', {body, key})).replayed).toBeNull();
      const retry = await send(LATEST, 'POST', '/invoices', {body, key});
      expect([retry.status, retry.replayed]).toEqual([201, 'true']);
    });
  });

  describe('docs/sandbox.md, "Versions."', () => {
    it('"A request picks one with Kestrel-Version; without it, its account’s pinned version applies"', async () => {
      expect((await send(undefined, 'GET', '/invoices', {token: PINNED})).version).toBe(V1);
      expect((await send(LATEST, 'GET', '/invoices', {token: PINNED})).version).toBe(LATEST);
      expect((await send(undefined, 'GET', '/invoices')).version).toBe(LATEST);
    });

    it('"Every answer names the version that served it in Kestrel-Version": refusals too, and a replay the version of its first request', async () => {
      for (const version of [V1, LATEST]) {
        expect((await send(version, 'GET', `/invoices/${crypto.randomUUID()}`)).version).toBe(version);
        expect((await send(version, 'GET', '/invoices', {token: 'sk_sandbox_nobody'})).version).toBe(version);
      }
      const key = crypto.randomUUID();
      const body = {amount: {amount: '2.00', currency: 'USD'}};
      await send(V1, 'POST', '/invoices', {body, key});
      const retry = await send(LATEST, 'POST', '/invoices', {body, key});
      expect([retry.replayed, retry.version]).toEqual(['true', V1]);
    });

    it('"A deprecated version’s answers carry Deprecation and Sunset": 1.0.0’s do, the latest release’s do not', async () => {
      const then = await send(V1, 'GET', '/invoices');
      expect([then.headers.has('deprecation'), then.headers.has('sunset')]).toEqual([true, true]);
      const now = await send(LATEST, 'GET', '/invoices');
      expect([now.headers.get('deprecation'), now.headers.get('sunset')]).toEqual([null, null]);
    });

    it('"Requests are validated against that version’s definition": an invoice in capitals is taken now, refused at 1.0.0', async () => {
      const capitals = {lnInvoice: LIGHTNING_INVOICES.pays.toUpperCase()};
      expect((await send(LATEST, 'POST', '/payment-quotes/lightning', {body: capitals})).status).toBe(201);
      const then = await send(V1, 'POST', '/payment-quotes/lightning', {body: capitals});
      expect([then.status, Object.keys(then.body.validationErrors)]).toEqual([422, ['lnInvoice']]);
    });

    it('"An unknown version answers API_VERSION_UNSUPPORTED, listing the versions served"', async () => {
      const refused = await send('9.9.9', 'GET', '/invoices');
      expect([refused.status, refused.body.code]).toEqual([400, 'API_VERSION_UNSUPPORTED']);
      expect(refused.body.detail).toContain(RELEASES.map((r) => r.version).join(', '));
    });

    it('"It serves each release in the changelog until its sunset", and one past its sunset on the sandbox’s clock answers API_VERSION_UNSUPPORTED', async () => {
      for (const release of RELEASES) expect((await send(release.version, 'GET', '/invoices')).status).toBe(200);
      const clock = (await (await fetch(`${sandbox.origin}/_sandbox/clock`)).json()) as {now: string};
      await sandbox.advance(Math.ceil((midnight(FIRST.sunset!) - Date.parse(clock.now)) / 1000) + 1);
      const gone = await send(V1, 'GET', '/invoices');
      expect([gone.status, gone.body.code]).toEqual([400, 'API_VERSION_UNSUPPORTED']);
      expect(gone.body.detail).toContain(`reached its sunset on ${FIRST.sunset}`);
      expect((await send(LATEST, 'GET', '/invoices')).status).toBe(200);
    });
  });
});
