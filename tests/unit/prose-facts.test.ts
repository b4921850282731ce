/**
 * The facts the guides state are rendered from their one source (plugins/prose-facts): the rate
 * limits from the definition's `x-rate-limit` and the sandbox's own figures, the webhook delivery
 * rules from `x-webhook-delivery`, the signature tolerance from `x-webhook-signature`, the event
 * retention from `x-events`, the exchange fee and the minimum amounts from `x-fee` and
 * `x-minimum-amounts`, the test inputs a guide tells the reader to type from sandbox/test-inputs.ts, the holds of quotes and payouts from their documented examples, each
 * code's status from `x-error-catalogue`, and the local sandbox's address and payment delay. A changed
 * source changes every page that names the fact, its front matter description included, through
 * the same hooks Docusaurus calls; a name that is no fact fails, naming the page and the name.
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {DEFAULT_PARSE_FRONT_MATTER} from '@docusaurus/utils';
import {
  buildDefinition,
  errorStatus,
  eventRetentionDaysOf,
  exampleLifetimeOf,
  rateLimitOf,
  readDefinition,
  type JsonObject,
} from '../../definition/index.ts';
import {factsOf, type Facts} from '../../plugins/prose-facts/facts.ts';
import {SANDBOX_LIMIT, WINDOW_MS} from '../../sandbox/rate-limit-figures.ts';
import {proseFactsHooks, renderFacts} from '../../plugins/prose-facts/render.ts';
import {LOCAL_SANDBOX_ORIGIN, LOCAL_SANDBOX_PORT, LOCAL_SANDBOX_SERVER} from '../../sandbox/local-sandbox.mjs';
import {PAY_AFTER_SECONDS} from '../../sandbox/timings.ts';
import {ROOT} from './guide-http';
import {
  CHANGED_INPUTS,
  changeAmounts,
  changeContractFacts,
  changeHoldsAndStatuses,
  setHold,
} from './prose-facts-changes';
import {EXAMPLE_AMOUNTS, LIGHTNING_INVOICES, SIMULATIONS} from '../../sandbox/test-inputs.ts';

const doc = readDefinition();
const bundled = factsOf(buildDefinition(doc));

/** The facts of the definition with `change` applied to a copy of it, and the sandbox's figures given. */
function changedFacts(
  change: (doc: JsonObject) => void,
  sandbox: Parameters<typeof factsOf>[1] = {limit: 30, windowMs: 10_000},
): Facts {
  const copy = structuredClone(doc);
  change(copy);
  return factsOf(buildDefinition(copy), sandbox);
}

const changed = changedFacts(changeContractFacts);

const source = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const guides = (dir: string): string[] =>
  readdirSync(path.join(ROOT, dir), {withFileTypes: true}).flatMap((e) =>
    e.isDirectory() ? guides(`${dir}/${e.name}`) : /\.mdx?$/.test(e.name) ? [`${dir}/${e.name}`] : [],
  );
const render = (file: string, facts: Facts) => renderFacts(source(file), file, facts);
/** The front matter description of a page, as Docusaurus reads it through the hook. */
async function description(file: string): Promise<unknown> {
  const {frontMatter} = await proseFactsHooks.parseFrontMatter({
    filePath: file,
    fileContent: source(file),
    defaultParseFrontMatter: DEFAULT_PARSE_FRONT_MATTER,
  });
  return frontMatter.description;
}

describe('the fact table', () => {
  it('renders every fact a guide names, and leaves no token behind', () => {
    const named = guides('docs').filter((file) => source(file).includes('%fact:'));
    expect(named.length).toBeGreaterThanOrEqual(9);
    for (const file of named) expect(render(file, bundled), file).not.toContain('%fact:');
  });

  it('fails on a name that is no fact, naming the page and the name', () => {
    expect(() => renderFacts('Up to %fact:rate-limit.staging% requests.', 'docs/x.md', bundled)).toThrow(
      /prose-facts: docs\/x\.md names the fact "rate-limit\.staging", which is not one of: rate-limit\.production, /,
    );
  });

  it('reads x-rate-limit through the definition model, and a malformed member fails naming it', () => {
    expect(buildDefinition(doc).rateLimit).toEqual(rateLimitOf(doc));
    const broken = structuredClone(doc);
    (broken['x-rate-limit'] as JsonObject).requestsPerWindow = '100';
    expect(() => rateLimitOf(broken)).toThrow(/#\/x-rate-limit\/requestsPerWindow is "100"/);
    delete broken['x-rate-limit'];
    expect(() => factsOf(buildDefinition(broken))).toThrow(/no x-rate-limit/);
    (broken['x-events'] as JsonObject).retentionDays = 0;
    expect(() => eventRetentionDaysOf(broken)).toThrow(/#\/x-events\/retentionDays is 0/);
  });
});

describe('a changed rate limit', () => {
  it('changes the rate limits guide, its description, the introduction, the sandbox guide and the maintenance sample', async () => {
    const limits = render('docs/rate-limits.md', changed);
    expect(limits).toContain('| Production | `https://api.kestrel.example/v1` | 120 |');
    expect(limits).toContain('| Sandbox | `https://api.sandbox.kestrel.example/v1` | 30 |');
    expect(limits).toContain('runs smoothly at 30 requests per 10 seconds');
    expect(limits.match(/RateLimit-Limit: 120\n/g)).toHaveLength(2);
    expect(limits).toContain('"This API key has used its 120 requests for the current 10-second window."');
    expect(await description('docs/rate-limits.md')).toMatch(
      new RegExp(
        `allows ${bundled.get('rate-limit.production')} requests .* and ${bundled.get('rate-limit.sandbox')} in the sandbox`,
      ),
    );
    const intro = render('docs/introduction.md', changed);
    expect(intro).toContain(
      '| Rate limit per key | 30 requests per 10-second window | 120 requests per 10-second window |',
    );
    expect(intro).toContain('RateLimit-Limit: 30\nRateLimit-Remaining: 29\n');
    const sandbox = render('docs/sandbox.md', changed);
    expect(sandbox).toContain('| Rate limit | 30 requests per 10-second window, per key |');
    expect(sandbox).toContain('| Rate limit | 30 requests per 10-second window | 120 requests per 10-second window |');
    expect(sandbox).toContain('| `--no-rate-limit` | Turn off the limit of 30 requests per 10-second window');
    expect(render('docs/maintenance.md', changed)).toContain('RateLimit-Limit: 120\nRateLimit-Remaining: 119\n');
  });

  it('with the bundled figures, reads as the sources say', () => {
    const production = rateLimitOf(doc)!;
    expect(render('docs/introduction.md', bundled)).toContain(
      `| Rate limit per key | ${SANDBOX_LIMIT} requests per ${WINDOW_MS / 1000}-second window | ` +
        `${production.requestsPerWindow} requests per ${production.windowSeconds}-second window |`,
    );
  });
});

describe('a changed delivery schedule, timeout, overlap and tolerance', () => {
  it('draws the failure-recovery table from the schedule and states its attempts, window and gaps', () => {
    const page = render('docs/webhooks/failure-recovery.md', changed);
    expect(page).toContain(
      [
        '| Attempt | Time after the first attempt |',
        '| --- | --- |',
        '| 1 | immediately, when the event is created |',
        '| 2 | 2 minutes |',
        '| 3 | 10 minutes |',
        '| 4 | 90 minutes, the last attempt |',
      ].join('\n') + '\n',
    );
    expect(page).toContain(
      'Kestrel makes 4 attempts over 90 minutes, with growing gaps between them: from 2 minutes after the first attempt to 80 minutes between the last ones.',
    );
    expect(page).toContain('description: "How Kestrel retries unacknowledged webhooks for 90 minutes,');
    expect(page).toContain('answers with a 2xx status within 15 seconds');
    expect(page).toContain('[4-minute timestamp check]');
    expect(render('docs/webhooks/overview.md', changed)).toContain(
      '4 attempts in all over 90 minutes, with gaps that grow from 2 minutes to 80 minutes.',
    );
    expect(render('docs/maintenance.md', changed)).toContain('4 attempts over 90 minutes, whatever the window.');
  });

  it('states the timeout, the overlap and the tolerance where the webhook guides give them', () => {
    const setup = render('docs/webhooks/setting-up-webhooks.md', changed);
    expect(setup).toContain('## Respond within 15 seconds\n');
    expect(setup.match(/within 15 seconds/g)!.length).toBeGreaterThanOrEqual(3);
    expect(setup).toContain('For 48 hours after the change');
    expect(setup).toContain('signed 5 minutes ago, a minute longer ago than the 4-minute tolerance');
    const verify = render('docs/webhooks/signature-verification.mdx', changed);
    expect(verify).toContain('within a 4-minute tolerance.');
    expect(verify.match(/more than 240 seconds/g)).toHaveLength(2);
    expect(verify.match(/48 hours/g)).toHaveLength(3);
    expect(render('docs/sandbox.md', changed)).toContain('a `v1` signature for each secret for 48 hours.');
    expect(render('docs/walkthrough/receiving-payments.md', changed)).toContain('answers `200` within 15 seconds.');
  });
});

describe('a changed event retention', () => {
  it('changes every page that says how long Kestrel keeps an event', () => {
    const recovery = render('docs/webhooks/failure-recovery.md', changed);
    expect(recovery).toContain('An event older than 45 days answers `404`');
    expect(recovery).toContain('Schedule both jobs well inside the 45-day retention.');
    expect(recovery).not.toMatch(/\b30[- ]days?\b/);
    expect(render('docs/webhooks/overview.md', changed)).toContain('Kestrel keeps every event for 45 days,');
    expect(render('docs/webhooks/setting-up-webhooks.md', changed)).toContain('still answers it for 45 days,');
    expect(render('docs/maintenance.md', changed)).toContain('for 45 days: [failure recovery]');
    expect(render('docs/sandbox.md', changed)).toContain('kept for 45 days,');
  });
});

describe('changed fees, minimums and test inputs', () => {
  const moved = factsOf(buildDefinition(doc), {limit: 25, windowMs: 10_000, inputs: CHANGED_INPUTS});
  const amounts = (() => {
    const copy = structuredClone(doc);
    changeAmounts(copy);
    return factsOf(buildDefinition(copy));
  })();

  it('the exchange fee and the minimums come from x-fee and x-minimum-amounts, and change every page that states them', () => {
    expect(bundled.get('fees.exchange-percent')).toBe('0.5%');
    expect(bundled.get('minimums.exchange')).toBe('0.00001000 BTC, 1.00 USD, 1.00 EUR or 1.00 GBP');
    expect([bundled.get('minimums.onchain-btc'), bundled.get('minimums.onchain-sats')]).toEqual([
      '0.00001000',
      '1,000',
    ]);
    expect(render('docs/introduction.md', amounts)).toContain(
      '| [Exchange currencies](/walkthrough/exchanging-currencies) | 0.75% of `source`, rounded up,',
    );
    const exchanging = render('docs/walkthrough/exchanging-currencies.md', amounts);
    expect(exchanging).toContain('`fee` is 0.75% of `source`, rounded up to the cent.');
    expect(exchanging).toContain('must reach a minimum: 0.00002000 BTC, 2.50 USD, 2.50 EUR or 2.00 GBP.');
    expect(exchanging).toContain('the 0.75% fee and the spread');
    expect(exchanging).not.toContain('0.5%');
    const sending = render('docs/walkthrough/sending-payments.md', amounts);
    expect(sending).toContain('The smallest on-chain payment is 0.00000546 BTC (546 satoshis),');
    expect(sending).toContain('or the on-chain quote, below 0.00000546 BTC |');
    expect(sending).not.toContain('0.00001000 BTC');
  });

  it('the test inputs come from sandbox/test-inputs.ts, and change every guide that tells the reader to type them', () => {
    const sandbox = render('docs/sandbox.md', moved);
    expect(sandbox).toContain('for `20.17` USD that expires');
    expect(sandbox.match(/"amount": \{"amount": "20\.17", "currency": "USD"\}/g)).toHaveLength(2);
    expect(sandbox).toContain('do not end in `.17` or `.99`.');
    expect(sandbox).toContain('one that expires (`.17`) and one that fails (`.99`).');
    expect(sandbox).toContain('The header `Kestrel-Test-Simulate: internal-error-after-work`');
    expect(sandbox).not.toMatch(/10\.13|`\.13`|`\.66`/);
    expect(render('docs/walkthrough/exchanging-currencies.md', moved)).toContain(
      'an `amount` ending in `.99`, such as `20.99` USD,',
    );
    expect(render('docs/walkthrough/example-apps.md', moved)).toContain('ends in `.17` or `.99`,');
    expect(render('docs/walkthrough/walkthroughs-overview.md', moved)).toContain(
      'In the sandbox, `lntbs20u1pchangedpays`:',
    );
    expect(render('docs/walkthrough/making-payouts.md', moved)).toContain('from a bank account ending in `0014`:');
    const sending = render('docs/walkthrough/sending-payments.md', moved);
    expect(sending).toContain('pay `lntbs20u1pchangedpays`, or another');
    expect(sending.match(/changed-payee@kestrel\.example/g)).toHaveLength(5);
    expect(sending.match(/"destination": "tb1qchangedaddress"/g)).toHaveLength(2);
    expect(sending).not.toMatch(/northwind-roasters@|tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx|lntbs10u1pkestrelpays/);
  });

  it('with the sandbox as it is, renders the values the sandbox answers to', () => {
    expect(bundled.get('sandbox.amount.expires')).toBe(EXAMPLE_AMOUNTS.expires);
    expect(bundled.get('sandbox.ln-invoice.pays')).toBe(LIGHTNING_INVOICES.pays);
    expect(bundled.get('sandbox.simulations')).toBe(
      Object.keys(SIMULATIONS)
        .map((value) => `\`${value}\``)
        .join(', ')
        .replace(/, ([^,]*)$/, ' or $1'),
    );
    expect(render('docs/sandbox.md', bundled)).toContain(`for \`${EXAMPLE_AMOUNTS.expires}\` USD that expires`);
  });
});

describe('the Docusaurus hooks', () => {
  it('render the front matter before it is read, and the body before MDX parses it', async () => {
    expect(await description('docs/webhooks/signature-verification.mdx')).toContain(
      `within a ${bundled.get('signature.tolerance-minutes')}-minute tolerance.`,
    );
    const body = proseFactsHooks.preprocessor({
      filePath: 'docs/webhooks/failure-recovery.md',
      fileContent: source('docs/webhooks/failure-recovery.md'),
    });
    expect(body).toContain(bundled.get('webhook.retry-table')!);
    expect(body).not.toContain('%fact:');
  });
});

/** The definition and the sandbox with other holds, statuses, payment delay and address. */
const moved = changedFacts(changeHoldsAndStatuses, {payAfterSeconds: 7, host: '127.0.0.2', port: 5050});

describe('a changed sandbox address', () => {
  it('changes every place the sandbox guide and the API introduction give it', () => {
    const sandbox = render('docs/sandbox.md', moved);
    expect(sandbox.match(/http:\/\/127\.0\.0\.2:5050\/v1/g)).toHaveLength(7);
    expect(sandbox).toContain('`sandbox: ready at http://127.0.0.2:5050/v1`');
    expect(sandbox).toContain('curl http://127.0.0.2:5050/v1/invoices -H');
    expect(sandbox).toContain('KESTREL_API_BASE=http://127.0.0.2:5050/v1 \\\n');
    expect(sandbox).toContain('| `--port N` | Listen on `127.0.0.2:N` instead of `5050`. |');
    expect(sandbox).toContain('`--sandbox http://127.0.0.2:5050 --token TOKEN`');
    expect(sandbox).toContain('a bare origin such as `http://127.0.0.2:5050` gets `/v1` added');
    expect(sandbox).toContain('even when one runs at port 5050,');
    expect(render('api/introduction.mdx', moved)).toContain(
      'the same API at `http://127.0.0.2:5050/v1` on your machine',
    );
  });

  it('is where the sandbox listens: no guide writes the address by hand', () => {
    expect(bundled.get('sandbox.local-url')).toBe(LOCAL_SANDBOX_SERVER.url);
    expect(bundled.get('sandbox.local-origin')).toBe(LOCAL_SANDBOX_ORIGIN);
    for (const file of [...guides('docs'), 'api/introduction.mdx'])
      expect(render(file, moved), file).not.toMatch(new RegExp(`:${LOCAL_SANDBOX_PORT}\\b`));
  });
});

describe('a changed payment delay and holds', () => {
  it('changes the delay the sandbox guide states', () => {
    expect(bundled.get('sandbox.pay-after-seconds')).toBe(String(PAY_AFTER_SECONDS));
    expect(render('docs/sandbox.md', moved)).toContain(
      'a simulated customer pays each invoice about 7 seconds after you issue a quote for it.',
    );
  });

  it("changes each quote's and payout's hold wherever a guide states it", () => {
    expect(render('docs/maintenance.md', moved)).toContain(
      'a payout holds its fee and rate for 20 minutes after you create it, and a payment or exchange quote holds for 45 seconds to 10 minutes.',
    );
    const payouts = render('docs/walkthrough/making-payouts.md', moved);
    expect(payouts).toContain('when it becomes `EXPIRED`, about 20 minutes after you created it.');
    expect(payouts).toContain('The payout holds its fee and rate for about 20 minutes.');
    expect(render('docs/walkthrough/walkthroughs-overview.md', moved)).toContain(
      'while the payout holds its fee and rate, 20 minutes.',
    );
    expect(render('docs/walkthrough/exchanging-currencies.md', moved)).toContain('The quote lasts 45 seconds.');
    const sending = render('docs/walkthrough/sending-payments.md', moved);
    expect(sending).toContain('A Lightning quote lasts 90 seconds,');
    expect(sending).toContain('with a quote of `type` `ONCHAIN`, valid for 10 minutes:');
    expect(render('docs/walkthrough/receiving-payments.md', moved)).toContain(
      'The quote holds its rate for 30 minutes,',
    );
  });

  it('reads each hold from the documented example the sandbox gives its objects', () => {
    const model = buildDefinition(doc);
    expect(bundled.get('hold.payout')).toBe(`${exampleLifetimeOf(model, 'createAPayout') / 60} minutes`);
    expect(bundled.get('hold.exchange-quote')).toBe(
      `${exampleLifetimeOf(model, 'createCurrencyExchangeQuote')} seconds`,
    );
    const broken = structuredClone(doc);
    setHold(broken, '/payouts', -60);
    expect(() => factsOf(buildDefinition(broken))).toThrow(
      /the success example of createAPayout has no `created` before its `expiration`/,
    );
  });
});

describe('a changed error catalogue', () => {
  it('changes every status a guide states for a named code: none is written by hand', () => {
    const stated =
      /`(\d{3})`\s+(?:with|and)\s+(?:the\s+)?code\s+`[A-Z][A-Z0-9_]+`|^\|\s*`(\d{3})`\s*\|\s*`[A-Z][A-Z0-9_]+`\s*\|/gm;
    let count = 0;
    for (const file of [...guides('docs'), 'api/introduction.mdx']) {
      for (const m of render(file, moved).matchAll(stated)) {
        expect(`${file}: ${m[0]}`).toMatch(/499/);
        count++;
      }
    }
    expect(count).toBeGreaterThanOrEqual(80);
    expect(render('docs/walkthrough/receiving-payments.md', moved)).toContain(
      'Kestrel answers `499` with code `INVOICE_NOT_PAYABLE`.',
    );
  });

  it('gives each code the status of x-error-catalogue, and a guide cannot name a code the catalogue lacks', () => {
    const model = buildDefinition(doc);
    expect(bundled.get('status.INVOICE_NOT_CANCELLABLE')).toBe(
      String(errorStatus(model.errorCodes, 'INVOICE_NOT_CANCELLABLE')),
    );
    expect(() => renderFacts('answers `%fact:status.NOT_A_CODE%`', 'docs/x.md', bundled)).toThrow(
      /docs\/x\.md names the fact "status\.NOT_A_CODE"/,
    );
  });
});
