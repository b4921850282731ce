/**
 * Runs every curl, Node.js and Python sample of the five walkthroughs (examples/walkthroughs/curl,
 * node/steps, python) against the local sandbox, step by step in the order of its page: each
 * sample reads the base URL, key and the ids of earlier steps from the environment, must exit 0,
 * and must print an answer of the operation's success status with the definition's shape. The ids
 * it prints are carried to the next step of the same language.
 *
 * The sandbox keeps state and its balances start at zero, so before a walkthrough that spends
 * money the suite funds the balances it spends from, as a reader does first: it issues an invoice
 * in that currency, asks for its quote (which starts the sandbox's simulated customer) and moves
 * the sandbox clock past the payment delay until the invoice is PAID.
 */
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {execFile} from 'node:child_process';
import {randomUUID} from 'node:crypto';
import {existsSync, readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {promisify} from 'node:util';
import {startSandbox, type Sandbox} from './sandbox-process';
import {ROOT, SAMPLE_ENV, definition, readPage, exchangesOf} from './guide-http';

const run = promisify(execFile);
const def = definition();
const LANGUAGES = ['curl', 'nodejs', 'python'] as const;
type Language = (typeof LANGUAGES)[number];

function sampleFile(language: Language, slug: string): string {
  if (language === 'curl') return `examples/walkthroughs/curl/${slug}.sh`;
  if (language === 'nodejs') return `examples/walkthroughs/node/steps/${slug}.ts`;
  return `examples/walkthroughs/python/${slug.replace(/-/g, '_')}.py`;
}

function command(language: Language, file: string): [string, string[]] {
  if (language === 'curl') return ['bash', [file]];
  if (language === 'nodejs') return [process.execPath, ['--import', 'tsx', file]];
  return ['python3', [file]];
}

interface Step {
  slug: string;
  /** Environment variables this step sets for the later ones, from fields of its answer. */
  sets?: Record<string, (answer: Record<string, unknown>) => unknown>;
}

const id = (answer: Record<string, unknown>) => answer.id;
const pageFile = (page: string) =>
  page === 'setting-up-webhooks' ? `docs/webhooks/${page}.md` : `docs/walkthrough/${page}.md`;

/** Each walkthrough's API steps, in page order, and the ids they hand on. */
const FLOWS: Record<string, Step[]> = {
  'receiving-payments': [
    {slug: 'issue-invoice', sets: {INVOICE_ID: id}},
    {slug: 'issue-quote-for-invoice'},
    {slug: 'find-invoice-by-id'},
    // The cancel step cancels a fresh invoice of its own, which nobody can have paid yet.
    {slug: 'issue-invoice', sets: {INVOICE_ID: id}},
    {slug: 'cancel-unpaid-invoice'},
    {slug: 'create-a-receive-request', sets: {RECEIVE_REQUEST_ID: id}},
    {slug: 'get-receives-for-receive-request'},
  ],
  'sending-payments': [
    {slug: 'create-lightning-payment-quote', sets: {QUOTE_ID: id}},
    {slug: 'execute-payment-quote', sets: {PAYMENT_ID: id}},
    {slug: 'get-payment-by-id'},
    {slug: 'get-lnurl-details'},
    {slug: 'create-lnurl-ln-address-payment-quote'},
    {slug: 'get-onchain-tiers'},
    {slug: 'create-onchain-payment-quote', sets: {QUOTE_ID: id}},
    {slug: 'execute-payment-quote'},
  ],
  'making-payouts': [
    {slug: 'create-bank-payment-method', sets: {PAYMENT_METHOD_ID: id, FUNDING_PAYMENT_METHOD_ID: id}},
    {slug: 'create-a-payout-originator', sets: {ORIGINATOR_ID: id}},
    {slug: 'create-a-payout', sets: {PAYOUT_ID: id}},
    {slug: 'initiate-a-payout'},
    {slug: 'find-payout-by-id'},
    {slug: 'get-payouts'},
    {slug: 'get-deposit-fee-estimate'},
    {slug: 'initiate-deposit'},
  ],
  'exchanging-currencies': [
    {slug: 'get-currency-exchange-rate-tickers'},
    {slug: 'create-currency-exchange-quote', sets: {QUOTE_ID: id}},
    {slug: 'execute-currency-exchange-quote'},
    {slug: 'get-currency-exchange-quote'},
    {slug: 'get-account-balance-details'},
  ],
  'setting-up-webhooks': [{slug: 'create-subscription'}],
  'directing-payments-third-party': [
    {slug: 'fetch-public-account-profile-info-by-handle'},
    {slug: 'issue-invoice-for-receiver', sets: {INVOICE_ID: id}},
    {slug: 'issue-quote-for-invoice'},
    {slug: 'find-invoice-by-id'},
    {slug: 'get-invoices'},
    {slug: 'fetch-logged-in-account-limits'},
  ],
};

/**
 * What each walkthrough spends, per run, funded before its first step. Sending payments pays the
 * Lightning invoice from USD (about 49 USD) and the on-chain quote from BTC (0.01 BTC plus the tier
 * fee); the payout initiates 2500.00 EUR plus its fee; the exchange sells 500.00 USD.
 */
const FUNDS: Record<string, {amount: string; currency: string}[]> = {
  'sending-payments': [
    {amount: '100.00', currency: 'USD'},
    {amount: '0.02000000', currency: 'BTC'},
  ],
  'making-payouts': [{amount: '3000.00', currency: 'EUR'}],
  'exchanging-currencies': [{amount: '600.00', currency: 'USD'}],
};

/** Seconds from an invoice's quote to the simulated customer's payment (`--pay-after`). */
const PAY_AFTER_SECONDS = 10;
/** The payment settles (PENDING to PAID) a second after it starts; a little more is safe. */
const SETTLE_SECONDS = 2;

async function api(method: string, apiPath: string, body?: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${sandbox.base}${apiPath}`, {
    method,
    headers: {
      Authorization: 'Bearer sk_sandbox_local_test',
      'Idempotency-Key': randomUUID(),
      ...(body ? {'Content-Type': 'application/json'} : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${apiPath}: ${res.status} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** Funds the balances as a reader does: issue an invoice, quote it, let the sandbox pay it. */
async function fund(amounts: {amount: string; currency: string}[]): Promise<void> {
  const invoiceIds: string[] = [];
  for (const amount of amounts) {
    const invoice = await api('POST', '/invoices', {amount, description: 'Funding the walkthrough samples'});
    await api('POST', `/invoices/${invoice.id as string}/quote`);
    invoiceIds.push(invoice.id as string);
  }
  await sandbox.advance(PAY_AFTER_SECONDS + SETTLE_SECONDS);
  for (const invoiceId of invoiceIds) {
    const invoice = await api('GET', `/invoices/${invoiceId}`);
    expect(invoice.status, `funding invoice ${invoiceId}`).toBe('PAID');
  }
}

/** What is wrong with a sample's printed answer, judged by the operation's success response. */
function checkOutput(slug: string, stdout: string): {errors: string[]; answer: Record<string, unknown>} {
  const op = def.bySlug(slug)!;
  const responses = (op.node.responses ?? {}) as Record<string, Record<string, unknown>>;
  const status = Object.keys(responses).find((s) => s.startsWith('2'))!;
  const response = def.content(responses[status], op.file)!;
  let answer: Record<string, unknown>;
  try {
    answer = JSON.parse(stdout) as Record<string, unknown>;
  } catch {
    return {errors: [`printed no JSON: ${stdout.slice(0, 200)}`], answer: {}};
  }
  const schema = response.media['application/json']!.schema as Record<string, unknown>;
  return {errors: def.validate(schema, response.file, answer, 'response').map((e) => `${status} answer: ${e}`), answer};
}

let sandbox: Sandbox;
beforeAll(async () => {
  // Without the rate limit: the suite sends many requests a second from one key, far more than a
  // reader stepping through a walkthrough, and the sandbox's own suites test the limit.
  sandbox = await startSandbox(['--pay-after', String(PAY_AFTER_SECONDS), '--no-rate-limit']);
}, 90_000);
afterAll(async () => {
  await sandbox?.stop('SIGTERM');
});

describe('the walkthrough samples', () => {
  it('cover every API step of the five walkthroughs, in page order, in all three languages', () => {
    for (const [page, steps] of Object.entries(FLOWS)) {
      const shown = exchangesOf(readPage(pageFile(page))).requests.filter((r) => r.sample);
      const shownSlugs = shown.map((r) => def.findOperation(r.method, r.apiPath)!.op.slug);
      // The test issues one extra invoice for the cancel step; otherwise the page's order.
      const tested = steps
        .map((s) => s.slug)
        .filter((slug, i) => !(page === 'receiving-payments' && i === 3 && slug === 'issue-invoice'));
      expect(tested, page).toEqual(shownSlugs);
      for (const language of LANGUAGES)
        for (const slug of tested)
          expect(existsSync(path.join(ROOT, sampleFile(language, slug))), sampleFile(language, slug)).toBe(true);
    }
  });

  it('are all run by this suite: no sample file is left out', () => {
    const slugs = new Set(Object.values(FLOWS).flatMap((steps) => steps.map((s) => s.slug)));
    expect(
      readdirSync(path.join(ROOT, 'examples/walkthroughs/curl'))
        .map((f) => f.replace(/\.sh$/, ''))
        .sort(),
    ).toEqual([...slugs].sort());
    // print.ts is the helper that prints each Node.js sample's answer.
    const nodeSamples = readdirSync(path.join(ROOT, 'examples/walkthroughs/node/steps')).filter(
      (f) => f !== 'print.ts',
    );
    expect(nodeSamples.map((f) => f.replace(/\.ts$/, '')).sort()).toEqual([...slugs].sort());
  });

  it.each(Object.keys(FLOWS).flatMap((page) => LANGUAGES.map((language) => [page, language] as const)))(
    '%s in %s: each step exits 0 and prints an answer of the definition, its ids carried to the next step',
    async (page, language) => {
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        KESTREL_API_BASE: sandbox.base,
        KESTREL_API_KEY: 'sk_sandbox_local_test',
        LN_INVOICE: SAMPLE_ENV.LN_INVOICE,
        RECEIVER_HANDLE: SAMPLE_ENV.RECEIVER_HANDLE,
        KESTREL_WEBHOOK_SECRET: SAMPLE_ENV.KESTREL_WEBHOOK_SECRET,
        PYTHONDONTWRITEBYTECODE: '1',
      };
      await fund(FUNDS[page] ?? []);
      const errors: string[] = [];
      for (const step of FLOWS[page]!) {
        const file = sampleFile(language, step.slug);
        const [cmd, args] = command(language, file);
        // curl reads its Idempotency-Key from the environment; the clients make their own.
        const result = await run(cmd, args, {
          cwd: ROOT,
          env: {...env, IDEMPOTENCY_KEY: randomUUID()},
          timeout: 30_000,
        }).catch((error: {code?: number; stdout?: string; stderr?: string}) => ({
          stdout: error.stdout ?? '',
          stderr: `exit ${error.code}: ${error.stderr ?? ''}`,
          failed: true,
        }));
        if ('failed' in result) {
          errors.push(`${file}: ${result.stderr.trim()} ${result.stdout.trim()}`.slice(0, 400));
          break;
        }
        const {errors: shapeErrors, answer} = checkOutput(step.slug, result.stdout);
        errors.push(...shapeErrors.map((e) => `${file}: ${e}`));
        for (const [name, pick] of Object.entries(step.sets ?? {})) {
          const value = pick(answer);
          if (typeof value !== 'string') errors.push(`${file}: no ${name} in its answer`);
          else env[name] = value;
        }
      }
      expect(errors).toEqual([]);
    },
    120_000,
  );
});

describe("the sandbox guide's table of what the local sandbox checks", () => {
  const table = readFileSync(path.join(ROOT, 'docs/sandbox.md'), 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('| '));
  const row = (start: string) => table.find((l) => l.startsWith(start)) ?? '';

  it.each([
    [
      '| A query parameter of the wrong type',
      '/deposits/fee-estimate?paymentMethodId=6f416894-1646-4465-a379-a1167314e06b&amount=ten&currency=EUR',
      'amount',
    ],
    ['| A list option', '/invoices?$top=many', '$top'],
  ])('%s: the row says the status and code the sandbox answers', async (start, target, field) => {
    const line = row(start);
    const [, status, code] = /\| `(\d{3})` with code `([A-Z_]+)`/.exec(line) ?? [];
    expect(status, line).toBeDefined();
    const res = await fetch(`${sandbox.base}${target}`, {headers: {Authorization: 'Bearer sk_sandbox_local_test'}});
    const problem = (await res.json()) as {code: string; detail: string; validationErrors?: Record<string, string[]>};
    expect(res.status).toBe(Number(status));
    expect(problem.code).toBe(code);
    expect(JSON.stringify(problem.validationErrors ?? problem.detail)).toContain(field);
  });
});
