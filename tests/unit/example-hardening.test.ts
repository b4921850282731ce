/**
 * The walkthrough client and apps (examples/walkthroughs/node) and the event replay
 * (examples/webhooks/node/replay-missed-events.ts) against a local fake Kestrel over real HTTP:
 * each attempt times out, network errors and timeouts are retried with the same Idempotency-Key
 * (only where a repeat is harmless), 409 IDEMPOTENCY_KEY_IN_USE is retried after a pause, and every
 * polling or paging loop stops at its limit.
 */
import {afterEach, describe, it, expect, vi} from 'vitest';
import {spawnSync} from 'node:child_process';
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http';
import path from 'node:path';
import type {AddressInfo} from 'node:net';
import {
  KestrelClient,
  KestrelNetworkError,
  KestrelProblem,
  PollLimitError,
  idempotencyKeyFromEnv,
} from '../../examples/walkthroughs/node/kestrel-client';
import {payLightningInvoice} from '../../examples/walkthroughs/node/send-payment';
import {receivePayment} from '../../examples/walkthroughs/node/receive-payment';
import {exchangeCurrency} from '../../examples/walkthroughs/node/exchange-currency';
import {replayMissedEvents} from '../../examples/webhooks/node/replay-missed-events';
import {issueInvoice} from '../../examples/core/issue-invoice';

type Step = (req: IncomingMessage, res: ServerResponse) => void;
interface Seen {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  /** Whether the client hung up before this request was answered. */
  abandoned: boolean;
}

const json =
  (status: number, body: unknown): Step =>
  (_req, res) => {
    res
      .writeHead(status, {'Content-Type': status >= 400 ? 'application/problem+json' : 'application/json'})
      .end(JSON.stringify(body));
  };
/** Never answers: the client's timeout must end the attempt. */
const hang: Step = () => {};
/** Drops the connection without an answer: a network error. */
const drop: Step = (req) => req.socket.destroy();

const problem = (status: number, code: string) => ({
  type: `urn:kestrel:problem:${code.toLowerCase().replace(/_/g, '-')}`,
  title: code,
  status,
  code,
  traceId: '0af7651916cd43dd8448eb211c80319c',
});
const INVOICE = {
  id: '416203f4-673f-44ba-b417-8d9b070174ad',
  status: 'UNPAID',
  amount: {amount: '150.00', currency: 'USD'},
};
const PAYMENT = {id: '6443c564-32c3-48bd-9aa1-666704602320', status: 'PENDING'};
const QUOTE = {
  id: '1f668a9b-ad0b-493f-a9c4-9c13dcc217a6',
  expiration: '2999-01-01T00:00:00Z',
  totalAmount: {amount: '0.00050000', currency: 'BTC'},
};

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

/** A fake Kestrel: each route answers with its steps in order, the last one repeating. */
async function fakeKestrel(routes: Record<string, Step[]>): Promise<{base: string; seen: Seen[]}> {
  const seen: Seen[] = [];
  const count = new Map<string, number>();
  server = createServer((req, res) => {
    const path = new URL(req.url!, 'http://x').pathname.replace(/^\/v1/, '');
    const route = `${req.method} ${path}`;
    const record: Seen = {
      method: req.method!,
      path,
      idempotencyKey: req.headers['idempotency-key'] as string | undefined,
      abandoned: false,
    };
    seen.push(record);
    res.on('close', () => {
      if (!res.writableFinished) record.abandoned = true;
    });
    const steps = routes[route];
    if (!steps) return json(404, problem(404, 'NOT_FOUND'))(req, res);
    const n = count.get(route) ?? 0;
    count.set(route, n + 1);
    req.resume();
    req.on('end', () => steps[Math.min(n, steps.length - 1)]!(req, res));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return {base: `http://127.0.0.1:${(server!.address() as AddressInfo).port}/v1`, seen};
}

function client(base: string, waits: number[] = [], options: {timeoutMs?: number; maxRetries?: number} = {}) {
  return new KestrelClient({
    apiKey: 'sk_sandbox_test',
    baseUrl: base,
    // Long enough that an answered request never times out on a busy machine; the timeout tests pass a short one.
    timeoutMs: options.timeoutMs ?? 5_000,
    maxRetries: options.maxRetries ?? 3,
    baseDelayMs: 20,
    random: () => 0.5,
    sleep: async (ms) => void waits.push(ms),
  });
}

describe('requests', () => {
  it('abandon an attempt that takes longer than the timeout, and retry it with the same Idempotency-Key', async () => {
    const {base, seen} = await fakeKestrel({'POST /invoices': [hang, json(201, INVOICE)]});
    const invoice = await client(base, [], {timeoutMs: 1_000}).issueInvoice({
      amount: {amount: '150.00', currency: 'USD'},
    });
    expect(invoice.id).toBe(INVOICE.id);
    expect(seen.map((s) => s.path)).toEqual(['/invoices', '/invoices']);
    await vi.waitFor(() => expect(seen[0]!.abandoned).toBe(true)); // seen a moment after the client gave up
    expect(seen[0]!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen[1]!.idempotencyKey).toBe(seen[0]!.idempotencyKey);
  });

  it('retry a network error with the same Idempotency-Key', async () => {
    const {base, seen} = await fakeKestrel({
      'POST /invoices/416203f4-673f-44ba-b417-8d9b070174ad/quote': [drop, drop, json(201, QUOTE)],
    });
    const waits: number[] = [];
    const quote = await client(base, waits).issueQuoteForInvoice(INVOICE.id, 'c4e05986-aba3-4466-b066-8987cb084fa2');
    expect(quote.id).toBe(QUOTE.id);
    expect(seen.map((s) => s.idempotencyKey)).toEqual(Array(3).fill('c4e05986-aba3-4466-b066-8987cb084fa2'));
    expect(waits).toHaveLength(2);
  });

  it('retry 409 IDEMPOTENCY_KEY_IN_USE after a pause, with the same key', async () => {
    const {base, seen} = await fakeKestrel({
      'POST /payment-quotes/1f668a9b-ad0b-493f-a9c4-9c13dcc217a6/execute': [
        json(409, problem(409, 'IDEMPOTENCY_KEY_IN_USE')),
        json(201, PAYMENT),
      ],
    });
    const waits: number[] = [];
    const payment = await client(base, waits).executePaymentQuote(QUOTE.id);
    expect(payment.id).toBe(PAYMENT.id);
    expect(seen).toHaveLength(2);
    expect(seen[1]!.idempotencyKey).toBe(seen[0]!.idempotencyKey);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(20);
  });

  it('give up on 409 IDEMPOTENCY_KEY_IN_USE after three retries, 1.5 to 5 seconds of waits, as the page says', async () => {
    for (const [random, expected] of [
      [() => 0, [500, 500, 500]],
      [() => 0.9999, [999, 1499, 2499]],
    ] as const) {
      const keys: (string | null)[] = [];
      const waits: number[] = [];
      const inUse = new KestrelClient({
        apiKey: 'sk_sandbox_test',
        baseUrl: 'http://kestrel.invalid/v1',
        random,
        sleep: async (ms) => void waits.push(ms),
        fetch: async (_url, init) => {
          keys.push(new Headers(init?.headers).get('Idempotency-Key'));
          return new Response(JSON.stringify(problem(409, 'IDEMPOTENCY_KEY_IN_USE')), {status: 409});
        },
      });
      const error = await inUse.executePaymentQuote(QUOTE.id, 'c4e05986-aba3-4466-b066-8987cb084fa2').catch((e) => e);
      expect(error).toBeInstanceOf(KestrelProblem);
      expect(error).toMatchObject({status: 409, code: 'IDEMPOTENCY_KEY_IN_USE'});
      expect(keys).toEqual(Array(4).fill('c4e05986-aba3-4466-b066-8987cb084fa2'));
      expect(waits).toEqual(expected);
    }
  });

  it('do not retry 409 IDEMPOTENCY_KEY_REUSED, which a repeat cannot fix', async () => {
    const {base, seen} = await fakeKestrel({'POST /invoices': [json(409, problem(409, 'IDEMPOTENCY_KEY_REUSED'))]});
    await expect(client(base).issueInvoice({amount: {amount: '150.00', currency: 'USD'}})).rejects.toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      status: 409,
    });
    expect(seen).toHaveLength(1);
  });

  it('do not repeat a write without an Idempotency-Key after a network error: it may have run', async () => {
    const {base, seen} = await fakeKestrel({
      'PATCH /invoices/416203f4-673f-44ba-b417-8d9b070174ad/cancel': [drop, json(200, INVOICE)],
    });
    const error = await client(base)
      .cancelUnpaidInvoice(INVOICE.id)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KestrelNetworkError);
    expect((error as Error).message).toMatch(
      /^PATCH \/invoices\/416203f4-673f-44ba-b417-8d9b070174ad\/cancel: no answer after 1 attempt/,
    );
    expect(seen).toHaveLength(1);
  });

  it('give up after the last retry with an error that says the request timed out', async () => {
    const {base, seen} = await fakeKestrel({'GET /invoices/416203f4-673f-44ba-b417-8d9b070174ad': [hang]});
    const error = await client(base, [], {timeoutMs: 100, maxRetries: 2})
      .findInvoiceById(INVOICE.id)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KestrelNetworkError);
    expect((error as Error).message).toContain('no answer after 3 attempts (timed out)');
    expect(seen).toHaveLength(3);
    // The server sees the last hang-up a moment after the client gives up.
    await vi.waitFor(() => expect(seen.every((s) => s.abandoned)).toBe(true));
  });

  it('refuse a timeout that is not a whole number of milliseconds above 0, naming it', () => {
    expect(() => new KestrelClient({apiKey: 'k', timeoutMs: 0})).toThrow(/timeoutMs must be a whole number above 0/);
  });
});

describe('the client, over a call', () => {
  it('stops retrying at the deadline of the call, with the last problem', async () => {
    const {base, seen} = await fakeKestrel({'GET /invoices': [json(503, problem(503, 'SERVICE_UNAVAILABLE'))]});
    const kestrel = new KestrelClient({
      apiKey: 'k',
      baseUrl: base,
      maxRetries: 100,
      baseDelayMs: 800,
      deadlineMs: 2_000,
      random: () => 0.5,
    });
    // Waits of 400 ms and 800 ms; the next, 1600 ms, would end past the deadline: three attempts.
    const error = await kestrel.request('GET', '/invoices').catch((e: unknown) => e);
    expect(error).toMatchObject({status: 503, code: 'SERVICE_UNAVAILABLE'});
    expect(seen).toHaveLength(3);
  });

  it('names status, code, detail and traceId in the message of a problem', async () => {
    const {base} = await fakeKestrel({
      'POST /payouts': [json(422, {...problem(422, 'INSUFFICIENT_FUNDS'), detail: 'Not enough EUR.'})],
    });
    const error = await client(base)
      .request('POST', '/payouts', {body: {}, idempotencyKey: 'a'})
      .catch((e: unknown) => e);
    expect((error as Error).message).toBe(
      '422 INSUFFICIENT_FUNDS: Not enough EUR. (traceId 0af7651916cd43dd8448eb211c80319c)',
    );
  });

  it('listAll pages until a short page and returns each item once, however the set moved', async () => {
    const item = (n: number) => ({id: `item-${n}`});
    const {base, seen} = await fakeKestrel({
      // The second page repeats item 1: an item that entered the set pushed it along.
      'GET /invoices': [
        json(200, {items: [item(0), item(1)], count: 9}),
        json(200, {items: [item(1), item(2)], count: 9}),
        json(200, {items: [item(3)], count: 9}),
      ],
    });
    const ids: string[] = [];
    for await (const invoice of client(base).listAll<{id: string}>('/invoices', {$orderby: 'created asc'}, 2))
      ids.push(invoice.id);
    expect(ids).toEqual(['item-0', 'item-1', 'item-2', 'item-3']);
    expect(seen).toHaveLength(3);
  });

  it('idempotencyKeyFromEnv takes IDEMPOTENCY_KEY when set, else makes one, and prints the key it used', () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      vi.stubEnv('IDEMPOTENCY_KEY', 'c4e05986-aba3-4466-b066-8987cb084fa2');
      expect(idempotencyKeyFromEnv()).toBe('c4e05986-aba3-4466-b066-8987cb084fa2');
      vi.stubEnv('IDEMPOTENCY_KEY', '');
      const made = idempotencyKeyFromEnv();
      expect(made).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(printed.mock.calls).toEqual([
        ['Idempotency-Key: c4e05986-aba3-4466-b066-8987cb084fa2'],
        [`Idempotency-Key: ${made}`],
      ]);
    } finally {
      vi.unstubAllEnvs();
      printed.mockRestore();
    }
  });
});

describe('amount caps and rate checks', () => {
  it('payLightningInvoice refuses a quote whose total is above the maximum, and executes nothing', async () => {
    const {base, seen} = await fakeKestrel({'POST /payment-quotes/lightning': [json(201, QUOTE)]});
    const error = await payLightningInvoice(client(base), {lnInvoice: 'lntbs1', maxTotal: '0.00049999'}).catch(
      (e: unknown) => e,
    );
    expect((error as Error).message).toContain('would take 0.00050000 BTC, more than your maximum of 0.00049999');
    expect(seen.map((s) => s.path)).toEqual(['/payment-quotes/lightning']);
  });

  it('exchangeCurrency refuses a quote that gives more than 1 % below the ticker, fee included, and executes nothing', async () => {
    const ticker = {baseCurrency: 'BTC', quoteCurrency: 'USD', bid: '97250.00', ask: '97250.00', mid: '97250.00'};
    // The ticker inverted is 1 / 97250 = 0.0000102828 BTC per USD; 0.00010100 BTC for 10.00 USD is 1.78 % below it.
    const quote = {
      id: 'q1',
      status: 'NEW',
      source: {amount: '10.00', currency: 'USD'},
      target: {amount: '0.00010100', currency: 'BTC'},
      rate: '0.0000101',
    };
    const {base, seen} = await fakeKestrel({
      'GET /rates/ticker': [json(200, {items: [ticker], count: 1})],
      'POST /currency-exchange-quotes': [json(201, quote)],
    });
    const error = await exchangeCurrency(client(base), {
      sourceCurrency: 'USD',
      targetCurrency: 'BTC',
      amount: '10.00',
    }).catch((e: unknown) => e);
    expect((error as Error).message).toContain("it gives 1.78 % less than the tickers' mid, fee included");
    expect(seen.map((s) => s.path)).toEqual(['/rates/ticker', '/currency-exchange-quotes']);
  });
});

describe('polling loops stop at their limit', () => {
  /** What a call expected to fail threw, for the assertions to read. */
  const thrown = (call: Promise<unknown>): Promise<unknown> => call.catch((e: unknown) => e);
  /** Polls back to back: the limit, not the time, ends these loops. */
  const noWait = {sleep: async () => {}};
  /** Where replayMissedEvents reads, with what key, and since when. */
  const replayFrom = (apiBase: string) => ({apiBase, apiKey: 'k', since: '2025-03-14T00:00:00Z'});

  it('payLightningInvoice: a payment that stays PENDING', async () => {
    const {base, seen} = await fakeKestrel({
      'POST /payment-quotes/lightning': [json(201, QUOTE)],
      'POST /payment-quotes/1f668a9b-ad0b-493f-a9c4-9c13dcc217a6/execute': [json(201, PAYMENT)],
      'GET /payments/6443c564-32c3-48bd-9aa1-666704602320': [json(200, PAYMENT)],
    });
    const error = await thrown(
      payLightningInvoice(client(base), {lnInvoice: 'lntbs1', maxTotal: '0.001', maxPolls: 3, ...noWait}),
    );
    expect(error).toBeInstanceOf(PollLimitError);
    expect((error as Error).message).toContain(`payment ${PAYMENT.id} was still not final after 3 checks`);
    expect(seen.filter((s) => s.method === 'GET')).toHaveLength(3);
  });

  it('receivePayment: an invoice that stays PENDING past the deadline', async () => {
    const {base, seen} = await fakeKestrel({
      'POST /invoices': [json(201, INVOICE)],
      'POST /invoices/416203f4-673f-44ba-b417-8d9b070174ad/quote': [json(201, QUOTE)],
      'GET /invoices/416203f4-673f-44ba-b417-8d9b070174ad': [json(200, {...INVOICE, status: 'PENDING'})],
    });
    const error = await thrown(receivePayment(client(base), {amount: INVOICE.amount, maxPolls: 4, ...noWait}));
    expect(error).toBeInstanceOf(PollLimitError);
    expect(seen.filter((s) => s.method === 'GET')).toHaveLength(4);
  });

  it('exchangeCurrency: a quote that stays PENDING', async () => {
    const pending = {id: '634ecc7c-c772-4146-8cf8-5b7fdd4c0884', status: 'PENDING'};
    const ticker = {baseCurrency: 'BTC', quoteCurrency: 'USD', bid: '97250.00', ask: '97250.00', mid: '97250.00'};
    const priced = {source: {amount: '10.00', currency: 'USD'}, target: {amount: '0.00010231', currency: 'BTC'}};
    const {base, seen} = await fakeKestrel({
      'GET /rates/ticker': [json(200, {items: [ticker], count: 1})],
      'POST /currency-exchange-quotes': [json(201, {...pending, ...priced, status: 'NEW'})],
      'POST /currency-exchange-quotes/634ecc7c-c772-4146-8cf8-5b7fdd4c0884/execute': [json(200, pending)],
      'GET /currency-exchange-quotes/634ecc7c-c772-4146-8cf8-5b7fdd4c0884': [json(200, pending)],
    });
    const error = await thrown(
      exchangeCurrency(client(base), {
        sourceCurrency: 'USD',
        targetCurrency: 'BTC',
        amount: '10.00',
        maxPolls: 2,
        ...noWait,
      }),
    );
    expect(error).toBeInstanceOf(PollLimitError);
    expect(seen.filter((s) => s.path.startsWith('/currency-exchange-quotes/') && s.method === 'GET')).toHaveLength(2);
  });

  it('replayMissedEvents: full pages without end stop at maxPages and say the run is incomplete', async () => {
    const event = {
      id: '5f0c2a8e-3b1d-4c6e-9a47-2d8b1e6f7c30',
      eventType: 'invoice.updated',
      webhookVersion: '2025-06-01',
      data: {entityId: INVOICE.id, changes: ['status']},
      created: '2025-03-14T09:26:41Z',
      deliverySuccess: false,
    };
    const {base, seen} = await fakeKestrel({'GET /events': [json(200, {items: Array(100).fill(event), count: 1e6})]});
    const result = await replayMissedEvents({
      ...replayFrom(base),
      isHandled: async () => true,
      handle: async () => {},
      maxPages: 3,
    });
    expect(result).toEqual({listed: 300, replayed: 0, complete: false});
    expect(seen).toHaveLength(3);
  });

  it('replayMissedEvents: skips an event no subscription lists (empty deliveries), which no endpoint asked for', async () => {
    const missed = {
      id: 'e-missed',
      eventType: 'invoice.updated',
      data: {entityId: INVOICE.id, changes: []},
      deliveries: [{subscriptionId: 's1', status: 'FAILED'}],
    };
    const unlisted = {
      id: 'e-unlisted',
      eventType: 'payout.updated',
      data: {entityId: 'p1', changes: []},
      deliveries: [],
    };
    const {base} = await fakeKestrel({'GET /events': [json(200, {items: [missed, unlisted], count: 2})]});
    const handled: string[] = [];
    const result = await replayMissedEvents({
      ...replayFrom(base),
      isHandled: async () => false,
      handle: async (event) => void handled.push(event.id),
    });
    expect(handled).toEqual(['e-missed']);
    expect(result).toEqual({listed: 2, replayed: 1, complete: true});
  });

  it('replayMissedEvents: retries a page after a 429 or a 5xx, and carries on', async () => {
    const event = {id: 'e1', eventType: 'invoice.updated', data: {entityId: INVOICE.id, changes: []}};
    const {base, seen} = await fakeKestrel({
      'GET /events': [
        json(429, problem(429, 'RATE_LIMITED')),
        json(503, problem(503, 'SERVICE_UNAVAILABLE')),
        json(200, {items: [event], count: 1}),
      ],
    });
    const handled: string[] = [];
    const options = {
      apiBase: base,
      apiKey: 'k',
      since: '2025-03-14T00:00:00Z',
      isHandled: async (id: string) => handled.includes(id),
      handle: async (e: {id: string}) => void handled.push(e.id),
      backoff: {sleep: async () => {}},
    };
    expect(await replayMissedEvents(options)).toEqual({listed: 1, replayed: 1, complete: true});
    expect(seen).toHaveLength(3);
  });

  it('replayMissedEvents: a page that keeps failing ends the run as incomplete, saying why, instead of throwing', async () => {
    const {base, seen} = await fakeKestrel({'GET /events': [json(503, problem(503, 'SERVICE_UNAVAILABLE'))]});
    const result = await replayMissedEvents({
      ...replayFrom(base),
      isHandled: async () => false,
      handle: async () => {},
      backoff: {sleep: async () => {}, maxAttempts: 2},
    });
    expect(result).toEqual({listed: 0, replayed: 0, complete: false, stoppedBy: 'GET /events answered 503'});
    expect(seen).toHaveLength(2);
  });
});

describe('problems', () => {
  it('keep their code when no retry applies', async () => {
    const {base} = await fakeKestrel({
      'GET /invoices/416203f4-673f-44ba-b417-8d9b070174ad': [json(404, problem(404, 'INVOICE_NOT_FOUND'))],
    });
    const error = await client(base)
      .findInvoiceById(INVOICE.id)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KestrelProblem);
    expect(error).toMatchObject({status: 404, code: 'INVOICE_NOT_FOUND'});
  });
});

describe('the Python client (examples/walkthroughs/python/kestrel_client.py)', () => {
  it('times out (the whole answer), retries with the same Idempotency-Key within a deadline, pauses on IDEMPOTENCY_KEY_IN_USE, and pages, against its own fake Kestrel', () => {
    const result = spawnSync(
      'python3',
      ['-m', 'unittest', 'discover', '-s', 'examples/walkthroughs/python', '-p', 'test_*.py', '-v'],
      {
        cwd: path.resolve(__dirname, '../..'),
        encoding: 'utf8',
        env: {...process.env, PYTHONDONTWRITEBYTECODE: '1'},
      },
    );
    const output = `${result.stdout}\n${result.stderr}`;
    expect(result.status, output).toBe(0);
    for (const name of [
      'test_a_timed_out_write_is_retried_with_the_same_idempotency_key',
      'test_a_network_error_is_retried_with_the_same_idempotency_key',
      'test_409_idempotency_key_in_use_is_retried_after_a_pause',
      'test_a_write_without_a_key_is_not_repeated_after_a_network_error',
      'test_an_answer_that_trickles_in_is_cut_off_at_the_timeout',
      'test_retries_stop_at_the_deadline_of_the_call',
      'test_a_problem_names_its_status_code_detail_and_trace_id',
      'test_list_all_pages_until_a_short_page_and_returns_each_item_once',
      'test_the_idempotency_key_comes_from_the_environment_and_is_printed',
    ]) {
      expect(output).toMatch(new RegExp(`^${name} \\(.*\\) \\.\\.\\. ok$`, 'm'));
    }
  });
});

describe('the rate limits guide example (examples/core/issue-invoice.ts)', () => {
  it('abandons an attempt that takes longer than its timeout, and retries it with the same key', async () => {
    const {base, seen} = await fakeKestrel({'POST /invoices': [hang, json(201, INVOICE)]});
    const key = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    const response = await issueInvoice(
      {amount: {amount: '10.00', currency: 'USD'}},
      {apiKey: 'k', baseUrl: base, timeoutMs: 500, idempotencyKey: key, sleep: async () => {}},
    );
    expect(response.status).toBe(201);
    expect(new Set(seen.map((s) => s.idempotencyKey))).toEqual(new Set([key]));
    // The fake sees the first connection close a moment after the client gave up on it.
    await vi.waitFor(() => expect(seen[0]!.abandoned).toBe(true));
    expect(seen.at(-1)!.abandoned).toBe(false);
  });

  it('gives up with the timeout error after its last attempt', async () => {
    const {base, seen} = await fakeKestrel({'POST /invoices': [hang]});
    const error = await issueInvoice(
      {amount: {amount: '10.00', currency: 'USD'}},
      {apiKey: 'k', baseUrl: base, timeoutMs: 100, idempotencyKey: 'k-1', maxAttempts: 2, sleep: async () => {}},
    ).catch((e: unknown) => e);
    expect((error as Error).name).toBe('TimeoutError');
    await vi.waitFor(() => expect(seen.map((s) => s.abandoned)).toEqual([true, true]));
  });

  it('ends an attempt still running at the total deadline, however long its own timeout', async () => {
    const {base, seen} = await fakeKestrel({'POST /invoices': [hang]});
    const error = await issueInvoice(
      {amount: {amount: '10.00', currency: 'USD'}},
      {apiKey: 'k', baseUrl: base, timeoutMs: 120_000, deadlineMs: 300, idempotencyKey: 'k-2', sleep: async () => {}},
    ).catch((e: unknown) => e);
    expect((error as Error).name).toBe('TimeoutError');
    expect(seen).toHaveLength(1); // the deadline also ended the retries
    await vi.waitFor(() => expect(seen[0]!.abandoned).toBe(true));
  });
});
