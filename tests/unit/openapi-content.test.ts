/**
 * What the definition promises an integrator, checked where a reader would trip over it:
 * request and response schemas that strict validators accept, the LIMIT_EXCEEDED answer on every
 * operation that a limit counts, one webhook retry schedule, x-webhook-delivery, that info.description's
 * table repeats (and no "exponential" claim the numbers do not bear out), the direction of every exchange rate, and
 * one paging rule.
 */
import {describe, it, expect} from 'vitest';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {
  ROOT,
  deref,
  getAt,
  isObject,
  loadBundledDefinition,
  operations,
  type Json,
  type JsonObject,
} from './openapi-definition';
import {minutesInWords, webhookDeliveryOf, type JsonObject as DefinitionObject} from '../../definition/index.ts';
import {renderFacts} from '../../plugins/prose-facts/render.ts';

const doc = loadBundledDefinition();
const apiOperations = operations(doc).filter((entry) => entry.kind === 'path');
const byId = new Map(apiOperations.map((entry) => [String(entry.operation.operationId), entry]));
const info = String((doc.info as JsonObject).description);
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** Every schema object reachable from a node, following $refs, each visited once. */
function schemasUnder(node: Json | undefined, seen = new Set<Json>()): JsonObject[] {
  const out: JsonObject[] = [];
  const visit = (n: Json | undefined) => {
    const resolved = deref(doc, n, '').node;
    if (!isObject(resolved) || seen.has(resolved)) return;
    seen.add(resolved);
    out.push(resolved);
    for (const [key, value] of Object.entries(resolved)) {
      if (key === 'examples' || key === 'example') continue;
      if (Array.isArray(value)) value.forEach(visit);
      else if (isObject(value)) visit(value);
    }
  };
  visit(node);
  return out;
}

function mediaSchemas(holder: Json | undefined): Json[] {
  const resolved = deref(doc, holder, '').node;
  if (!isObject(resolved) || !isObject(resolved.content)) return [];
  return Object.values(resolved.content)
    .map((m) => (isObject(m) ? m.schema : undefined))
    .filter((s): s is Json => s !== undefined);
}

describe('schemas a strict validator accepts', () => {
  it('no schema of a response requires a writeOnly property, and no schema of a request body requires a readOnly one', () => {
    const errors: string[] = [];
    for (const entry of apiOperations) {
      const id = String(entry.operation.operationId);
      const responses = isObject(entry.operation.responses) ? Object.values(entry.operation.responses) : [];
      for (const schema of responses.flatMap(mediaSchemas).flatMap((s) => schemasUnder(s))) {
        const props = isObject(schema.properties) ? schema.properties : {};
        for (const name of Array.isArray(schema.required) ? schema.required : []) {
          if (isObject(props[String(name)]) && (props[String(name)] as JsonObject).writeOnly === true)
            errors.push(`${id}: a response requires writeOnly ${String(name)}`);
        }
      }
      for (const schema of mediaSchemas(entry.operation.requestBody).flatMap((s) => schemasUnder(s))) {
        const props = isObject(schema.properties) ? schema.properties : {};
        for (const name of Array.isArray(schema.required) ? schema.required : []) {
          if (isObject(props[String(name)]) && (props[String(name)] as JsonObject).readOnly === true)
            errors.push(`${id}: a request requires readOnly ${String(name)}`);
        }
      }
    }
    expect(errors).toEqual([]);
  });

  it('a subscription is created with a secret and returned without one', () => {
    const create = getAt(doc, '#/components/schemas/SubscriptionCreate') as JsonObject;
    const returned = getAt(doc, '#/components/schemas/Subscription') as JsonObject;
    expect(create.required).toContain('secret');
    expect((create.properties as JsonObject).secret).toMatchObject({writeOnly: true});
    expect(Object.keys(returned.properties as JsonObject)).not.toContain('secret');
    expect(returned.required).not.toContain('secret');
    const op = byId.get('createSubscription')!.operation;
    const requestSchema = mediaSchemas(op.requestBody)[0] as JsonObject;
    const responseSchema = mediaSchemas((op.responses as JsonObject)['201'])[0] as JsonObject;
    expect(requestSchema).toEqual({$ref: '#/components/schemas/SubscriptionCreate'});
    expect(responseSchema).toEqual({$ref: '#/components/schemas/Subscription'});
  });
});

describe('account limits', () => {
  // The operations AccountLimits counts, one per limited kind of operation.
  const LIMITED: Record<string, string> = {
    PAYOUT: 'initiateAPayout',
    PAYMENT: 'executePaymentQuote',
    DEPOSIT: 'initiateDeposit',
    CURRENCY_EXCHANGE: 'executeCurrencyExchangeQuote',
  };

  it('are counted for the kinds of operation listed here', () => {
    const limits = getAt(
      doc,
      '#/components/schemas/AccountLimits/properties/limits/items/properties/operation',
    ) as JsonObject;
    expect([...(limits.enum as string[])].sort()).toEqual(Object.keys(LIMITED).sort());
  });

  it.each(Object.entries(LIMITED))('%s: %s documents 422 LIMIT_EXCEEDED with an example', (_kind, operationId) => {
    const response = deref(doc, (byId.get(operationId)!.operation.responses as JsonObject)['422'], '')
      .node as JsonObject;
    expect(String(response.description)).toContain('`LIMIT_EXCEEDED`');
    const examples = Object.values(
      ((response.content as JsonObject)['application/problem+json'] as JsonObject).examples as JsonObject,
    );
    const codes = examples.map((e) => ((deref(doc, e, '').node as JsonObject).value as JsonObject).code);
    expect(codes).toContain('LIMIT_EXCEEDED');
  });

  it('are never called "daily" or "monthly": a limit runs over a DAY or a MONTH', () => {
    const texts = [
      JSON.stringify(doc),
      ...[
        'docs/walkthrough/sending-payments.md',
        'docs/walkthrough/exchanging-currencies.md',
        'docs/walkthrough/making-payouts.md',
        'docs/account/overview.md',
      ].map(read),
    ];
    for (const text of texts) expect(text).not.toMatch(/\b(daily|monthly) (\w+ )?(limit|total)/i);
  });
});

/** Attempt number -> minutes after the first attempt, from a "1 minute" / "2 hours" / "immediately" cell. */
function minutes(cell: string): number {
  if (/^(0|immediately)/.test(cell)) return 0;
  const m = /^(\d+) (minute|hour)s?/.exec(cell);
  if (!m) throw new Error(`not a delay: ${cell}`);
  return Number(m[1]) * (m[2] === 'hour' ? 60 : 1);
}

describe('the webhook retry schedule', () => {
  // The schedule is x-webhook-delivery; the guides render it from there (plugins/prose-facts).
  const schedule = webhookDeliveryOf(doc as unknown as DefinitionObject).attemptMinutes;
  const infoRows = (info.split('\n').find((l) => /^\| After \|/.test(l)) ?? '')
    .split('|')
    .slice(2, -1)
    .map((c) => minutes(c.trim()));

  it("is info.description's table, with its number of attempts", () => {
    expect(infoRows).toEqual(schedule);
    expect(info).toContain(`${schedule.length} attempts in all over ${schedule.at(-1)! / 60} hours`);
  });

  it('is called exponential nowhere, since its gaps do not grow by a constant factor', () => {
    const gaps = schedule.slice(1).map((t, i) => t - schedule[i]!);
    const ratios = gaps.slice(1).map((g, i) => g / gaps[i]!);
    const exponential = ratios.every((r) => Math.abs(r - ratios[0]!) < 0.01) && ratios[0]! > 1;
    expect(exponential).toBe(false);
    const guide = (file: string) => renderFacts(read(file), file);
    const texts = {
      definition: JSON.stringify(doc),
      'docs/webhooks/failure-recovery.md': guide('docs/webhooks/failure-recovery.md'),
      'docs/webhooks/overview.md': guide('docs/webhooks/overview.md'),
      'docs/webhooks/setting-up-webhooks.md': guide('docs/webhooks/setting-up-webhooks.md'),
    };
    const window = minutesInWords(schedule.at(-1)!);
    for (const [where, text] of Object.entries(texts)) {
      const claims = text.split(/(?<=\.)\s+/).filter((s) => s.includes(window) && /exponential/i.test(s));
      expect(claims, where).toEqual([]);
    }
  });
});

describe('exchange rates', () => {
  /** Every property named exchangeRate or rate in the schemas, with its description. */
  const rates: [string, string][] = [];
  for (const [name, schema] of Object.entries((doc.components as JsonObject).schemas as JsonObject)) {
    const props = isObject(schema) && isObject(schema.properties) ? schema.properties : {};
    for (const field of ['exchangeRate', 'rate']) {
      if (isObject(props[field])) rates.push([`${name}.${field}`, String((props[field] as JsonObject).description)]);
    }
  }

  it('are found', () => {
    expect(rates.map(([n]) => n)).toEqual(
      expect.arrayContaining([
        'InvoiceQuote.exchangeRate',
        'Receive.exchangeRate',
        'PaymentQuote.exchangeRate',
        'Payout.exchangeRate',
        'CurrencyExchangeQuote.rate',
      ]),
    );
  });

  it.each(rates)('%s says which currency it counts per unit of which', (_name, description) => {
    expect(description).toMatch(/\bper (unit|bitcoin|1 BTC)\b|\bper unit of\b/);
  });

  it.each(rates.filter(([n]) => n !== 'CurrencyExchangeQuote.rate'))(
    '%s gives a worked example ("1 BTC = ..." or "1 USD = ...")',
    (_name, description) => {
      expect(description).toMatch(/1 (BTC|USD|EUR|GBP) = /);
    },
  );
});

describe('paging', () => {
  const RULE = /stop at the first page with fewer items than `\$top`/;
  const CHANGES = /enters or leaves the filtered set/;

  it.each([
    ['the introduction of the definition', info],
    ['the $skip parameter', String((getAt(doc, '#/components/parameters/Skip') as JsonObject).description)],
    ['docs/introduction.md', read('docs/introduction.md')],
  ])('%s states the one rule and what happens when the set changes', (_where, text) => {
    expect(text.replace(/\s+/g, ' ')).toMatch(RULE);
    expect(text.replace(/\s+/g, ' ')).toMatch(CHANGES);
  });

  it('the failure recovery guide pages the same way, and no text says to page until count', () => {
    expect(read('docs/webhooks/failure-recovery.md')).toMatch(RULE);
    const texts = [
      JSON.stringify(doc),
      ...[
        'docs/introduction.md',
        'docs/webhooks/failure-recovery.md',
        'docs/walkthrough/directing-payments-third-party.md',
        'docs/walkthrough/making-payouts.md',
      ].map(read),
    ];
    for (const text of texts)
      expect(text).not.toMatch(/until `?\$skip`? reaches `?count|When `count` is larger than `\$top`/);
  });
});
