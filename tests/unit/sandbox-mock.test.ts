/**
 * `npm run sandbox` for real: every operation of the definition is called with a valid request, in an
 * order that creates what later calls name (ids carried from answer to request), and each answer's
 * status and body must match what the definition documents for it. Then the answers a reader gets
 * for wrong requests, CORS for the portal, and a clean stop.
 */
import {describe, it, expect, beforeAll, afterAll} from 'vitest';
import {deref, isObject, loadBundledDefinition, operations, type Json, type JsonObject} from './openapi-definition';
import {answerProblems} from './sandbox-answers';
import {isAlive, startSandbox, type Sandbox} from './sandbox-process';

const doc = loadBundledDefinition();
const TOKEN = 'Bearer sk_sandbox_4f9c2b7e1a';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The first example of a media type or parameter: `example`, else the first named one's value. */
function firstExample(node: JsonObject): Json | undefined {
  if ('example' in node) return node.example;
  const named = isObject(node.examples) ? Object.values(node.examples)[0] : undefined;
  const {node: example} = deref(doc, named, '#');
  return isObject(example) ? structuredClone(example.value) : undefined;
}

type Entry = ReturnType<typeof operations>[number];
const ENTRIES = new Map(
  operations(doc)
    .filter((e) => e.kind === 'path')
    .map((e) => [String(e.operation.operationId), e]),
);

type Ids = Record<string, string | undefined>;
/** An example request body, changed to take earlier answers' ids (or an amount the account can pay). */
type Override = {path?: Record<string, string>; query?: Record<string, string>; body?: (example: JsonObject) => object};
/** An answer, as far as the plan reads it: a created object's id, or a list's items. The answers' shapes are what the test checks. */
type Answer = {id: string; items: {id: string}[]};

/** The order of the calls, and how each takes the ids of earlier answers instead of the examples'. */
const PLAN: [operationId: string, override: (ids: Ids) => Override][] = [
  ['issueInvoice', () => ({body: (b) => ({...b, amount: {amount: '5000.00', currency: 'USD'}})})],
  ['issueQuoteForInvoice', (ids) => ({path: {invoiceId: ids.invoice!}})],
  ['findInvoiceById', (ids) => ({path: {invoiceId: ids.invoice!}})],
  ['getInvoices', () => ({})],
  ['issueInvoiceForReceiver', () => ({})],
  ['cancelUnpaidInvoice', (ids) => ({path: {invoiceId: ids.receiverInvoice!}})],
  ['createBankPaymentMethod', () => ({})],
  ['getBankPaymentMethods', () => ({})],
  ['getBankPaymentMethodById', (ids) => ({path: {paymentMethodId: ids.method!}})],
  ['createAPayoutOriginator', () => ({})],
  ['getPayoutOriginators', () => ({})],
  ['findPayoutOriginatorById', (ids) => ({path: {originatorId: ids.originator!}})],
  ['getDepositFeeEstimate', (ids) => ({query: {paymentMethodId: ids.method!}})],
  ['initiateDeposit', (ids) => ({body: (b) => ({...b, paymentMethodId: ids.method})})],
  ['getDeposits', () => ({})],
  ['getDeposit', (ids) => ({path: {depositId: ids.deposit!}})],
  [
    'createAPayout',
    (ids) => ({body: (b) => ({...b, paymentMethodId: ids.method, amount: {amount: '100.00', currency: 'EUR'}})}),
  ],
  ['getPayouts', () => ({})],
  ['findPayoutById', (ids) => ({path: {payoutId: ids.payout!}})],
  ['createAReceiveRequest', () => ({})],
  ['getReceiveRequests', () => ({})],
  ['findReceiveRequestById', (ids) => ({path: {receiveRequestId: ids.receiveRequest!}})],
  ['getReceivesForReceiveRequest', (ids) => ({path: {receiveRequestId: ids.receiveRequest!}})],
  ['getReceivesForAllReceiveRequests', () => ({})],
  // The invoice above is paid, and the deposit settled, once the clock has moved (see the test): money for what follows.
  ['getAccountBalanceDetails', () => ({})],
  ['getCurrencyExchangeRateTickers', () => ({})],
  ['createCurrencyExchangeQuote', () => ({body: (b) => ({...b, amount: {amount: '100.00', currency: 'USD'}})})],
  ['getCurrencyExchangeQuote', (ids) => ({path: {quoteId: ids.exchangeQuote!}})],
  ['getOnchainTiers', () => ({})],
  ['getLnurlDetails', () => ({})],
  ['createLnurlLnAddressPaymentQuote', () => ({})],
  ['createOnchainPaymentQuote', () => ({body: (b) => ({...b, amount: {amount: '0.00100000', currency: 'BTC'}})})],
  ['createLightningPaymentQuote', () => ({body: (b) => ({...b, sourceCurrency: 'USD'})})],
  ['createSubscription', () => ({})],
  ['getSubscriptions', () => ({})],
  ['findSubscriptionById', (ids) => ({path: {subscriptionId: ids.subscription!}})],
  ['updateSubscription', (ids) => ({path: {subscriptionId: ids.subscription!}})],
  ['fetchPublicAccountProfileInfoByHandle', () => ({})],
  ['fetchPublicAccountProfileInfoById', () => ({})],
  ['fetchLoggedInAccountLimits', () => ({})],
  ['executeCurrencyExchangeQuote', (ids) => ({path: {quoteId: ids.exchangeQuote!}})],
  ['executePaymentQuote', (ids) => ({path: {quoteId: ids.paymentQuote!}})],
  ['getPaymentById', (ids) => ({path: {paymentId: ids.payment!}})],
  ['initiateAPayout', (ids) => ({path: {payoutId: ids.payout!}})],
  ['getEvents', () => ({})],
  ['findEventById', (ids) => ({path: {eventId: ids.event!}})],
  ['deleteAPayoutOriginator', (ids) => ({path: {originatorId: ids.originator!}})],
  ['deleteSubscription', (ids) => ({path: {subscriptionId: ids.subscription!}})],
  ['deleteBankPaymentMethod', (ids) => ({path: {paymentMethodId: ids.spareMethod!}})],
];

/** Which id each answer provides for later calls. */
const PROVIDES: Record<string, (body: Answer, ids: Ids) => void> = {
  issueInvoice: (b, ids) => (ids.invoice = b.id),
  issueInvoiceForReceiver: (b, ids) => (ids.receiverInvoice = b.id),
  createBankPaymentMethod: (b, ids) => (ids.method = b.id),
  createAPayoutOriginator: (b, ids) => (ids.originator = b.id),
  initiateDeposit: (b, ids) => (ids.deposit = b.id),
  createAPayout: (b, ids) => (ids.payout = b.id),
  createAReceiveRequest: (b, ids) => (ids.receiveRequest = b.id),
  createCurrencyExchangeQuote: (b, ids) => (ids.exchangeQuote = b.id),
  createLightningPaymentQuote: (b, ids) => (ids.paymentQuote = b.id),
  createSubscription: (b, ids) => (ids.subscription = b.id),
  executePaymentQuote: (b, ids) => (ids.payment = b.id),
  getEvents: (b, ids) => (ids.event = b.items[0]?.id),
};

function request(entry: Entry, override: Override) {
  const {operation} = entry;
  let path = entry.name;
  const query = new URLSearchParams();
  const headers: Record<string, string> = {Authorization: TOKEN, Accept: 'application/json'};
  for (const raw of [...entry.pathParameters, ...(Array.isArray(operation.parameters) ? operation.parameters : [])]) {
    const {node: p} = deref(doc, raw, '#');
    if (!isObject(p) || (p.in !== 'path' && p.required !== true)) continue;
    const name = String(p.name);
    if (p.in === 'path')
      path = path.replace(`{${name}}`, encodeURIComponent(override.path?.[name] ?? String(firstExample(p))));
    else if (p.in === 'query') query.set(name, override.query?.[name] ?? String(firstExample(p)));
    else if (p.in === 'header') headers[name] = crypto.randomUUID();
  }
  let body: string | undefined;
  const {node: requestBody} = deref(doc, operation.requestBody, '#');
  if (isObject(requestBody) && isObject(requestBody.content)) {
    const [type, media] = Object.entries(requestBody.content)[0]!;
    headers['Content-Type'] = type;
    const example = firstExample(media as JsonObject);
    body = JSON.stringify(override.body ? override.body(example as JsonObject) : example);
  }
  return {method: entry.method.toUpperCase(), path: `${path}${query.size > 0 ? `?${query}` : ''}`, headers, body};
}

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox(['--no-rate-limit', '--pay-after', '1', '--manual-clock']);
});

afterAll(async () => {
  await sandbox?.stop('SIGKILL');
});

const call = (path: string, init: RequestInit = {}) => fetch(`${sandbox.base}${path}`, init);

describe('every operation answers as the definition documents', () => {
  it('the plan calls each operation of the definition once', () => {
    expect(ENTRIES.size).toBeGreaterThan(0);
    expect(PLAN.map(([id]) => id).sort()).toEqual([...ENTRIES.keys()].sort());
  });

  it('each answer has the documented success status and a body that matches its schema', async () => {
    const ids: Ids = {};
    const failures: string[] = [];
    for (const [operationId, override] of PLAN) {
      if (operationId === 'getAccountBalanceDetails') {
        // Pay the quoted invoice (due 1 s after its quote, then settled) and settle the deposit.
        await sandbox.advance(30);
      }
      if (operationId === 'deleteBankPaymentMethod') {
        // A second bank method to delete, made as the plan makes the first (with its own Idempotency-Key).
        const create = request(ENTRIES.get('createBankPaymentMethod')!, {});
        const spare = await call(create.path, {method: create.method, headers: create.headers, body: create.body});
        ids.spareMethod = (await spare.json()).id;
      }
      const entry = ENTRIES.get(operationId)!;
      const r = request(entry, override(ids));
      const res = await call(r.path, {method: r.method, headers: r.headers, body: r.body});
      const text = await res.text();
      const body = text ? JSON.parse(text) : undefined;
      const status = Number(
        Object.keys(entry.operation.responses as JsonObject)
          .filter((s) => /^2/.test(s))
          .sort()[0],
      );
      if (res.status !== status)
        failures.push(`${operationId}: ${r.method} ${r.path} answered ${res.status}, documented ${status}: ${text}`);
      const version = res.headers.get('kestrel-version');
      const problems = answerProblems(r.method, r.path, res.status, res.headers.get('content-type'), body, version);
      if (problems.length > 0) failures.push(`${operationId}: ${problems.join('; ')}`);
      if (body !== undefined) PROVIDES[operationId]?.(body, ids);
    }
    expect(failures).toEqual([]);
    // The answers carry fresh ids, not the examples'.
    expect(ids.invoice).toMatch(UUID);
    expect(ids.invoice).not.toBe('0b9b6546-887b-4276-ae91-e5ee189bf56c');
  });
});

describe('requests that break the definition', () => {
  const invoice = {amount: {amount: '10.00', currency: 'USD'}, expiresInSeconds: 300};
  const post = (body: string, headers: Record<string, string> = {}) =>
    call('/invoices', {
      method: 'POST',
      headers: {
        Authorization: TOKEN,
        'Content-Type': 'application/json',
        'Idempotency-Key': crypto.randomUUID(),
        ...headers,
      },
      body,
    });

  /** Every problem conforms to the Problem schema and to the operation's documented answers. */
  async function problemOf(res: Response, method: string, path: string) {
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    const problem = await res.json();
    const version = res.headers.get('kestrel-version');
    expect(answerProblems(method, path, res.status, res.headers.get('content-type'), problem, version)).toEqual([]);
    expect(problem).toMatchObject({status: res.status, instance: `/v1${path.split('?')[0]}`});
    expect(problem.type).toMatch(/^urn:kestrel:problem:[a-z-]+$/);
    expect(problem.title).toBeTruthy();
    expect(problem.detail).toBeTruthy();
    expect(problem.traceId).toMatch(/^[0-9a-f]{32}$/);
    return problem;
  }

  it.each([
    ['no Authorization header', {}],
    ['a Basic token', {Authorization: 'Basic a2VzdHJlbA=='}],
    ['an empty bearer token', {Authorization: 'Bearer '}],
  ])('%s answers 401 UNAUTHORIZED', async (_, headers) => {
    const res = await call('/invoices', {headers});
    expect(res.status).toBe(401);
    expect(await problemOf(res, 'GET', '/invoices')).toMatchObject({code: 'UNAUTHORIZED'});
  });

  it('a body field that breaks the schema answers 422 naming the field', async () => {
    const res = await post(JSON.stringify({...invoice, amount: {amount: 'ten', currency: 'USD'}}));
    expect(res.status).toBe(422);
    const problem = await problemOf(res, 'POST', '/invoices');
    expect(problem.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(problem.validationErrors)).toEqual(['amount.amount']);
    expect(problem.detail).toContain('amount.amount');
  });

  it('a missing required field is named with its path', async () => {
    const res = await post(JSON.stringify({expiresInSeconds: 300}));
    expect(res.status).toBe(422);
    expect(Object.keys((await problemOf(res, 'POST', '/invoices')).validationErrors)).toEqual(['amount']);
  });

  it('an item of an array is named with its index', async () => {
    const res = await call('/subscriptions', {
      method: 'POST',
      headers: {Authorization: TOKEN, 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID()},
      body: JSON.stringify({
        webhookUrl: 'https://shop.example/hooks',
        webhookVersion: '2025-06-01',
        secret: 'Zq3v8Xr1nKp6Tw2Ld9Hs5Bf7Mc4Yg0Ja',
        eventTypes: ['invoice.created', 'invoice.nope'],
      }),
    });
    expect(res.status).toBe(422);
    expect(Object.keys((await problemOf(res, 'POST', '/subscriptions')).validationErrors)).toEqual(['eventTypes[1]']);
  });

  it('more decimals than the currency has answers 422 naming amount.amount', async () => {
    const res = await post(JSON.stringify({amount: {amount: '10.001', currency: 'USD'}}));
    expect(res.status).toBe(422);
    expect((await problemOf(res, 'POST', '/invoices')).validationErrors).toEqual({
      'amount.amount': ['Must have at most 2 decimal places for USD.'],
    });
  });

  it('a missing Idempotency-Key answers 400 IDEMPOTENCY_KEY_INVALID, as the reference says', async () => {
    const res = await call('/invoices', {
      method: 'POST',
      headers: {Authorization: TOKEN, 'Content-Type': 'application/json'},
      body: JSON.stringify(invoice),
    });
    expect(res.status).toBe(400);
    const problem = await problemOf(res, 'POST', '/invoices');
    expect(problem.code).toBe('IDEMPOTENCY_KEY_INVALID');
    expect(problem.detail).toContain('Idempotency-Key');
  });

  it('a body that is not JSON answers 400 MALFORMED_REQUEST', async () => {
    const res = await post('{"amount":');
    expect(res.status).toBe(400);
    expect(await problemOf(res, 'POST', '/invoices')).toMatchObject({code: 'MALFORMED_REQUEST'});
  });

  it('a body sent as text/plain answers 400 MALFORMED_REQUEST, not a field error', async () => {
    const res = await post(JSON.stringify(invoice), {'Content-Type': 'text/plain'});
    expect(res.status).toBe(400);
    const problem = await problemOf(res, 'POST', '/invoices');
    expect(problem.code).toBe('MALFORMED_REQUEST');
    expect(problem.detail).toContain('application/json');
    expect(problem.validationErrors).toBeUndefined();
  });

  it('a query parameter of the wrong type answers 400 INVALID_QUERY_OPTION naming it', async () => {
    const res = await call('/invoices?$top=many', {headers: {Authorization: TOKEN}});
    expect(res.status).toBe(400);
    const problem = await problemOf(res, 'GET', '/invoices?$top=many');
    expect(problem.code).toBe('INVALID_QUERY_OPTION');
    expect(problem.detail).toContain('$top');
  });

  it('an id that is not a UUID, and one that does not exist, answer 404 with the resource code', async () => {
    for (const id of ['not-a-uuid', '7d1b9c2e-0000-4000-8000-000000000000']) {
      const res = await call(`/invoices/${id}`, {headers: {Authorization: TOKEN}});
      expect(res.status).toBe(404);
      const problem = await problemOf(res, 'GET', `/invoices/${id}`);
      expect(problem.code).toBe('INVOICE_NOT_FOUND');
      expect(problem.detail).toContain(id);
    }
    const res = await call('/payouts/7d1b9c2e-0000-4000-8000-000000000000', {headers: {Authorization: TOKEN}});
    expect((await res.json()).code).toBe('PAYOUT_NOT_FOUND');
  });

  it('two problems carry different trace ids', async () => {
    const a = await (await call('/invoices', {})).json();
    const b = await (await call('/invoices', {})).json();
    expect(a.traceId).not.toBe(b.traceId);
  });

  it.each([
    ['an unknown path under /v1', '/v1/refunds'],
    ['a path outside the base path', '/invoices'],
  ])('%s answers a 404 problem', async (_, path) => {
    const res = await fetch(`${sandbox.origin}${path}`, {headers: {Authorization: TOKEN}});
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    const problem = await res.json();
    expect(problem).toMatchObject({status: 404, instance: path});
    expect(problem.traceId).toMatch(/^[0-9a-f]{32}$/);
  });

  it('a method the path does not take answers a 405 problem with Allow', async () => {
    const res = await call('/invoices', {method: 'DELETE', headers: {Authorization: TOKEN}});
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, POST');
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(await res.json()).toMatchObject({status: 405, instance: '/v1/invoices'});
  });

  it('answers carry no headers or words of the tool that serves them', async () => {
    const res = await post('{"amount":');
    const names: string[] = [];
    res.headers.forEach((_value, name) => names.push(name));
    expect(names.filter((n) => /^(sl-|x-powered-by|server)/i.test(n))).toEqual([]);
    expect(await res.text()).not.toMatch(/prism|ajv|find-my-way|stoplight/i);
  });
});

describe('CORS', () => {
  const preflight = (origin: string) =>
    call('/invoices', {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type,idempotency-key',
      },
    });

  it('lets a portal on this machine send the explorer headers', async () => {
    const res = await preflight('http://127.0.0.1:3000');
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:3000');
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    const allowed = res.headers.get('access-control-allow-headers')!.toLowerCase().split(/,\s*/);
    expect(allowed).toEqual(expect.arrayContaining(['authorization', 'content-type', 'idempotency-key']));
    const get = await call('/invoices', {headers: {Origin: 'http://localhost:3000', Authorization: TOKEN}});
    expect(get.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(get.headers.get('access-control-expose-headers')).toContain('RateLimit-Remaining');
    // The explorer can show why credentials were refused.
    expect(get.headers.get('access-control-expose-headers')).toContain('WWW-Authenticate');
  });

  it('does not let another site read it', async () => {
    const res = await preflight('https://elsewhere.example');
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const get = await call('/invoices', {headers: {Origin: 'https://elsewhere.example', Authorization: TOKEN}});
    expect(get.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('starting and stopping', () => {
  it('Ctrl+C (SIGINT) stops it and exits 0', async () => {
    const pid = sandbox.process.pid!;
    expect(await sandbox.stop('SIGINT')).toBe(0);
    expect(isAlive(pid)).toBe(false);
    await expect(fetch(`${sandbox.base}/invoices`)).rejects.toThrow();
  });

  it('SIGTERM stops it and exits 0', async () => {
    const other = await startSandbox();
    expect(await other.stop('SIGTERM')).toBe(0);
    expect(other.output()).toContain('stopping (SIGTERM)');
  });

  it('a port in use stops it at once with a message naming the port', async () => {
    const first = await startSandbox();
    const {spawnSync} = await import('node:child_process');
    const {CLI} = await import('./sandbox-process');
    const second = spawnSync(process.execPath, [CLI, '--port', String(first.port)], {
      encoding: 'utf8',
      timeout: 120_000,
    });
    await first.stop('SIGTERM');
    expect(second.status).not.toBe(0);
    expect(second.stderr).toContain(`port ${first.port} is in use`);
  });

  it.each([
    [['--port', 'abc'], '--port needs a port number'],
    [['--pay-after', '-1'], '--pay-after needs a number of seconds'],
    [['--scopes', 'partner.nope'], '--scopes names scopes the API does not have: partner.nope'],
    [['--token', '=sk_x'], '--token needs a token'],
    [['--token', 'sk_x='], '--token needs an account name after "="'],
    [['--token', 'sk_x=a b'], '--token needs an account name after "="'],
    [['--token', 'sk_x=alice', '--token', 'sk_x=bob'], '--token sk_x is given for two accounts'],
    [['--colour'], 'unknown option "--colour"'],
  ])(
    '%j is refused with a message naming the flag',
    async (flags, message) => {
      const {spawnSync} = await import('node:child_process');
      const {CLI} = await import('./sandbox-process');
      const run = spawnSync(process.execPath, [CLI, ...flags], {encoding: 'utf8', timeout: 120_000});
      expect(run.status).toBe(2);
      expect(run.stderr).toContain(message);
    },
    30_000,
  );
});
