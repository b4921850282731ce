/**
 * The walkthrough pages and the example apps under examples/walkthroughs/ agree with each other.
 * The checks every guide shares (requests and answers against the OpenAPI definition, links,
 * headings, words) live in guide-requests.test.ts and guide-pages.test.ts; this suite keeps what is
 * particular to the walkthroughs: their pages and diagrams, sandbox-only requests, and the example
 * client and apps, which run against a fake fetch and must send what the pages show.
 */
import {describe, it, expect, vi} from 'vitest';
import {KestrelClient, KestrelProblem, SANDBOX_BASE_URL} from '../../examples/walkthroughs/node/kestrel-client';
import {receivePayment} from '../../examples/walkthroughs/node/receive-payment';
import {payLightningInvoice} from '../../examples/walkthroughs/node/send-payment';
import {exchangeCurrency} from '../../examples/walkthroughs/node/exchange-currency';
import {API_HOSTS, GUIDE_FILES, UUID, definition, exchangesOf, readPage, type HttpRequest} from './guide-http';

type Json = Record<string, unknown>;

const def = definition();
const PAGES = GUIDE_FILES.filter((f) => f.startsWith('docs/walkthrough/')).map((file) => {
  const p = readPage(file);
  return {...p, name: p.id.replace(/^walkthrough\//, ''), requests: exchangesOf(p).requests};
});
const page = (name: string) => PAGES.find((p) => p.name === name)!;
/** The walkthroughs whose every API step is shown in curl, Node.js and Python. */
const THREE_LANGUAGE_PAGES = [
  'receiving-payments',
  'sending-payments',
  'making-payouts',
  'exchanging-currencies',
  'directing-payments-third-party',
];
const FLOW_PAGES = [
  'receiving-payments',
  'sending-payments',
  'making-payouts',
  'exchanging-currencies',
  'directing-payments-third-party',
];

/** The operation a method and path (under /v1) call, and its path parameter values. */
const findOperation = (method: string, apiPath: string) => def.findOperation(method, apiPath);

/** The first request a page shows for an operation. */
function requestFor(slug: string): HttpRequest {
  for (const p of PAGES) {
    const found = p.requests.find((r) => findOperation(r.method, r.apiPath)?.op.slug === slug);
    if (found) return found;
  }
  throw new Error(`no walkthrough shows ${slug}`);
}

describe('walkthrough pages', () => {
  it('are the seven walkthrough pages, each with its front matter', () => {
    expect(PAGES.map((p) => p.name)).toEqual([
      'directing-payments-third-party',
      'example-apps',
      'exchanging-currencies',
      'making-payouts',
      'receiving-payments',
      'sending-payments',
      'walkthroughs-overview',
    ]);
    for (const p of PAGES) expect(p.frontMatter.slug, p.name).toBe(`/walkthrough/${p.name}`);
  });

  it.each(FLOW_PAGES.map((name) => [name] as const))(
    '%s: has one mermaid sequence diagram with your server in it, and 800 to 1800 words of prose',
    (name) => {
      const p = page(name);
      const diagrams = p.fences.filter((f) => f.lang === 'mermaid');
      expect(diagrams).toHaveLength(1);
      expect(diagrams[0]!.body).toMatch(/^sequenceDiagram\n/);
      expect(diagrams[0]!.body).toMatch(/participant Server as Your server/);
      expect(diagrams[0]!.body).not.toMatch(/;/);
      const words = p.prose.split(/\s+/).filter(Boolean).length;
      expect(words).toBeGreaterThanOrEqual(800);
      expect(words).toBeLessThanOrEqual(1800);
    },
  );

  it('link to other pages without anchors, which their owners may rename', () => {
    for (const p of PAGES) {
      for (const [, target] of p.prose.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (target!.startsWith('/')) expect(target, p.name).not.toContain('#');
      }
    }
  });

  it('use only kestrel.example addresses', () => {
    for (const p of PAGES) {
      for (const [host] of p.source
        .replace(/%40/g, '@')
        .matchAll(/\b(?:[a-z0-9-]+\.)+(?:com|org|net|io|dev|example)\b/g)) {
        if (/^[\w.-]+\.(md|ts|json|yaml)$/.test(host)) continue;
        expect(host, p.name).toMatch(/(^|\.)kestrel\.example$/);
      }
    }
  });

  it('show every request as an ```http block or a curl sample to the sandbox, with a sandbox key', () => {
    let count = 0;
    for (const p of PAGES) {
      for (const r of p.requests.filter((x) => x.via === 'http' || x.sample)) {
        const where = `${p.name} line ${r.line}: ${r.method} ${r.target}`;
        count++;
        expect(r.host, where).toBe(API_HOSTS.sandbox);
        expect(r.headers.get('authorization'), where).toBe('Bearer sk_sandbox_...');
        expect(findOperation(r.method, r.apiPath), where).toBeDefined();
      }
    }
    expect(count).toBeGreaterThanOrEqual(25);
  });

  it.each(THREE_LANGUAGE_PAGES.map((name) => [name] as const))(
    '%s: shows each API call in curl, Node.js and Python tabs of the code-samples group, each a file under examples/',
    (name) => {
      const p = page(name);
      expect(
        p.requests.filter((r) => r.via === 'http'),
        'no ```http request is left: the tabs show the call',
      ).toEqual([]);
      const tabs = [...p.source.matchAll(/<Tabs groupId="code-samples">([\s\S]*?)<\/Tabs>/g)].map((m) => m[1]!);
      const samples = p.requests.filter((r) => r.sample);
      expect(samples.length).toBeGreaterThanOrEqual(5);
      expect(tabs).toHaveLength(samples.length);
      for (const [i, tab] of tabs.entries()) {
        const slug = /file=examples\/walkthroughs\/curl\/([a-z0-9-]+)\.sh/.exec(tab)?.[1];
        expect(slug, `tab ${i + 1} has a curl sample`).toBeDefined();
        expect(tab).toContain(`file=examples/walkthroughs/node/steps/${slug}.ts`);
        expect(tab).toContain(`file=examples/walkthroughs/python/${slug!.replace(/-/g, '_')}.py`);
        expect(findOperation(samples[i]!.method, samples[i]!.apiPath)?.op.slug, `tab ${i + 1}`).toBe(slug);
      }
    },
  );

  it('embed the example client from its file on the example apps page', () => {
    const blocks = page('example-apps').fences.filter((f) => /(^|\s)file=/.test(f.meta));
    expect(blocks.map((f) => f.meta)).toContainEqual(
      expect.stringContaining('file=examples/walkthroughs/node/kestrel-client.ts'),
    );
  });
});

// ---------------------------------------------------------------------------------------------
// The example client and apps, against a fake fetch
// ---------------------------------------------------------------------------------------------

interface Call {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

type Answer = {status?: number; body?: unknown; headers?: Record<string, string>};

/** A fetch that records each call and answers from `route(call)`. */
function fakeFetch(route: (call: Call, index: number) => Answer) {
  const calls: Call[] = [];
  const fn = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const call: Call = {
      url: new URL(String(input)),
      method: init?.method ?? 'GET',
      headers: {...(init?.headers as Record<string, string>)},
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const answer = route(call, calls.length - 1);
    const status = answer.status ?? 200;
    const problem = status >= 400;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status,
      headers: {'Content-Type': problem ? 'application/problem+json' : 'application/json', ...answer.headers},
    });
  });
  return {fetch: fn as unknown as typeof fetch, calls};
}

const noSleep = vi.fn(async () => {});

function client(route: (call: Call, index: number) => Answer, options: {sleep?: (ms: number) => Promise<void>} = {}) {
  const fake = fakeFetch(route);
  const kestrel = new KestrelClient({
    apiKey: 'sk_sandbox_test',
    fetch: fake.fetch,
    sleep: options.sleep ?? noSleep,
    random: () => 0.5,
  });
  return {kestrel, calls: fake.calls};
}

function problem(status: number, code: string, extra: Json = {}): Answer {
  return {
    status,
    body: {
      type: `urn:kestrel:problem:${code.toLowerCase().replace(/_/g, '-')}`,
      title: code,
      status,
      code,
      traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
      ...extra,
    },
  };
}

/** The id in the page's request path for the operation. */
const pathId = (slug: string) =>
  Object.values(findOperation(requestFor(slug).method, requestFor(slug).apiPath)!.values)[0]!;

describe('the example client sends the requests the walkthroughs show', () => {
  const cases: [slug: string, call: (k: KestrelClient, r: HttpRequest) => Promise<unknown>][] = [
    ['issue-invoice', (k, r) => k.issueInvoice(r.body as Parameters<KestrelClient['issueInvoice']>[0])],
    ['issue-quote-for-invoice', (k) => k.issueQuoteForInvoice(pathId('issue-quote-for-invoice'))],
    ['find-invoice-by-id', (k) => k.findInvoiceById(pathId('find-invoice-by-id'))],
    ['cancel-unpaid-invoice', (k) => k.cancelUnpaidInvoice(pathId('cancel-unpaid-invoice'))],
    [
      'create-lightning-payment-quote',
      (k, r) => k.createLightningPaymentQuote(r.body as Parameters<KestrelClient['createLightningPaymentQuote']>[0]),
    ],
    ['execute-payment-quote', (k) => k.executePaymentQuote(pathId('execute-payment-quote'))],
    ['get-payment-by-id', (k) => k.getPaymentById(pathId('get-payment-by-id'))],
    ['get-currency-exchange-rate-tickers', (k) => k.getCurrencyExchangeRateTickers()],
    [
      'create-currency-exchange-quote',
      (k, r) => k.createCurrencyExchangeQuote(r.body as Parameters<KestrelClient['createCurrencyExchangeQuote']>[0]),
    ],
    [
      'execute-currency-exchange-quote',
      (k) => k.executeCurrencyExchangeQuote(pathId('execute-currency-exchange-quote')),
    ],
    ['get-currency-exchange-quote', (k) => k.getCurrencyExchangeQuote(pathId('get-currency-exchange-quote'))],
    ['get-account-balance-details', (k) => k.getAccountBalanceDetails()],
  ];

  it.each(cases)('%s', async (_slug, call) => {
    const shown = requestFor(_slug);
    const {kestrel, calls} = client(() => ({status: 200, body: {ok: true}}));
    await expect(call(kestrel, shown)).resolves.toEqual({ok: true});
    expect(calls).toHaveLength(1);
    const sent = calls[0]!;
    expect(sent.method).toBe(shown.method);
    expect(sent.url.origin + sent.url.pathname).toBe(`${SANDBOX_BASE_URL}${shown.apiPath}`);
    expect([...sent.url.searchParams]).toEqual([...shown.query]);
    expect(sent.headers.Authorization).toBe('Bearer sk_sandbox_test');
    expect(sent.headers['Idempotency-Key'] !== undefined).toBe(shown.headers.has('idempotency-key'));
    if (sent.headers['Idempotency-Key']) expect(sent.headers['Idempotency-Key']).toMatch(UUID);
    expect(sent.headers['Content-Type']).toBe(shown.headers.get('content-type'));
    expect(sent.body).toEqual(shown.body);
  });

  it('get-payouts, through the generic request with OData query options', async () => {
    const shown = requestFor('get-payouts');
    const {kestrel, calls} = client(() => ({body: {items: [], count: 0}}));
    await kestrel.request('GET', '/payouts', {query: Object.fromEntries(shown.query)});
    const sent = calls[0]!.url.href;
    expect(sent).not.toMatch(/\+/);
    expect(decodeURIComponent(sent)).toBe(
      decodeURIComponent(`${SANDBOX_BASE_URL}${shown.target.replace(/^\/v1/, '')}`),
    );
  });

  it('generates a new Idempotency-Key for each call, or sends the one given', async () => {
    const {kestrel, calls} = client(() => ({status: 201, body: {}}));
    const body = {amount: {amount: '1.00', currency: 'USD'}};
    await kestrel.issueInvoice(body);
    await kestrel.issueInvoice(body);
    await kestrel.issueInvoice(body, 'order-1042-invoice');
    const keys = calls.map((c) => c.headers['Idempotency-Key']);
    expect(keys[0]).not.toBe(keys[1]);
    expect(keys[2]).toBe('order-1042-invoice');
  });

  it('reads the base URL and key from the environment, and refuses to start without a key', () => {
    vi.stubEnv('KESTREL_API_KEY', 'sk_sandbox_env');
    vi.stubEnv('KESTREL_API_BASE', 'https://api.kestrel.example/v1/');
    try {
      expect(new KestrelClient().baseUrl).toBe('https://api.kestrel.example/v1');
      vi.stubEnv('KESTREL_API_BASE', '');
      expect(new KestrelClient().baseUrl).toBe(SANDBOX_BASE_URL);
      vi.stubEnv('KESTREL_API_KEY', '');
      expect(() => new KestrelClient()).toThrow(/KESTREL_API_KEY/);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe('the example client turns errors into KestrelProblem', () => {
  it('keeps status, code, traceId, detail and validationErrors', async () => {
    const {kestrel} = client(() =>
      problem(422, 'VALIDATION_FAILED', {
        detail: 'One field is invalid.',
        validationErrors: {'amount.amount': ['Must be a decimal string.']},
      }),
    );
    const error = await kestrel.issueInvoice({amount: {amount: '1', currency: 'USD'}}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KestrelProblem);
    expect(error).toMatchObject({
      status: 422,
      code: 'VALIDATION_FAILED',
      traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
      detail: 'One field is invalid.',
      validationErrors: {'amount.amount': ['Must be a decimal string.']},
    });
    expect((error as Error).message).toBe(
      '422 VALIDATION_FAILED: One field is invalid. (traceId 4bf92f3577b34da6a3ce929d0e0e4736)',
    );
  });

  it('turns a body that is not JSON into a problem with the HTTP status', async () => {
    const fetch = vi.fn(
      async () => new Response('<html>Bad gateway</html>', {status: 502, headers: {'Content-Type': 'text/html'}}),
    );
    const kestrel = new KestrelClient({
      apiKey: 'k',
      fetch: fetch as unknown as typeof globalThis.fetch,
      sleep: noSleep,
      maxRetries: 0,
    });
    const error = (await kestrel
      .findInvoiceById('416203f4-673f-44ba-b417-8d9b070174ad')
      .catch((e: unknown) => e)) as KestrelProblem;
    expect(error).toBeInstanceOf(KestrelProblem);
    expect(error).toMatchObject({status: 502, code: 'UNKNOWN', traceId: undefined, detail: '<html>Bad gateway</html>'});
  });
});

describe('the example client retries', () => {
  it('a 429 after Retry-After, with jitter, and the same Idempotency-Key', async () => {
    const waits: number[] = [];
    const {kestrel, calls} = client(
      (_call, i) =>
        i === 0 ? {...problem(429, 'RATE_LIMITED'), headers: {'Retry-After': '2'}} : {status: 201, body: {id: 'x'}},
      {sleep: async (ms) => void waits.push(ms)},
    );
    await expect(kestrel.issueInvoice({amount: {amount: '5.00', currency: 'USD'}})).resolves.toEqual({id: 'x'});
    expect(calls).toHaveLength(2);
    expect(calls[1]!.headers['Idempotency-Key']).toBe(calls[0]!.headers['Idempotency-Key']);
    expect(calls[1]!.body).toEqual(calls[0]!.body);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(2000);
    expect(waits[0]).toBeLessThan(2000 + 500);
  });

  it('a 503 on a read or an idempotent write, with backoff when there is no Retry-After', async () => {
    const waits: number[] = [];
    const {kestrel, calls} = client((_call, i) => (i < 2 ? problem(503, 'SERVICE_UNAVAILABLE') : {body: {id: 'x'}}), {
      sleep: async (ms) => void waits.push(ms),
    });
    await kestrel.findInvoiceById('416203f4-673f-44ba-b417-8d9b070174ad');
    expect(calls).toHaveLength(3);
    expect(waits).toEqual([250, 500]);
  });

  it('not a 503 on a write without an Idempotency-Key, which may have run', async () => {
    const {kestrel, calls} = client(() => problem(503, 'SERVICE_UNAVAILABLE'));
    await expect(kestrel.cancelUnpaidInvoice('416203f4-673f-44ba-b417-8d9b070174ad')).rejects.toMatchObject({
      status: 503,
    });
    expect(calls).toHaveLength(1);
  });

  it('a 429 on any write, and gives up after maxRetries', async () => {
    const {kestrel, calls} = client(() => ({...problem(429, 'RATE_LIMITED'), headers: {'Retry-After': '1'}}));
    await expect(kestrel.cancelUnpaidInvoice('416203f4-673f-44ba-b417-8d9b070174ad')).rejects.toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
    });
    expect(calls).toHaveLength(4);
  });

  it('never a 4xx other than 429', async () => {
    const {kestrel, calls} = client(() => problem(409, 'INVOICE_NOT_CANCELLABLE'));
    await expect(kestrel.cancelUnpaidInvoice('416203f4-673f-44ba-b417-8d9b070174ad')).rejects.toMatchObject({
      status: 409,
    });
    expect(calls).toHaveLength(1);
  });
});

// ---------------------------------------------------------------------------------------------
// The apps
// ---------------------------------------------------------------------------------------------

const INVOICE_ID = '416203f4-673f-44ba-b417-8d9b070174ad';

function invoice(status: string): Json {
  return {
    id: INVOICE_ID,
    status,
    amount: {amount: '150.00', currency: 'USD'},
    expiration: '2026-11-04T14:05:12Z',
    created: '2026-11-03T14:05:12Z',
  };
}

function invoiceQuote(n: number, expiration: string): Json {
  return {id: `quote-${n}`, invoiceId: INVOICE_ID, lnInvoice: `lntbs${n}`, expiration, created: '2026-11-03T14:05:12Z'};
}

describe('receive-payment.ts', () => {
  it('issues an invoice, shows a quote, renews it when it expires and returns the invoice once PAID', async () => {
    let now = Date.parse('2026-11-03T14:05:12Z');
    const statuses = ['UNPAID', 'UNPAID', 'PENDING', 'PAID'];
    let quotes = 0;
    const {kestrel, calls} = client((call) => {
      if (call.method === 'POST' && call.url.pathname === '/v1/invoices') return {status: 201, body: invoice('UNPAID')};
      if (call.method === 'POST' && call.url.pathname.endsWith('/quote')) {
        quotes++;
        return {status: 201, body: invoiceQuote(quotes, new Date(now + 60_000).toISOString())};
      }
      return {body: invoice(statuses.shift()!)};
    });
    const shown: string[] = [];
    const result = await receivePayment(kestrel, {
      amount: {amount: '150.00', currency: 'USD'},
      description: 'Order 1042',
      onQuote: (q) => shown.push(q.lnInvoice),
      pollIntervalMs: 70_000,
      sleep: async (ms) => void (now += ms),
      now: () => now,
    });
    expect(result.status).toBe('PAID');
    expect(shown).toEqual(['lntbs1', 'lntbs2']);
    expect(calls[0]!.body).toEqual({amount: {amount: '150.00', currency: 'USD'}, description: 'Order 1042'});
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
      'POST /v1/invoices',
      `POST /v1/invoices/${INVOICE_ID}/quote`,
      `GET /v1/invoices/${INVOICE_ID}`,
      `GET /v1/invoices/${INVOICE_ID}`,
      `POST /v1/invoices/${INVOICE_ID}/quote`,
      `GET /v1/invoices/${INVOICE_ID}`,
      `GET /v1/invoices/${INVOICE_ID}`,
    ]);
  });

  /** 150.00 USD with a 10 s timeout, on a clock that only the example's own sleeps move. */
  const receiveUntilTimeout = (kestrel: Parameters<typeof receivePayment>[0], pollIntervalMs: number) => {
    let now = 0;
    return receivePayment(kestrel, {
      amount: {amount: '150.00', currency: 'USD'},
      timeoutMs: 10_000,
      pollIntervalMs,
      sleep: async (ms) => void (now += ms),
      now: () => now,
    });
  };

  it('cancels the invoice when nobody pays it in time', async () => {
    const {kestrel, calls} = client((call) => {
      if (call.method === 'POST' && call.url.pathname === '/v1/invoices') return {status: 201, body: invoice('UNPAID')};
      if (call.method === 'POST') return {status: 201, body: invoiceQuote(1, '2099-01-01T00:00:00Z')};
      if (call.method === 'PATCH') return {body: invoice('CANCELLED')};
      return {body: invoice('UNPAID')};
    });
    const result = await receiveUntilTimeout(kestrel, 5_000);
    expect(result.status).toBe('CANCELLED');
    expect(calls.at(-1)!.method).toBe('PATCH');
    expect(calls.at(-1)!.url.pathname).toBe(`/v1/invoices/${INVOICE_ID}/cancel`);
  });

  it('reads the invoice again when it was paid just before the cancel', async () => {
    const statuses = ['UNPAID', 'UNPAID', 'PENDING'];
    const {kestrel, calls} = client((call) => {
      if (call.method === 'POST' && call.url.pathname === '/v1/invoices') return {status: 201, body: invoice('UNPAID')};
      if (call.method === 'POST') return {status: 201, body: invoiceQuote(1, '2099-01-01T00:00:00Z')};
      if (call.method === 'PATCH') return problem(409, 'INVOICE_NOT_CANCELLABLE');
      return {body: invoice(statuses.shift()!)};
    });
    const result = await receiveUntilTimeout(kestrel, 10_000);
    expect(result.status).toBe('PENDING');
    expect(calls.map((c) => c.method)).toEqual(['POST', 'POST', 'GET', 'GET', 'PATCH', 'GET']);
  });
});

const QUOTE_ID = '1f668a9b-ad0b-493f-a9c4-9c13dcc217a6';
const PAYMENT_ID = '6443c564-32c3-48bd-9aa1-666704602320';

/** A Lightning payment quote that takes 49.01 USD, fee included. */
const LN_QUOTE = {id: QUOTE_ID, totalAmount: {amount: '49.01', currency: 'USD'}};

function payment(status: string): Json {
  return {id: PAYMENT_ID, quoteId: QUOTE_ID, status};
}

describe('send-payment.ts', () => {
  it('quotes, executes and follows the payment until it is final', async () => {
    const statuses = ['PENDING', 'COMPLETED'];
    const {kestrel, calls} = client((call) => {
      if (call.url.pathname === '/v1/payment-quotes/lightning') return {status: 201, body: LN_QUOTE};
      if (call.url.pathname.endsWith('/execute')) return {status: 201, body: payment('PENDING')};
      return {body: payment(statuses.shift()!)};
    });
    const result = await payLightningInvoice(kestrel, {
      lnInvoice: 'lntbs500u1pexample',
      sourceCurrency: 'USD',
      maxTotal: '100.00',
    });
    expect(result.status).toBe('COMPLETED');
    expect(calls[0]!.body).toEqual({lnInvoice: 'lntbs500u1pexample', sourceCurrency: 'USD'});
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
      'POST /v1/payment-quotes/lightning',
      `POST /v1/payment-quotes/${QUOTE_ID}/execute`,
      `GET /v1/payments/${PAYMENT_ID}`,
      `GET /v1/payments/${PAYMENT_ID}`,
    ]);
  });

  it('replaces an expired quote once, with new Idempotency-Keys', async () => {
    let executes = 0;
    const {kestrel, calls} = client((call) => {
      if (call.url.pathname === '/v1/payment-quotes/lightning') return {status: 201, body: LN_QUOTE};
      if (call.url.pathname.endsWith('/execute'))
        return ++executes === 1 ? problem(422, 'QUOTE_EXPIRED') : {status: 201, body: payment('COMPLETED')};
      return {body: payment('COMPLETED')};
    });
    await expect(
      payLightningInvoice(kestrel, {lnInvoice: 'lntbs1', sourceCurrency: 'BTC', maxTotal: '100.00'}),
    ).resolves.toMatchObject({
      status: 'COMPLETED',
    });
    const keys = calls.map((c) => c.headers['Idempotency-Key']);
    expect(new Set(keys).size).toBe(4);
  });

  it('gives up on a second expired quote and passes other errors on', async () => {
    const expired = client((call) =>
      call.url.pathname.endsWith('/execute') ? problem(422, 'QUOTE_EXPIRED') : {status: 201, body: LN_QUOTE},
    );
    await expect(
      payLightningInvoice(expired.kestrel, {lnInvoice: 'lntbs1', sourceCurrency: 'BTC', maxTotal: '100.00'}),
    ).rejects.toMatchObject({code: 'QUOTE_EXPIRED'});
    expect(expired.calls).toHaveLength(4);

    const poor = client((call) =>
      call.url.pathname.endsWith('/execute') ? problem(422, 'INSUFFICIENT_FUNDS') : {status: 201, body: LN_QUOTE},
    );
    await expect(
      payLightningInvoice(poor.kestrel, {lnInvoice: 'lntbs1', sourceCurrency: 'BTC', maxTotal: '100.00'}),
    ).rejects.toMatchObject({
      status: 422,
      code: 'INSUFFICIENT_FUNDS',
    });
    expect(poor.calls).toHaveLength(2);
  });
});

describe('exchange-currency.ts', () => {
  const quoteId = '634ecc7c-c772-4146-8cf8-5b7fdd4c0884';
  const ticker = (quote: string, mid: string) => ({
    baseCurrency: 'BTC',
    quoteCurrency: quote,
    bid: mid,
    ask: mid,
    mid,
    updated: '2026-11-03T16:19:58Z',
  });
  const TICKERS = {items: [ticker('EUR', '89500.00'), ticker('USD', '97250.00')], count: 2};
  const balance = (currency: string) => {
    const money = {amount: '1.00', currency};
    return {
      currency,
      available: money,
      pending: {amount: '0.00', currency},
      total: money,
      updated: '2026-11-03T16:20:12Z',
    };
  };
  /** "500.00 USD" as an amount and its currency. */
  const money = (text: string) => {
    const [amount, currency] = text.split(' ');
    return {amount: amount!, currency: currency!};
  };
  /** A quote the fake answers: what it takes, what it gives, its fee and its rate. */
  const quoteOf = (source: string, target: string, fee: string, rate: string) => ({
    source: money(source),
    target: money(target),
    fee: money(fee),
    rate,
  });
  /** The walkthrough's exchange, polling without a pause. */
  const exchangeNow = (kestrel: Parameters<typeof exchangeCurrency>[0], from: string, to: string, amount: string) =>
    exchangeCurrency(kestrel, {sourceCurrency: from, targetCurrency: to, amount, sleep: async () => {}});
  /** A fake Kestrel whose quote is `quote`, then PENDING and COMPLETED. */
  function exchange(quote: Json) {
    const statuses = ['PENDING', 'COMPLETED'];
    return client((call) => {
      const p = call.url.pathname;
      if (p === '/v1/rates/ticker') return {body: TICKERS};
      if (p === '/v1/currency-exchange-quotes') return {status: 201, body: {id: quoteId, status: 'NEW', ...quote}};
      if (p.endsWith('/execute')) return {body: {id: quoteId, status: 'PENDING'}};
      if (p === '/v1/account/balances') return {body: {items: ['BTC', 'USD', 'EUR'].map(balance), count: 3}};
      return {body: {id: quoteId, status: statuses.shift()}};
    });
  }
  // The page's quote: 500.00 USD, 2.50 USD fee, 0.00511312 BTC (0.55 % below the mid, fee included).
  const PAGE_QUOTE = quoteOf('500.00 USD', '0.00511312 BTC', '2.50 USD', '0.000010277637');

  it('reads the ticker, creates and executes a quote, waits for it and reads the two balances', async () => {
    const {kestrel, calls} = exchange(PAGE_QUOTE);
    const result = await exchangeNow(kestrel, 'USD', 'BTC', '500.00');
    expect(result.mid).toBeCloseTo(1 / 97250, 12);
    expect(result.quote.status).toBe('COMPLETED');
    expect(result.balances.map((b) => b.currency)).toEqual(['BTC', 'USD']);
    expect(calls[1]!.body).toEqual(requestFor('create-currency-exchange-quote').body);
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
      'GET /v1/rates/ticker',
      'POST /v1/currency-exchange-quotes',
      `POST /v1/currency-exchange-quotes/${quoteId}/execute`,
      `GET /v1/currency-exchange-quotes/${quoteId}`,
      `GET /v1/currency-exchange-quotes/${quoteId}`,
      'GET /v1/account/balances',
    ]);
  });

  it('refuses a quote whose rate is the mid but whose fee takes more than the tolerance', async () => {
    // The rate is exactly the mid; the 5 % fee is what makes the price bad.
    const {kestrel, calls} = exchange(quoteOf('500.00 USD', '0.00488432 BTC', '25.00 USD', '0.000010282776'));
    await expect(exchangeNow(kestrel, 'USD', 'BTC', '500.00')).rejects.toThrow(
      /5\.0\d % less than the tickers' mid, fee included.*not executed/,
    );
    expect(calls.some((c) => c.url.pathname.endsWith('/execute'))).toBe(false);
  });

  it('prices a pair without BTC through the BTC tickers, and refuses a bad quote for it', async () => {
    // USD to EUR: no ticker names the pair; the mid is 89500 / 97250 EUR per USD.
    const fair = exchange(quoteOf('100.00 USD', '91.57 EUR', '0.50 USD', '0.920308483290'));
    const result = await exchangeNow(fair.kestrel, 'USD', 'EUR', '100.00');
    expect(result.mid).toBeCloseTo(89500 / 97250, 12);
    expect(result.quote.status).toBe('COMPLETED');
    const bad = exchange(quoteOf('100.00 USD', '80.00 EUR', '0.50 USD', '0.804020100503'));
    await expect(exchangeNow(bad.kestrel, 'USD', 'EUR', '100.00')).rejects.toThrow(/not executed/);
    expect(bad.calls.some((c) => c.url.pathname.endsWith('/execute'))).toBe(false);
  });

  it('refuses a quote that gives nothing, and quotes nothing for a currency no ticker prices', async () => {
    const nothing = exchange(quoteOf('0.00000001 BTC', '0.00 USD', '0.00000000 BTC', '97250.00'));
    await expect(exchangeNow(nothing.kestrel, 'BTC', 'USD', '0.00000001')).rejects.toThrow(
      /100\.00 % less.*not executed/,
    );
    const unpriced = exchange(PAGE_QUOTE);
    await expect(
      exchangeCurrency(unpriced.kestrel, {sourceCurrency: 'GBP', targetCurrency: 'BTC', amount: '10.00'}),
    ).rejects.toThrow(/No ticker prices GBP/);
    expect(unpriced.calls.map((c) => c.url.pathname)).toEqual(['/v1/rates/ticker']);
  });
});
