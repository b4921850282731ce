/**
 * The Kestrel API definition against openapi/OPERATIONS.md, the fixed table that the guides and the
 * page routes (/api/{slug}) are written against: the same 49 operations, each with its slug
 * (kebabCase(operationId)), method, path, scope and tag, a 4xx answer, and the Idempotency-Key
 * header exactly where money is created or moved. Also the tags, security schemes, webhooks and
 * the hygiene of the split source.
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
  operations,
  type Json,
  type JsonObject,
  type OperationEntry,
} from './openapi-definition';

const require = createRequire(import.meta.url);
const kebabCase = require('lodash/kebabCase') as (value: string) => string;

interface Row {
  group: string;
  slug: string;
  operationId: string;
  method: string;
  path: string;
  scope: string;
}

const operationsMd = readFileSync(path.join(ROOT, 'openapi/OPERATIONS.md'), 'utf8');

const rows: Row[] = operationsMd
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line.startsWith('|') && !line.startsWith('| ---') && !line.startsWith('| group'))
  .map((line) => {
    const cells = line
      .slice(1, -1)
      .split('|')
      .map((cell) => cell.trim());
    const [group = '', slug = '', operationId = '', method = '', apiPath = '', scope = ''] = cells;
    return {group, slug, operationId, method, path: apiPath, scope};
  });

const groups = [...new Set(rows.map((row) => row.group))];

/** The slugs named in the "Money-moving or creating POSTs take `Idempotency-Key`" paragraph. */
const moneyMovingSlugs = new Set(
  (operationsMd.split(/Money-moving[^:]*:/)[1] ?? '')
    .match(/[a-z]+(?:-[a-z]+)+/g)
    ?.filter((word) => rows.some((row) => row.slug === word)) ?? [],
);

const doc = loadBundledDefinition();
const all = operations(doc);
const apiOperations = all.filter((entry) => entry.kind === 'path');
const webhookOperations = all.filter((entry) => entry.kind === 'webhook');
const byId = new Map(apiOperations.map((entry) => [entry.operation.operationId, entry]));

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

describe('OPERATIONS.md', () => {
  it('has 49 operations in 10 groups and a list of 16 operations that create something or move money', () => {
    expect(rows).toHaveLength(49);
    expect(groups).toHaveLength(10);
    expect(moneyMovingSlugs.size).toBe(16);
    for (const slug of ['create-bank-payment-method', 'create-a-payout-originator', 'create-subscription'])
      expect(moneyMovingSlugs.has(slug), slug).toBe(true);
    expect(moneyMovingSlugs.has('initiate-a-payout')).toBe(true);
  });
});

describe('the operations match OPERATIONS.md', () => {
  it('defines exactly the 49 operationIds of the table', () => {
    expect(apiOperations.map((entry) => entry.operation.operationId).sort()).toEqual(
      rows.map((row) => row.operationId).sort(),
    );
  });

  it.each(rows.map((row) => [row.slug, row] as const))('%s', (_slug, row) => {
    expect(kebabCase(row.operationId)).toBe(row.slug);
    const entry = byId.get(row.operationId);
    expect(entry, `operation ${row.operationId}`).toBeDefined();
    if (!entry) return;
    expect(entry.method.toUpperCase()).toBe(row.method);
    expect(entry.name).toBe(row.path);
    expect(entry.operation.tags).toEqual([row.group]);
    expect(entry.operation.security).toEqual([{apiKey: [row.scope]}, {oauth2: [row.scope]}]);
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
  it.each(rows.map((row) => [row.slug, row] as const))('%s', (slug, row) => {
    const entry = byId.get(row.operationId);
    if (!entry) throw new Error(`missing ${row.operationId}`);
    const key = idempotencyKey(entry);
    if (moneyMovingSlugs.has(slug)) {
      expect(key, 'takes the Idempotency-Key header').toBeDefined();
      expect(key?.required).toBe(true);
      expect(entry.operation['x-idempotent-write']).toBe(true);
      expect(Object.keys(isObject(entry.operation.responses) ? entry.operation.responses : {})).toContain('409');
    } else {
      expect(key, 'takes no Idempotency-Key header').toBeUndefined();
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
  it('lists the groups as tags in the order of OPERATIONS.md, then Webhooks', () => {
    const tags = Array.isArray(doc.tags) ? doc.tags.filter(isObject) : [];
    expect(tags.map((tag) => tag.name)).toEqual([...groups, 'Webhooks']);
    for (const tag of tags) expect(String(tag.description ?? '')).not.toBe('');
  });

  it('serves production and sandbox under kestrel.example', () => {
    expect(doc.servers).toEqual([
      {url: 'https://api.kestrel.example/v1', description: 'Production'},
      {url: 'https://api.sandbox.kestrel.example/v1', description: 'Sandbox'},
    ]);
  });

  it('defines the API key and OAuth schemes, with every scope of the table and no other', () => {
    expect(getAt(doc, '#/components/securitySchemes/apiKey')).toMatchObject({type: 'http', scheme: 'bearer'});
    const flow = getAt(doc, '#/components/securitySchemes/oauth2/flows/authorizationCode');
    expect(flow).toMatchObject({
      authorizationUrl: 'https://auth.kestrel.example/oauth2/authorize',
      tokenUrl: 'https://auth.kestrel.example/oauth2/token',
      refreshUrl: 'https://auth.kestrel.example/oauth2/token',
    });
    const scopes = isObject(flow) && isObject(flow.scopes) ? Object.keys(flow.scopes) : [];
    expect(scopes.sort()).toEqual([...new Set(rows.map((row) => row.scope))].sort());
  });

  it('states the rate limits and the sandbox test amounts in the description', () => {
    const description = String(getAt(doc, '#/info/description') ?? '');
    expect(description).toMatch(/100 requests per window in\s+production, 25 in the sandbox/);
    expect(description).toMatch(/`\.13`/);
    expect(description).toMatch(/`\.66`/);
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
    const components = isObject(doc.components) ? doc.components : {};
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
