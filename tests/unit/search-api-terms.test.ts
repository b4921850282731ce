/**
 * The API words of the search index (plugins/api-reference/search-terms.ts reads them from the definition;
 * packages/kestrel-search/indexing/search-api-terms.ts makes them index words), read from a small definition
 * and from the real one, bundled from openapi/ by scripts/bundle-openapi.mjs into a temporary folder
 * (so the test reads the definition as it is now, with or without a previous `npm run gen-api`).
 */
import {execFileSync} from 'node:child_process';
import {mkdtempSync, readFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {IDENTIFIER_TAG_REPEATS, indexWords, joinedWord} from '../../packages/kestrel-search/indexing/search-api-terms';
import {apiTerms, type Definition} from '../../plugins/api-reference/search-terms';
import {buildDefinition} from '../../definition/index.ts';
import type {JsonObject} from '../../definition/index.ts';

function bundledDefinition(): Definition {
  const dir = mkdtempSync(path.join(tmpdir(), 'kestrel-definition-'));
  execFileSync(process.execPath, [path.resolve(__dirname, '../../scripts/bundle-openapi.mjs'), dir], {stdio: 'pipe'});
  return JSON.parse(readFileSync(path.join(dir, 'openapi.json'), 'utf8')) as Definition;
}

const DEFINITION: Definition = {
  paths: {
    '/invoices': {
      parameters: [{$ref: '#/components/parameters/Idempotency'}],
      get: {
        operationId: 'getInvoices',
        parameters: [{name: 'status', in: 'query', schema: {type: 'string', enum: ['UNPAID', 'PAID']}}],
        responses: {
          '200': {
            headers: {'RateLimit-Remaining': {schema: {type: 'integer'}}},
            content: {'application/json': {schema: {type: 'array', items: {$ref: '#/components/schemas/Invoice'}}}},
          },
          '404': {
            content: {
              'application/problem+json': {
                schema: {$ref: '#/components/schemas/Problem'},
                examples: {gone: {$ref: '#/components/examples/NotFound'}},
              },
            },
          },
        },
      },
      post: {
        operationId: 'issueInvoice',
        requestBody: {content: {'application/json': {schema: {$ref: '#/components/schemas/Invoice'}}}},
        responses: {},
      },
    },
  },
  webhooks: {
    'invoice.created': {
      post: {
        operationId: 'invoiceCreatedWebhook',
        requestBody: {
          content: {'application/json': {schema: {properties: {data: {properties: {entityId: {type: 'string'}}}}}}},
        },
      },
    },
  },
  components: {
    parameters: {Idempotency: {name: 'Idempotency-Key', in: 'header', schema: {type: 'string'}}},
    schemas: {
      Invoice: {
        type: 'object',
        properties: {
          id: {type: 'string', readOnly: true},
          amount: {$ref: '#/components/schemas/Money'},
          lines: {type: 'array', items: {type: 'object', properties: {sku: {type: 'string'}}}},
          expiresInSeconds: {type: 'integer'},
          secret: {type: 'string', writeOnly: true},
          // A schema under itself.
          parent: {$ref: '#/components/schemas/Invoice'},
        },
      },
      Money: {
        type: 'object',
        properties: {currency: {type: 'string', enum: ['USD', 'BTC']}, amount: {type: 'string'}},
      },
      Problem: {properties: {code: {type: 'string', enum: ['EVERY_CODE_THERE_IS']}}},
    },
    examples: {NotFound: {value: {code: 'INVOICE_NOT_FOUND'}}},
  },
};

describe('the API words of the search (packages/kestrel-search/indexing/search-api-terms.ts)', () => {
  const terms = apiTerms(DEFINITION);
  const byRoute = new Map(terms.map((t) => [t.route, t]));

  it('name each operation and webhook by the route the API plugin gives its page', () => {
    expect(terms.map((t) => [t.route, t.name])).toEqual([
      ['/api/get-invoices', 'GET /invoices'],
      ['/api/issue-invoice', 'POST /invoices'],
      ['/api/invoice-created-webhook', 'webhook invoice.created'],
    ]);
  });

  it('hold parameters, header names, enum values, response fields and the error codes of the examples', () => {
    const get = byRoute.get('/api/get-invoices')!;
    expect(get.queryParameters).toEqual(['status']);
    expect(get.identifiers).toEqual(
      expect.arrayContaining([
        'status',
        'UNPAID',
        'PAID',
        'RateLimit-Remaining',
        'id',
        'amount.currency',
        'USD',
        'INVOICE_NOT_FOUND',
      ]),
    );
    // The problem schema is every error's: its enum would give every operation every code.
    expect(get.identifiers).not.toContain('EVERY_CODE_THERE_IS');
    // The idempotency headers are the guide's to explain (UNINDEXED_HEADERS).
    expect(get.identifiers).not.toContain('Idempotency-Key');
    // writeOnly fields are not in responses.
    expect(get.identifiers).not.toContain('secret');
    // Response fields by their path, array items under their array's path (not `lines[].sku`).
    expect(get.responseFields).toEqual(
      expect.arrayContaining(['id', 'amount', 'amount.currency', 'expiresInSeconds', 'lines', 'lines.sku', 'parent']),
    );
    expect(get.responseFields).not.toContain('secret');
    expect(byRoute.get('/api/issue-invoice')!.responseFields).toEqual([]);
  });

  it('hold request body fields by their path, writable ones only, through $ref, arrays and recursion', () => {
    const post = byRoute.get('/api/issue-invoice')!;
    expect(post.requestFields).toEqual(
      expect.arrayContaining([
        'amount',
        'amount.currency',
        'amount.amount',
        'expiresInSeconds',
        'lines',
        'lines.sku',
        'secret',
        'parent',
      ]),
    );
    // A schema under itself is not walked again: its fields are already there.
    expect(post.requestFields).not.toContain('parent.expiresInSeconds');
    expect(post.requestFields).not.toContain('id');
    expect(byRoute.get('/api/invoice-created-webhook')!.requestFields).toEqual(['data', 'data.entityId']);
  });

  it("index each identifier written together, and each name's own last segment, marked, twice", () => {
    expect(joinedWord('amount.currency')).toBe('amountcurrency');
    expect(joinedWord('Kestrel-Signature')).toBe('kestrelsignature');
    expect(joinedWord('$orderby')).toBe('orderby');
    const words = indexWords({
      names: ['expiresInSeconds', 'amount.currency'],
      values: ['RateLimit-Remaining', 'INVOICE_NOT_FOUND'],
    });
    const once = ['_expiresinseconds', '_amountcurrency', '_ratelimitremaining', '_invoicenotfound', '_currency'];
    expect(IDENTIFIER_TAG_REPEATS).toBe(2);
    expect(words).toEqual([...once, ...once]);
  });

  it('refuse a definition they cannot read, naming what is wrong', () => {
    expect(() => apiTerms({} as Definition)).toThrow(/no "paths" object/);
    expect(() =>
      apiTerms({paths: {'/x': {get: {operationId: 'x', parameters: [{$ref: '#/components/parameters/Missing'}]}}}}),
    ).toThrow(/\$ref "#\/components\/parameters\/Missing" at #\/paths\/~1x\/get\/parameters\/0 names nothing/);
    expect(() => apiTerms({paths: {'/x': {get: {responses: {}}}}})).toThrow(/GET \/x .* has no operationId/);
    expect(() =>
      apiTerms({
        paths: {'/x': {get: {operationId: 'x', requestBody: {content: {'application/json': {schema: {oneOf: []}}}}}}},
      }),
    ).toThrow(/uses oneOf/);
  });

  it('cover every operation page of the reference (the bundled definition)', {timeout: 60_000}, () => {
    const definition = bundledDefinition();
    const routes = apiTerms(definition).map((t) => t.route);
    const slugs = buildDefinition(structuredClone(definition) as JsonObject).operations.map((op) => op.slug);
    expect(slugs.length).toBeGreaterThan(0);
    for (const slug of slugs) expect(routes, slug).toContain(`/api/${slug}`);
  });
});
