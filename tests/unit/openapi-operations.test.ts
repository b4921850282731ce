/**
 * The Kestrel API definition's operations follow one set of rules: each has one tag (its group), one
 * scope under both security schemes, a sentence-case summary and a short description, a 4xx
 * answer, and the Idempotency-Key header exactly where it creates something or moves money. Also
 * the tags, security schemes, webhooks and the hygiene of the split source. The definition is the
 * only list of operations: this reads it, and writes no second one.
 */
import {describe, it, expect} from 'vitest';
import {readdirSync, readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {
  ROOT,
  deref,
  getAt,
  isObject,
  loadBundledDefinition,
  loadSourceBundle,
  operations,
  type Json,
  type JsonObject,
  type OperationEntry,
} from './openapi-definition';
import {rateLimitOf, type JsonObject as DefinitionObject} from '../../definition/index.ts';
import {AMOUNT_ENDINGS} from '../../sandbox/test-inputs';
import {SANDBOX_LIMIT} from '../../sandbox/rate-limit-figures.ts';

const require = createRequire(import.meta.url);
const kebabCase = require('lodash/kebabCase') as (value: string) => string;

const doc = loadBundledDefinition();
const all = operations(doc);
const apiOperations = all.filter((entry) => entry.kind === 'path');
const webhookOperations = all.filter((entry) => entry.kind === 'webhook');
const idOf = (entry: OperationEntry) => String(entry.operation.operationId);
const tagOf = (entry: OperationEntry) => (Array.isArray(entry.operation.tags) ? String(entry.operation.tags[0]) : '');

/** The one scope an operation asks for (the same under the API key and OAuth). */
function scopeOf(entry: OperationEntry): string {
  const security = entry.operation.security;
  const first = Array.isArray(security) && isObject(security[0]) ? security[0].apiKey : undefined;
  return Array.isArray(first) ? String(first[0]) : '';
}

function parametersOf(entry: OperationEntry): JsonObject[] {
  const raw: Json[] = [
    ...entry.pathParameters,
    ...(Array.isArray(entry.operation.parameters) ? entry.operation.parameters : []),
  ];
  return raw.map((p) => deref(doc, p, '').node).filter(isObject);
}

function idempotencyKey(entry: OperationEntry): JsonObject | undefined {
  return parametersOf(entry).find((p) => p.in === 'header' && p.name === 'Idempotency-Key');
}

/** The operations that take an Idempotency-Key: those that create something or move money. */
const keyed = new Set(apiOperations.filter((entry) => idempotencyKey(entry)).map((entry) => kebabCase(idOf(entry))));

describe('each operation', () => {
  it.each(apiOperations.map((entry) => [kebabCase(idOf(entry)), entry] as const))('%s', (_slug, entry) => {
    expect(entry.operation.tags).toEqual([tagOf(entry)]);
    expect(scopeOf(entry)).toMatch(/^partner\.[a-z-]+\.[a-z-]+$/);
    expect(entry.operation.security).toEqual([{apiKey: [scopeOf(entry)]}, {oauth2: [scopeOf(entry)]}]);
    // A page title in sentence case, and a description of a few sentences.
    expect(entry.operation.summary).toMatch(/^[A-Z][^.]*[^.\s]$/);
    // The first paragraph (lists add one on filterable fields) holds 2 to 5 sentences.
    const lead = String(entry.operation.description ?? '').split('\n\n')[0] ?? '';
    const sentences = lead
      .replace(/`[^`]*`/g, 'code')
      .trim()
      .split(/(?<=[.!?])\s+(?=[A-Z])/);
    expect(sentences.length).toBeGreaterThanOrEqual(2);
    expect(sentences.length).toBeLessThanOrEqual(5);
  });

  it('has its own operationId and so its own page', () => {
    const slugs = apiOperations.map((entry) => kebabCase(idOf(entry)));
    expect(new Set(slugs).size).toBe(apiOperations.length);
  });
});

describe('every operation answers errors', () => {
  it.each(apiOperations.map((entry) => [entry.operation.operationId as string, entry] as const))(
    '%s has a 4xx and the shared 401, 403, 429, 500 and 503',
    (_id, entry) => {
      const statuses = Object.keys(isObject(entry.operation.responses) ? entry.operation.responses : {});
      expect(statuses.some((status) => /^4\d\d$|^4XX$/.test(status))).toBe(true);
      for (const status of ['401', '403', '429', '500', '503']) expect(statuses).toContain(status);
      expect(statuses.filter((status) => status.startsWith('2'))).toHaveLength(1);
    },
  );
});

describe('Idempotency-Key', () => {
  it('is taken by the operations that create something or move money, such as these', () => {
    for (const slug of [
      'create-bank-payment-method',
      'create-a-payout-originator',
      'create-subscription',
      'initiate-a-payout',
    ])
      expect(keyed.has(slug), slug).toBe(true);
  });

  it.each(apiOperations.map((entry) => [kebabCase(idOf(entry)), entry] as const))('%s', (slug, entry) => {
    const key = idempotencyKey(entry);
    if (keyed.has(slug)) {
      expect(key?.required, 'a required Idempotency-Key header').toBe(true);
      expect(entry.operation['x-idempotent-write']).toBe(true);
      expect(Object.keys(isObject(entry.operation.responses) ? entry.operation.responses : {})).toContain('409');
    } else {
      if (['post', 'patch'].includes(entry.method)) expect(entry.operation['x-idempotent-write']).toBe(false);
      else expect(entry.operation['x-idempotent-write']).toBeUndefined();
    }
  });

  it('is taken by every POST, since every POST of this API creates something or moves money', () => {
    const posts = apiOperations.filter((entry) => entry.method === 'post');
    expect(posts.length).toBe(15);
    expect(posts.filter((entry) => !idempotencyKey(entry)).map((entry) => entry.operation.operationId)).toEqual([]);
  });

  it('is taken by the operations the reference introduction names: every POST and the PATCH that initiates a payout', () => {
    const intro = readFileSync(path.join(ROOT, 'api/introduction.mdx'), 'utf8').replace(/\s+/g, ' ');
    expect(intro).toContain(
      '(every POST, from issuing an invoice to executing a quote or creating a subscription, and the PATCH that initiates a payout) takes an `Idempotency-Key` header',
    );
    const keyed = apiOperations.filter((entry) => idempotencyKey(entry)).map((entry) => entry.method);
    const others = apiOperations.filter((entry) => idempotencyKey(entry) && entry.method !== 'post');
    expect(keyed.filter((m) => m === 'post').length).toBe(apiOperations.filter((e) => e.method === 'post').length);
    expect(others.map((entry) => entry.operation.operationId)).toEqual(['initiateAPayout']);
  });

  it('is a 1 to 255 character header described with its 24-hour window and 409', () => {
    const key = getAt(doc, '#/components/parameters/IdempotencyKey');
    expect(key).toMatchObject({
      name: 'Idempotency-Key',
      in: 'header',
      schema: {type: 'string', minLength: 1, maxLength: 255},
    });
    const description = isObject(key) ? String(key.description) : '';
    expect(description).toMatch(/24 hours/);
    expect(description).toMatch(/IDEMPOTENCY_KEY_REUSED/);
  });
});

describe('tags, servers and security', () => {
  it('lists each tag an operation uses, then Webhooks, each with a description', () => {
    const tags = Array.isArray(doc.tags) ? doc.tags.filter(isObject) : [];
    const used = new Set(apiOperations.map(tagOf));
    expect(tags.map((tag) => tag.name).sort()).toEqual([...used, 'Webhooks'].sort());
    expect(tags.at(-1)?.name).toBe('Webhooks');
    for (const tag of tags) expect(String(tag.description ?? '')).not.toBe('');
  });

  it('serves production and sandbox under kestrel.example', () => {
    expect(doc.servers).toEqual([
      {url: 'https://api.kestrel.example/v1', description: 'Production'},
      {url: 'https://api.sandbox.kestrel.example/v1', description: 'Sandbox'},
    ]);
  });

  it('defines the API key and OAuth schemes, with every scope an operation asks for and no other', () => {
    expect(getAt(doc, '#/components/securitySchemes/apiKey')).toMatchObject({type: 'http', scheme: 'bearer'});
    const flow = getAt(doc, '#/components/securitySchemes/oauth2/flows/authorizationCode');
    expect(flow).toMatchObject({
      authorizationUrl: 'https://auth.kestrel.example/oauth2/authorize',
      tokenUrl: 'https://auth.kestrel.example/oauth2/token',
      refreshUrl: 'https://auth.kestrel.example/oauth2/token',
    });
    const scopes = isObject(flow) && isObject(flow.scopes) ? Object.keys(flow.scopes) : [];
    expect(scopes.sort()).toEqual([...new Set(apiOperations.map(scopeOf))].sort());
  });

  it('states the rate limits and the sandbox test amounts in the description', () => {
    const description = String(getAt(doc, '#/info/description') ?? '');
    // The definition's own prose repeats x-rate-limit and the sandbox's figure; the guides render them.
    const {requestsPerWindow, windowSeconds} = rateLimitOf(doc as unknown as DefinitionObject);
    expect(description).toContain(`in fixed ${windowSeconds}-second windows`);
    expect(description).toMatch(
      new RegExp(`${requestsPerWindow} requests per window in\\s+production, ${SANDBOX_LIMIT} in the sandbox`),
    );
    expect(description).toContain(`\`${AMOUNT_ENDINGS.expires}\``);
    expect(description).toContain(`\`${AMOUNT_ENDINGS.fails}\``);
  });
});

describe('webhooks', () => {
  const eventTypes = getAt(doc, '#/components/schemas/EventType/enum');

  it('has one webhook per event type', () => {
    expect(Object.keys(isObject(doc.webhooks) ? doc.webhooks : {}).sort()).toEqual(
      (Array.isArray(eventTypes) ? eventTypes.map(String) : []).sort(),
    );
  });

  it.each(webhookOperations.map((entry) => [entry.name, entry] as const))('%s', (name, entry) => {
    expect(entry.method).toBe('post');
    expect(kebabCase(String(entry.operation.operationId))).toBe(`${name.replace(/[.]/g, '-')}-webhook`);
    expect(entry.operation.summary).toMatch(/^[A-Z]/);
    expect(entry.operation.tags).toEqual(['Webhooks']);
    expect(parametersOf(entry).map((p) => p.name)).toEqual(['Kestrel-Signature']);
    const body = deref(doc, entry.operation.requestBody, '').node;
    const media = isObject(body) && isObject(body.content) ? body.content['application/json'] : undefined;
    expect(media).toMatchObject({schema: {$ref: '#/components/schemas/Event'}});
    const examples = isObject(media) && isObject(media.examples) ? Object.values(media.examples) : [];
    expect(examples).toHaveLength(1);
    const example = deref(doc, examples[0], '').node;
    expect(isObject(example) && isObject(example.value) ? example.value.eventType : undefined).toBe(name);
    expect(Object.keys(isObject(entry.operation.responses) ? entry.operation.responses : {})).toEqual(['200']);
  });
});

describe('the split source', () => {
  it('uses every file under openapi/components', () => {
    // The source's bundle: the step that files problems by status may fold a shared response into
    // the composed answers of every operation that lists it, and drop it from the finished bundle.
    const source = loadSourceBundle();
    const components = isObject(source.components) ? source.components : {};
    const unused: string[] = [];
    for (const kind of ['schemas', 'parameters', 'responses', 'headers', 'examples']) {
      const bundled = components[kind];
      for (const file of readdirSync(path.join(ROOT, 'openapi/components', kind))) {
        const name = file.replace(/\.yaml$/, '');
        if (!isObject(bundled) || !(name in bundled)) unused.push(`${kind}/${file}`);
      }
    }
    expect(unused).toEqual([]);
  });
});
