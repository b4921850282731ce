/**
 * Runs every curl, Node.js and Python sample of the five walkthroughs (examples/walkthroughs/curl,
 * node/steps, python) against the local sandbox, step by step in the order of its page: each
 * sample reads the base URL, key and the ids of earlier steps from the environment, must exit 0,
 * and must print an answer of the operation's success status with the definition's shape. The
 * sandbox's own log must show that the sample sent its operation's method and path and got the
 * success status, and each step that changes something must leave the object as it says (a
 * cancelled invoice reads CANCELLED). The ids it prints are carried to the next step of the same
 * language. The Lightning invoice paid is the ready-made test input the walkthroughs name.
 *
 * The sandbox keeps state and its balances start at zero, so before a walkthrough that spends
 * money the suite funds the balances it spends from, as a reader does first: it issues an invoice
 * in that currency, asks for its quote (which starts the sandbox's simulated customer) and moves
 * the sandbox clock past the payment delay until the invoice is PAID.
 */
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {execFile} from 'node:child_process';
import {randomUUID} from 'node:crypto';
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {promisify} from 'node:util';
import {startSandbox, waitFor, type Sandbox} from './sandbox-process';
import {LIGHTNING_INVOICES} from '../../sandbox/test-inputs';
import {renderFacts} from '../../plugins/prose-facts/render.ts';
import {ROOT, SAMPLE_ENV, definition, readPage, exchangesOf} from './guide-http';
import {SAMPLE_LANGUAGES, sampleFile, type SampleLanguage} from '../../snippets/walkthrough/files.ts';
import {WALKTHROUGH_STEPS} from '../../snippets/walkthrough/steps.ts';

const run = promisify(execFile);
const def = definition();
const LANGUAGES = SAMPLE_LANGUAGES;
type Language = SampleLanguage;

function command(language: Language, file: string): [string, string[]] {
  if (language === 'curl') return ['bash', [file]];
  if (language === 'nodejs') return [process.execPath, ['--import', 'tsx', file]];
  return ['python3', [file]];
}

type Answer = Record<string, unknown>;

interface Step {
  slug: string;
  /** Environment variables this step sets for the later ones, from fields of its answer. */
  sets?: Record<string, (answer: Answer) => unknown>;
  /** The object the step changed, read back afterwards, and the fields it must then have. */
  leaves?: {path: (env: NodeJS.ProcessEnv, answer: Answer) => string; fields: Answer};
}

const id = (answer: Answer) => answer.id;
/** The step's own answer, read back by id: what it created or changed is stored as answered. */
const stored = (base: string, fields: Answer = {}) => ({
  path: (_env: NodeJS.ProcessEnv, a: Answer) => `${base}/${a.id as string}`,
  fields,
});
const pageFile = (page: string) =>
  page === 'setting-up-webhooks' ? `docs/webhooks/${page}.md` : `docs/walkthrough/${page}.md`;

/** Each walkthrough's API steps, in page order, and the ids they hand on. */
const FLOWS: Record<string, Step[]> = {
  'receiving-payments': [
    {slug: 'issue-invoice', sets: {INVOICE_ID: id}, leaves: stored('/invoices', {status: 'UNPAID'})},
    {
      slug: 'issue-quote-for-invoice',
      leaves: {path: (env) => `/invoices/${env.INVOICE_ID}`, fields: {status: 'UNPAID'}},
    },
    {slug: 'find-invoice-by-id'},
    // The cancel step cancels a fresh invoice of its own, which nobody can have paid yet.
    {slug: 'issue-invoice', sets: {INVOICE_ID: id}},
    {
      slug: 'cancel-unpaid-invoice',
      leaves: {path: (env) => `/invoices/${env.INVOICE_ID}`, fields: {status: 'CANCELLED'}},
    },
    {slug: 'create-a-receive-request', sets: {RECEIVE_REQUEST_ID: id}, leaves: stored('/receive-requests')},
    {slug: 'get-receives-for-receive-request'},
  ],
  'sending-payments': [
    {slug: 'create-lightning-payment-quote', sets: {QUOTE_ID: id}},
    {slug: 'execute-payment-quote', sets: {PAYMENT_ID: id}, leaves: stored('/payments', {status: 'PENDING'})},
    {slug: 'get-payment-by-id'},
    {slug: 'get-lnurl-details'},
    {slug: 'create-lnurl-ln-address-payment-quote'},
    {slug: 'get-onchain-tiers'},
    {slug: 'create-onchain-payment-quote', sets: {QUOTE_ID: id}},
    {slug: 'execute-payment-quote', leaves: stored('/payments', {status: 'PENDING'})},
  ],
  'making-payouts': [
    {
      slug: 'create-bank-payment-method',
      sets: {PAYMENT_METHOD_ID: id, FUNDING_PAYMENT_METHOD_ID: id},
      leaves: stored('/payment-methods/bank'),
    },
    {slug: 'create-a-payout-originator', sets: {ORIGINATOR_ID: id}, leaves: stored('/payout-originators')},
    {slug: 'create-a-payout', sets: {PAYOUT_ID: id}, leaves: stored('/payouts', {status: 'NEW'})},
    {slug: 'initiate-a-payout', leaves: {path: (env) => `/payouts/${env.PAYOUT_ID}`, fields: {status: 'INITIATED'}}},
    {slug: 'find-payout-by-id'},
    {slug: 'get-payouts'},
    {slug: 'get-deposit-fee-estimate'},
    {slug: 'initiate-deposit', leaves: stored('/deposits', {status: 'PENDING'})},
  ],
  'exchanging-currencies': [
    {slug: 'get-currency-exchange-rate-tickers'},
    {
      slug: 'create-currency-exchange-quote',
      sets: {QUOTE_ID: id},
      leaves: stored('/currency-exchange-quotes', {status: 'NEW'}),
    },
    {
      slug: 'execute-currency-exchange-quote',
      leaves: {path: (env) => `/currency-exchange-quotes/${env.QUOTE_ID}`, fields: {status: 'PENDING'}},
    },
    {slug: 'get-currency-exchange-quote'},
    {slug: 'get-account-balance-details'},
  ],
  'setting-up-webhooks': [{slug: 'create-subscription', leaves: stored('/subscriptions')}],
  'directing-payments-third-party': [
    {slug: 'fetch-public-account-profile-info-by-handle'},
    {
      slug: 'issue-invoice-for-receiver',
      sets: {INVOICE_ID: id},
      leaves: stored('/invoices', {status: 'UNPAID', payeeHandle: SAMPLE_ENV.RECEIVER_HANDLE}),
    },
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

/**
 * A request of the suite's own, answered only once the sandbox has logged it, so that the next
 * sample's window of the log holds the sample's requests alone.
 */
async function api(method: string, apiPath: string, body?: unknown): Promise<Record<string, unknown>> {
  const logged = sandbox.output().length;
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
  await waitFor(`${method} ${apiPath} in the sandbox log`, async () =>
    loggedRequests(logged).some((r) => r.method === method && r.path === `/v1${apiPath.split('?')[0]}`),
  );
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
  const response = def.content(responses[status], op.at)!;
  let answer: Record<string, unknown>;
  try {
    answer = JSON.parse(stdout) as Record<string, unknown>;
  } catch {
    return {errors: [`printed no JSON: ${stdout.slice(0, 200)}`], answer: {}};
  }
  const schema = response.media['application/json']!.schema as Record<string, unknown>;
  return {errors: def.validate(schema, response.at, answer, 'response').map((e) => `${status} answer: ${e}`), answer};
}

/** Requests the sandbox logged after `from` (its output offset): `METHOD /v1/path -> status`. */
function loggedRequests(from: number): {method: string; path: string; status: number}[] {
  return [
    ...sandbox
      .output()
      .slice(from)
      .matchAll(/^sandbox: (GET|POST|PUT|PATCH|DELETE) (\/v1\/\S*) -> (\d{3})$/gm),
  ].map(([, method, target, status]) => ({method: method!, path: target!.split('?')[0]!, status: Number(status)}));
}

/** What is wrong with the requests a sample sent, judged by its operation: method, path and success status. */
function requestErrors(slug: string, requests: {method: string; path: string; status: number}[]): string[] {
  const op = def.bySlug(slug)!;
  const success = Number(Object.keys((op.node.responses ?? {}) as object).find((s) => s.startsWith('2')));
  const pattern = new RegExp(`^/v1${op.path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
  const wrong = requests.filter((r) => r.method !== op.method || !pattern.test(r.path) || r.status !== success);
  return wrong.map((r) => `sent ${r.method} ${r.path} -> ${r.status}, not ${op.method} ${op.path} -> ${success}`);
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

  it('are run with the ready-made values the walkthroughs overview names', () => {
    const file = 'docs/walkthrough/walkthroughs-overview.md';
    const overview = renderFacts(readFileSync(path.join(ROOT, file), 'utf8'), file);
    const row = (name: string) => overview.split('\n').find((l) => l.startsWith(`| \`${name}\` |`)) ?? '';
    expect(row('LN_INVOICE')).toContain(`\`${LIGHTNING_INVOICES.pays}\``);
    expect(row('RECEIVER_HANDLE')).toContain(`\`${SAMPLE_ENV.RECEIVER_HANDLE}\``);
  });

  it('are all run by this suite: no step of the table the samples are written from is left out', () => {
    const slugs = new Set(Object.values(FLOWS).flatMap((steps) => steps.map((s) => s.slug)));
    expect(WALKTHROUGH_STEPS.map((step) => step.slug).sort()).toEqual([...slugs].sort());
  });

  it.each(Object.keys(FLOWS).flatMap((page) => LANGUAGES.map((language) => [page, language] as const)))(
    '%s in %s: each step exits 0, sends its operation and gets its success status, prints an answer of the definition and leaves what it says; its ids carried to the next step',
    async (page, language) => {
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        KESTREL_API_BASE: sandbox.base,
        KESTREL_API_KEY: 'sk_sandbox_local_test',
        // The ready-made invoice that the walkthroughs name and the sandbox pays.
        LN_INVOICE: LIGHTNING_INVOICES.pays,
        RECEIVER_HANDLE: SAMPLE_ENV.RECEIVER_HANDLE,
        KESTREL_WEBHOOK_SECRET: SAMPLE_ENV.KESTREL_WEBHOOK_SECRET,
        PYTHONDONTWRITEBYTECODE: '1',
      };
      await fund(FUNDS[page] ?? []);
      const errors: string[] = [];
      for (const step of FLOWS[page]!) {
        const file = sampleFile(language, step.slug);
        const [cmd, args] = command(language, file);
        const logged = sandbox.output().length;
        // curl reads its Idempotency-Key from the environment; the clients make their own.
        const result = await run(cmd, args, {
          cwd: ROOT,
          env: {...env, IDEMPOTENCY_KEY: randomUUID()},
          timeout: 120_000,
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
        // The sandbox logs a request when its answer is sent, which can come just after the sample exits.
        const requests = await waitFor(`${file}: its request in the sandbox log`, async () => {
          const found = loggedRequests(logged);
          return found.length > 0 ? found : undefined;
        });
        errors.push(...requestErrors(step.slug, requests).map((e) => `${file}: ${e}`));
        if (step.leaves) {
          const target = step.leaves.path(env, answer);
          const object = await api('GET', target);
          expect(object, `${file}: GET ${target} afterwards`).toMatchObject(step.leaves.fields);
        }
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
