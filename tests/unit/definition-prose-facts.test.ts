/**
 * The definition's own prose names its facts as `%fact:NAME%` (the rate limits, the webhook
 * delivery rules, the signature tolerance, the event and idempotency retention, the exchange fee,
 * the minimum amounts and the sandbox's test inputs, the holds of quotes
 * and payouts, each error code's status, the sandbox's payment delay), rendered when it
 * is bundled (plugins/prose-facts/definition.ts) from the definition's extensions and the
 * sandbox's figures. No token reaches a reader: not the bundle the site, its twins, llms-full.txt
 * and the MCP server read, nor a release. A changed fact changes every description that names it,
 * with no other edit; a name that is no fact fails, naming where it is written.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {parse as parseYaml} from 'yaml';
import {buildDefinition, readReleases, type JsonObject} from '../../definition/index.ts';
import {factsOf} from '../../plugins/prose-facts/facts.ts';
import {renderDefinitionFacts, unrenderedFacts} from '../../plugins/prose-facts/definition.ts';
import {bundleWorkingDefinition} from '../../tooling/working-definition.mjs';
import {ROOT, getAt, loadBundledDefinition, loadUnrenderedDefinition} from './openapi-definition';
import {CHANGED_INPUTS, changeAmounts, changeContractFacts, changeHoldsAndStatuses} from './prose-facts-changes';
import {
  AMOUNT_ENDINGS,
  EXAMPLE_AMOUNTS,
  LIGHTNING_INVOICES,
  ONCHAIN_MINIMUM_BTC,
  SIMULATE_HEADER,
} from '../../sandbox/test-inputs.ts';

const source = loadUnrenderedDefinition() as unknown as JsonObject;
const bundled = loadBundledDefinition() as unknown as JsonObject;
const text = (doc: JsonObject, pointer: string) => String(getAt(doc as never, pointer));

/** The definition with its own extensions changed, rendered as the bundle script renders it. */
function renderedWith(change: (doc: JsonObject) => void, sandboxLimit?: number): JsonObject {
  const copy = structuredClone(source);
  change(copy);
  const facts =
    sandboxLimit === undefined ? undefined : factsOf(buildDefinition(copy), {limit: sandboxLimit, windowMs: 10_000});
  return renderDefinitionFacts(copy, facts);
}

describe("the definition's sources", () => {
  it('write the facts as tokens, in some 20 strings', () => {
    expect(unrenderedFacts(source).length).toBeGreaterThanOrEqual(20);
    expect(text(source, '#/components/headers/RateLimitLimit/description')).toContain(
      '%fact:rate-limit.production% in production, %fact:rate-limit.sandbox% in the sandbox.',
    );
  });
});

describe('no fact token reaches a reader', () => {
  it('in the bundle gen-api writes, static/openapi.json and static/openapi.yaml, which the site and the MCP server read', () => {
    const json = readFileSync(path.join(ROOT, 'static/openapi.json'), 'utf8');
    const yaml = readFileSync(path.join(ROOT, 'static/openapi.yaml'), 'utf8');
    expect(json).not.toContain('%fact:');
    expect(yaml).not.toContain('%fact:');
    const info = (parseYaml(yaml) as {info: {description: string}}).info.description;
    expect(info).toMatch(/\*\*\d+ requests per window in\s+production, \d+ in the sandbox\*\*/);
  });

  it('in the working definition that a release keeps and check:api-changes compares, nor in the releases', async () => {
    const working = await bundleWorkingDefinition();
    expect(unrenderedFacts(working)).toEqual([]);
    expect(text(working, '#/components/headers/RateLimitLimit/description')).toBe(
      text(bundled, '#/components/headers/RateLimitLimit/description'),
    );
    for (const release of readReleases())
      expect(JSON.stringify(release.definition), release.version).not.toContain('%fact:');
  });
});

describe('a changed fact', () => {
  const changed = renderedWith(changeContractFacts, 30);

  it('changes the rate limits in info.description, the RateLimit-Limit header and the 429 example', () => {
    expect(text(changed, '#/info/description')).toContain(
      'in fixed 10-second windows: **120 requests per window in\nproduction, 30 in the sandbox**.',
    );
    expect(text(changed, '#/components/headers/RateLimitLimit/description')).toBe(
      'The number of requests your API key may make in the current 10-second window: 120 in production, 30 in the sandbox.',
    );
    expect(text(changed, '#/components/examples/ProblemRateLimited/value/detail')).toMatch(
      /^Your API key made 120 requests in the current 10-second window\./,
    );
  });

  it('changes the delivery schedule, its table, the timeout, the overlap and the tolerance wherever they are stated', () => {
    const info = text(changed, '#/info/description');
    expect(info).toContain('reject a `t` older than 4 minutes. Answer any 2xx within 15 seconds;');
    expect(info).toContain(
      '4 attempts in all over 90 minutes, with growing gaps between them (from 2 minutes to\n80 minutes).',
    );
    expect(info).toContain(
      '| Attempt | 1 | 2 | 3 | 4 |\n| --- | --- | --- | --- | --- |\n| After | 0 | 2 minutes | 10 minutes | 90 minutes |\n',
    );
    for (const pointer of [
      '#/components/schemas/Subscription/description',
      '#/components/responses/WebhookAcknowledged/description',
      '#/paths/~1subscriptions/post/description',
    ]) {
      expect(text(changed, pointer), pointer).toContain('within 15 seconds');
      expect(text(changed, pointer), pointer).toContain('4 attempts in all over 90 minutes');
    }
    expect(text(changed, '#/components/parameters/KestrelSignature/description')).toContain(
      'if `t` is more than 4 minutes old. For 48 hours after you rotate the secret,',
    );
    expect(text(changed, '#/components/schemas/SubscriptionUpdate/properties/secret/description')).toMatch(
      /^A new signing secret\. For 48 hours Kestrel signs/,
    );
  });

  it('changes the event retention in the tag, the schema, the operations and the error catalogue', () => {
    expect(text(changed, '#/components/schemas/Event/description')).toContain('keeps\nevents for 45 days.');
    expect(text(changed, '#/paths/~1events/get/description')).toMatch(/^Returns the events of the last 45 days,/);
    expect(text(changed, '#/components/schemas/ErrorCode/x-error-catalogue/EVENT_NOT_FOUND/action')).toContain(
      'Events are kept for 45 days:',
    );
    expect(JSON.stringify(changed)).not.toMatch(/\b30[- ]days?\b.{0,40}(retention|events|kept)/);
  });

  it("changes the idempotency retention with x-idempotency's retentionHours", () => {
    const twelve = renderedWith((doc) => {
      const parameter = (doc.components as {parameters: Record<string, JsonObject>}).parameters.IdempotencyKey!;
      (parameter['x-idempotency'] as JsonObject).retentionHours = 12;
    });
    expect(text(twelve, '#/components/parameters/IdempotencyKey/description')).toContain(
      'against the key for 12 hours,',
    );
    expect(text(twelve, '#/components/responses/IdempotencyConflict/description')).toContain('in the last 12 hours');
  });

  it('changes the exchange fee and the minimums with x-fee and x-minimum-amounts', () => {
    const other = renderedWith(changeAmounts);
    expect(text(other, '#/components/schemas/CurrencyExchangeQuote/properties/fee/description')).toBe(
      "Kestrel's fee, 0.75% of `source` rounded up, in the source currency. Included in `source`.",
    );
    expect(text(other, '#/components/schemas/CurrencyExchangeQuoteCreate/description')).toContain(
      'at least 0.00002000 BTC, 2.50 USD, 2.50 EUR or 2.00 GBP on each side',
    );
    expect(text(other, '#/components/schemas/OnchainPaymentQuoteCreate/properties/amount/description')).toContain(
      'at least 0.00000546 BTC (546 satoshis) once converted',
    );
    expect(text(other, '#/paths/~1payment-quotes~1onchain/post/responses/422/description')).toContain(
      'of 0.00000546 BTC (code `AMOUNT_OUT_OF_RANGE`)',
    );
    expect(text(other, '#/components/examples/ProblemOnchainAmountOutOfRange/value/detail')).toBe(
      'On-chain payments start at 0.00000546 BTC.',
    );
    // The bundle states what the sandbox checks by: the same extension, read through definition/index.ts.
    expect(text(bundled, '#/components/examples/ProblemOnchainAmountOutOfRange/value/detail')).toBe(
      `On-chain payments start at ${ONCHAIN_MINIMUM_BTC} BTC.`,
    );
  });

  it("changes the sandbox's test inputs where the definition names them", () => {
    const copy = structuredClone(source);
    const other = renderDefinitionFacts(
      copy,
      factsOf(buildDefinition(copy), {limit: 25, windowMs: 10_000, inputs: CHANGED_INPUTS}),
    );
    const info = text(other, '#/info/description');
    expect(info).toContain('| `.17` (for example `20.17`) |');
    expect(info).toContain('| `.99` (for example `20.99`) |');
    expect(info).toContain(
      '`Kestrel-Test-Simulate` request header (`internal-error`, `internal-error-after-work` or `stall`).',
    );
    expect(text(other, '#/paths/~1invoices/post/description')).toContain(
      'amount ends in `.17` expires instead of being paid, and one whose amount ends in `.99` has',
    );
    const now = text(bundled, '#/info/description');
    expect(now).toContain(`| \`${AMOUNT_ENDINGS.expires}\` (for example \`${EXAMPLE_AMOUNTS.expires}\`) |`);
    expect(now).toContain(`\`${SIMULATE_HEADER}\` request header`);
  });

  it("keeps the schema's example Lightning invoice, which lint checks against its pattern, the test input the sandbox pays", () => {
    const examples = '#/components/schemas/LightningPaymentQuoteCreate/properties/lnInvoice/examples';
    expect(getAt(bundled as never, examples)).toEqual([LIGHTNING_INVOICES.pays]);
  });

  it('with the definition as it is, renders what the bundle holds', () => {
    expect(renderDefinitionFacts(structuredClone(source))).toEqual(bundled);
  });
});

describe('a name that is no fact', () => {
  it('fails the render, naming the JSON pointer, the file and line that write it, and the name', () => {
    const copy = structuredClone(source);
    const header = (copy.components as {headers: Record<string, JsonObject>}).headers.RateLimitLimit!;
    header.description = String(header.description).replace('%fact:rate-limit.sandbox%', '%fact:rate-limit.staging%');
    expect(() => renderDefinitionFacts(copy)).toThrow(
      /#\/components\/headers\/RateLimitLimit\/description names the fact "rate-limit\.staging"\n.*The facts are: rate-limit\.production, /s,
    );
  });

  it('names the files and lines under openapi/ that write it, when the table lacks a name they use', () => {
    const withoutSandbox = new Map(
      [...factsOf(buildDefinition(source))].filter(([name]) => name !== 'rate-limit.sandbox'),
    );
    expect(() => renderDefinitionFacts(structuredClone(source), withoutSandbox)).toThrow(
      /- #\/info\/description, #\/components\/headers\/RateLimitLimit\/description \(openapi\/components\/headers\/RateLimitLimit\.yaml:3, openapi\/openapi\.yaml:\d+\) names the fact "rate-limit\.sandbox"/,
    );
  });
});

describe('a changed hold, error status and sandbox payment delay', () => {
  const copy = structuredClone(source);
  changeHoldsAndStatuses(copy);
  const moved = renderDefinitionFacts(copy, factsOf(buildDefinition(copy), {payAfterSeconds: 7}));

  it('changes the holds the payout, quote and error descriptions state', () => {
    expect(text(moved, '#/paths/~1payouts/post/description')).toContain('until `expiration`, typically 20 minutes,');
    expect(JSON.stringify(moved).match(/about 20 minutes after you/g)).toHaveLength(3);
    expect(text(moved, '#/components/schemas/PaymentQuote/properties/expiration/description')).toMatch(
      /^Until when you can execute the quote: 90 seconds after creation for Lightning and LNURL quotes \(or the Lightning invoice's expiry, if sooner\), 10 minutes for on-chain quotes\./,
    );
    expect(text(moved, '#/components/schemas/CurrencyExchangeQuote/description')).toContain(
      '(45 seconds after creation)',
    );
    expect(text(moved, '#/paths/~1currency-exchange-quotes/post/description')).toContain('fixed for 45 seconds.');
    expect(text(moved, '#/paths/~1payment-quotes~1lightning/post/description')).toContain('valid for 90 seconds');
    expect(text(moved, '#/paths/~1payment-quotes~1lnurl/post/description')).toContain('valid for 90 seconds.');
    expect(text(moved, '#/paths/~1payment-quotes~1onchain/post/description')).toContain('valid for 10 minutes.');
    expect(text(moved, '#/paths/~1invoices~1{invoiceId}~1quote/post/description')).toContain(
      'current rate for 30 minutes.',
    );
    expect(text(moved, '#/components/schemas/InvoiceQuote/properties/expiration/description')).toContain(
      'expires, 30 minutes after the quote is issued',
    );
  });

  it("changes the sandbox's payment delay in the introduction and on issue invoice", () => {
    const info = text(moved, '#/info/description');
    expect(info).toContain('a simulated customer pays each invoice about 7 seconds after you issue a quote');
    expect(info).toContain('| About 7 seconds after the quote, the invoice moves to `PENDING`');
    expect(text(moved, '#/paths/~1invoices/post/description')).toContain('about 7 seconds after you issue a quote');
  });

  it('changes every status a description states for a named code: none is written by hand', () => {
    const stated = [...JSON.stringify(moved).matchAll(/`(\d{3})`\s+(?:with|and)\s+(?:the\s+)?code\s+`[A-Z_]+`/g)];
    expect(stated.length).toBeGreaterThanOrEqual(20);
    expect(stated.filter((m) => m[1] !== '499').map((m) => m[0])).toEqual([]);
  });
});
