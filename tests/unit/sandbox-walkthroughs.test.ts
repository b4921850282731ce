/**
 * The walkthroughs, run for real against the local sandbox: each page's requests are sent in page
 * order, with the ids of earlier answers in place of the page's own (a page's id that no earlier
 * answer gave, such as the invoice a cancel step names, is created first as a stand-in). Each
 * answer must have the status the page shows, conform to the definition, carry the fields the
 * page's answer shows, and reach the status it shows (the sandbox clock is moved forward, a few
 * seconds at a time, for the steps a page says take time, such as a payment arriving).
 *
 * Each page is its own run: its ids are learned afresh. A step embedded from a curl sample reads its
 * ids from variables ($QUOTE_ID, $INVOICE_ID), which hold the same placeholder on every page; the
 * reader sets the variable to the id of the thing the step acts on, and the page's answer to the
 * step names that thing (a payment's `quoteId`, an invoice's own `id`), so that is the id used.
 */
import {describe, it, expect, beforeAll, afterAll} from 'vitest';
import {GUIDE_FILES, SAMPLE_ENV, UUID, exchangesOf, isApiRequest, readPage, type HttpRequest} from './guide-http';
import {answerProblems, guideDefinition} from './sandbox-answers';
import {startSandbox, type Sandbox} from './sandbox-process';

// The guides' example answers and the sandbox's, compared and read field by field as a reader of the guide would.
type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON of every operation's shape, read by path
const TOKEN = 'Bearer sk_sandbox_walkthroughs';
const UUIDS = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const PAGES = GUIDE_FILES.filter((f) => f.startsWith('docs/walkthrough/')).map((file) => ({
  file,
  ...exchangesOf(readPage(file)),
}));

let sandbox: Sandbox;
/** The page's ids -> the sandbox's. */
const ids = new Map<string, string>();

async function send(method: string, target: string, headers: Record<string, string>, body?: string) {
  const res = await fetch(`${sandbox.origin}${target}`, {method, headers, body});
  const text = await res.text();
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    version: res.headers.get('kestrel-version'),
    body: text ? (JSON.parse(text) as Any) : undefined,
  };
}

const post = async (path: string, body: unknown) =>
  (
    await send(
      'POST',
      `/v1${path}`,
      {Authorization: TOKEN, 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID()},
      JSON.stringify(body),
    )
  ).body;

/** Learns id pairs from a shown answer and the real one, walking both in parallel. */
function learn(shown: Any, real: Any): void {
  if (typeof shown === 'string' && typeof real === 'string' && UUID.test(shown) && UUID.test(real)) {
    if (!ids.has(shown)) ids.set(shown, real);
    return;
  }
  if (Array.isArray(shown) && Array.isArray(real)) shown.forEach((s, i) => learn(s, real[i]));
  else if (shown && real && typeof shown === 'object' && typeof real === 'object')
    for (const k of Object.keys(shown)) learn(shown[k], real[k]);
}

/** Creates what a page names without having created it, from the field or parameter that names it. */
const STAND_INS: Record<string, (shown: Any) => Promise<string>> = {
  invoiceId: async (shown) =>
    (
      await post('/invoices', {
        amount: shown?.amount ?? {amount: '75.00', currency: 'USD'},
        description: shown?.description ?? undefined,
        reference: shown?.reference ?? undefined,
      })
    ).id,
  paymentMethodId: async () =>
    (
      await post('/payment-methods/bank', {
        currency: 'EUR',
        country: 'DE',
        accountHolderName: 'Stand-in GmbH',
        accountHolderType: 'BUSINESS',
        bankCode: 'COBADEFFXXX',
        accountNumber: 'DE89370400440532013000',
      })
    ).id,
};

/** The name a page gives an id: its path parameter, query parameter or body field. */
function nameOf(r: HttpRequest, id: string): string | undefined {
  const found = guideDefinition.findOperation(r.method, r.apiPath);
  const param = Object.entries(found?.values ?? {}).find(([, v]) => v === id)?.[0];
  if (param) return param;
  const query = [...r.query].find(([, v]) => v === id)?.[0];
  if (query) return query;
  return /"(\w+)"\s*:\s*"([^"]+)"/g.exec(
    r.rawBody.replace(new RegExp(`[\\s\\S]*?("\\w+"\\s*:\\s*"${id}")`), '$1'),
  )?.[1];
}

/** `named` is the id as the request writes it, when the page's id is another (a sample's placeholder). */
async function realId(r: HttpRequest, id: string, shown: Any, named = id): Promise<string> {
  const known = ids.get(id);
  if (known) return known;
  const name = nameOf(r, named);
  const make = name ? STAND_INS[name] : undefined;
  if (!make)
    throw new Error(
      `${r.method} ${r.target}: the id ${id} (${name ?? 'unnamed'}) comes from no earlier answer and has no stand-in`,
    );
  const made = await make(shown);
  ids.set(id, made);
  return made;
}

const PLACEHOLDERS = new Set(Object.values(SAMPLE_ENV).filter((v) => UUID.test(v)));

/**
 * The page's id a sample's placeholder stands for in this step: the field of the shown answer named
 * like the parameter or field holding it, or, for the object a path ends on, the answer's own `id`.
 */
function pageIdOf(r: HttpRequest, id: string, shown: Any): string {
  if (!r.sample || !PLACEHOLDERS.has(id) || !shown || typeof shown !== 'object' || Array.isArray(shown)) return id;
  const name = nameOf(r, id);
  if (name && typeof shown[name] === 'string' && UUID.test(shown[name])) return shown[name];
  const found = guideDefinition.findOperation(r.method, r.apiPath);
  const pathParams = found ? Object.keys(found.values) : [];
  if (
    name &&
    name === pathParams.at(-1) &&
    typeof shown.id === 'string' &&
    UUID.test(shown.id) &&
    !Object.keys(shown).some((k) => /Id$/.test(k) && k !== name && shown[k] === shown.id)
  )
    return shown.id;
  return id;
}

async function replaceIds(r: HttpRequest, text: string, shown: Any): Promise<string> {
  let out = text;
  for (const id of new Set(text.match(UUIDS) ?? []))
    out = out.split(id).join(await realId(r, pageIdOf(r, id, shown), shown, id));
  return out;
}

beforeAll(async () => {
  sandbox = await startSandbox(['--no-rate-limit']);
  // Test funds, as the guides say: invoices paid by the simulated customer.
  for (const amount of [
    {amount: '200000.00', currency: 'USD'},
    {amount: '200000.00', currency: 'EUR'},
    {amount: '50000.00', currency: 'GBP'},
    {amount: '5.00000000', currency: 'BTC'},
  ]) {
    const invoice = await post('/invoices', {amount});
    await post(`/invoices/${invoice.id}/quote`, undefined);
  }
  await sandbox.advance(15);
});

afterAll(() => sandbox?.stop('SIGTERM'));

describe('the walkthroughs run against the local sandbox', () => {
  it('shows requests to run', () => {
    expect(PAGES.reduce((n, p) => n + p.requests.filter(isApiRequest).length, 0)).toBeGreaterThanOrEqual(25);
  });

  for (const page of PAGES.filter((p) => p.requests.some(isApiRequest))) {
    it(`${page.file}: every request, in order`, async () => {
      ids.clear();
      for (const r of page.requests.filter(isApiRequest)) {
        const shown = page.answers.find((a) => a.request === r);
        const where = `${page.file} line ${r.line}: ${r.method} ${r.target}`;
        const headers: Record<string, string> = {};
        for (const [name, value] of r.headers) if (name !== 'host') headers[name] = value;
        headers.authorization = TOKEN;
        if (headers['idempotency-key']) headers['idempotency-key'] = crypto.randomUUID();
        const target = await replaceIds(r, r.target, shown?.body);
        const body = r.rawBody ? await replaceIds(r, r.rawBody, shown?.body) : undefined;
        let real = await send(r.method, target, headers, body);
        // A step the page says takes time (a payment, a payout): move the clock until it shows.
        const wanted = (shown?.body as Any)?.status;
        for (
          let waited = 0;
          r.method === 'GET' && typeof wanted === 'string' && real.body?.status !== wanted && waited < 120;
          waited += 5
        ) {
          await sandbox.advance(5);
          real = await send(r.method, target, headers, body);
        }
        expect(
          answerProblems(r.method, target.replace(/^\/v1/, ''), real.status, real.type, real.body, real.version),
          where,
        ).toEqual([]);
        if (!shown) {
          expect(real.status, `${where}: ${JSON.stringify(real.body)}`).toBeLessThan(300);
          continue;
        }
        expect(real.status, `${where}: ${JSON.stringify(real.body)}`).toBe(shown.status);
        if (shown.hasBody && shown.body && typeof shown.body === 'object') {
          const s = shown.body as Any;
          expect(Object.keys(real.body).sort(), where).toEqual(expect.arrayContaining(Object.keys(s).sort()));
          if (typeof s.status === 'string') expect(real.body.status, where).toBe(s.status);
          if (typeof s.code === 'string') expect(real.body.code, where).toBe(s.code);
          learn(s, real.body);
        }
      }
    });
  }
});
