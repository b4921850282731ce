/**
 * The definition model (definition/) read from the real definition, bundled from openapi/ into a
 * temporary folder as scripts/bundle-openapi.mjs bundles it: the pages it makes are the routes the
 * site publishes, and what it says of an operation is what the definition says.
 */
import {mkdtempSync, rmSync, utimesSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {Ajv2020} from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import {afterAll, describe, expect, it} from 'vitest';
import {apiRoutes} from '../api-routes';
import {
  buildDefinition,
  findOperation,
  findWebhook,
  flattenFields,
  loadDefinition,
  requestBodySchema,
  slugOf,
  type Field,
  type JsonObject,
} from '../../definition/index.ts';
import {HTTP_METHODS, isObject, loadBundledDefinition} from './openapi-definition';

const doc = loadBundledDefinition() as JsonObject;
const model = buildDefinition(structuredClone(doc));
const paths = (root: Field) => flattenFields(root).map((f) => f.path);

describe('the model of the real definition', () => {
  // The one test that writes the number of operations: deleting one by accident fails here, loudly;
  // every other test derives the count from the definition.
  it('has one operation per method under paths (49) and one webhook per event (8)', () => {
    const methodsUnder = (section: unknown) =>
      Object.values(section as Record<string, Record<string, unknown>>).flatMap((item) =>
        HTTP_METHODS.filter((m) => isObject(item[m] as never)),
      ).length;
    expect(model.operations).toHaveLength(49);
    expect(model.operations).toHaveLength(methodsUnder(doc.paths));
    expect(model.webhooks).toHaveLength(methodsUnder(doc.webhooks));
    expect(model.webhooks).toHaveLength(8);
  });

  it('gives every operation the page /api/{kebab-case operationId}, in the group of its one tag', () => {
    for (const op of model.operations) {
      expect(op.slug, op.operationId).toBe(slugOf(op.operationId));
      expect(op.tags, op.operationId).toEqual([op.group]);
    }
    expect(findOperation(model, 'issue-invoice')).toMatchObject({operationId: 'issueInvoice', group: 'Invoices'});
    // The groups are the definition's tags, in its order: the API sidebar's order.
    const tags = (doc.tags as JsonObject[]).map((tag) => tag.name);
    expect(model.groups.map((g) => g.name)).toEqual(tags);
  });

  it('moves a page, its group and every route list the tests derive when the definition changes', () => {
    // One edit at the source: issueInvoice renamed and retagged, and the Deposits tag listed first.
    const changed = structuredClone(doc);
    const issue = (changed.paths as Record<string, Record<string, JsonObject>>)['/invoices']!.post!;
    issue.operationId = 'raiseInvoice';
    issue.tags = ['Deposits'];
    const tags = changed.tags as JsonObject[];
    tags.unshift(
      ...tags.splice(
        tags.findIndex((t) => t.name === 'Deposits'),
        1,
      ),
    );
    const dir = mkdtempSync(path.join(tmpdir(), 'kestrel-api-routes-'));
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(changed));
    const routes = apiRoutes(file);
    rmSync(dir, {recursive: true, force: true});
    expect(routes.operationSlugs).toContain('raise-invoice');
    expect(routes.operationSlugs).not.toContain('issue-invoice');
    expect(routes.operationSlugs).toHaveLength(model.operations.length);
    expect(routes.operationGroups[0]?.label).toBe('Deposits');
    expect(routes.operationGroups[0]?.slugs).toContain('raise-invoice');
    expect(routes.operationGroups.find((g) => g.label === 'Invoices')?.slugs).not.toContain('raise-invoice');
    expect(routes.webhookSlugs).toEqual(model.webhooks.map((w) => w.slug));
  });

  it('gives webhooks their event type and the slugs of their pages, in the Webhooks group', () => {
    expect(model.webhooks.map((w) => [w.event, w.slug])).toContainEqual(['invoice.created', 'invoice-created-webhook']);
    expect(model.groups.at(-1)).toMatchObject({name: 'Webhooks', slugs: model.webhooks.map((w) => w.slug)});
    const webhook = findWebhook(model, 'invoice.created');
    expect(webhook.method).toBe('POST');
    expect(webhook.headers.map((h) => [h.name, h.required])).toEqual([['Kestrel-Signature', true]]);
    expect(webhook.payload?.schema.schemaName).toBe('Event');
    expect(paths(webhook.payload!.schema)).toContain('data.entityId');
    expect(webhook.payload?.examples[0]?.value).toMatchObject({eventType: 'invoice.created'});
    expect(webhook.responses.map((r) => r.status)).toEqual(['200']);
  });

  it('reads issue-invoice: method, path, scopes, idempotency, header and a nested body field', () => {
    const op = findOperation(model, 'issue-invoice');
    expect(op).toMatchObject({operationId: 'issueInvoice', method: 'POST', path: '/invoices', group: 'Invoices'});
    expect(op.scopes).toEqual(['partner.invoice.create']);
    expect(op.security.map((s) => s.scheme)).toEqual(['apiKey', 'oauth2']);
    expect(op.idempotent).toBe(true);
    // The path's own header (Kestrel-Version, on every path) comes before the operation's.
    expect(op.parameters.header.map((p) => p.name)).toEqual(['Kestrel-Version', 'Idempotency-Key']);
    expect(op.parameters.header[1]?.schema).toMatchObject({name: 'Idempotency-Key', minLength: 1, maxLength: 255});
    const body = op.requestBody!;
    expect(body).toMatchObject({mediaType: 'application/json', required: true});
    const currency = flattenFields(body.schema).find((f) => f.path === 'amount.currency');
    expect(currency).toMatchObject({name: 'currency', required: true, type: ['string'], schemaName: 'Currency'});
    expect(currency?.enum).toContain('USD');
    expect(body.schema.children.find((f) => f.name === 'amount')?.schemaName).toBe('Money');
    // `id` is readOnly: the answer has it, the request does not.
    expect(paths(body.schema)).not.toContain('id');
    expect(paths(op.responses[0]!.body!.schema)).toContain('id');
    expect(body.examples[0]?.value).toMatchObject({amount: {currency: 'USD'}});
  });

  it('reads answers per status with headers, examples and the error codes they carry', () => {
    const op = findOperation(model, 'issueInvoice');
    expect(op.responses.map((r) => r.status)).toEqual(['201', '400', '401', '403', '409', '422', '429', '500', '503']);
    const created = op.responses[0]!;
    expect(created.headers.map((h) => h.name)).toEqual([
      'RateLimit-Limit',
      'RateLimit-Remaining',
      'RateLimit-Reset',
      'Kestrel-Version',
      'Idempotent-Replayed',
    ]);
    expect(created.headers[0]?.schema.type).toEqual(['integer']);
    expect(created.body?.examples.length).toBeGreaterThan(0);
    expect(op.errors.find((e) => e.status === '409')?.codes).toEqual([
      'IDEMPOTENCY_KEY_REUSED',
      'IDEMPOTENCY_KEY_IN_USE',
    ]);
    expect(op.responses.find((r) => r.status === '401')?.component).toBe('#/components/responses/Unauthorized');
    expect(findOperation(model, 'find-invoice-by-id').errors.find((e) => e.status === '404')?.codes).toEqual([
      'INVOICE_NOT_FOUND',
    ]);
  });

  it('reads a list: query parameters and the fields of its items by path', () => {
    const op = findOperation(model, 'get-invoices');
    expect(op.parameters.query.map((p) => p.name)).toEqual(['$filter', '$orderby', '$skip', '$top']);
    expect(op.idempotent).toBe(false);
    const page = op.responses[0]!.body!.schema;
    const items = page.children.find((f) => f.name === 'items')!;
    expect(items.type).toEqual(['array']);
    expect(items.items?.schemaName).toBe('Invoice');
    expect(paths(page)).toContain('items[].amount.currency');
  });

  it('answers only codes of the ErrorCode schema, which gives each code its status', () => {
    const codes = new Set(model.errorCodes.map((c) => c.code));
    const answered = model.operations.flatMap((op) => op.errors.flatMap((e) => e.codes));
    expect(answered.length).toBeGreaterThan(100);
    expect(answered.filter((code) => !codes.has(code))).toEqual([]);
    expect(model.errorCodes.find((c) => c.code === 'INVOICE_NOT_FOUND')?.status).toBe(404);
  });

  it('calls an operation idempotent exactly where the definition marks it an idempotent write', () => {
    const marked = model.operations.filter((op) => {
      const raw = (doc.paths as Record<string, Record<string, JsonObject>>)[op.path]![op.method.toLowerCase()]!;
      return raw['x-idempotent-write'] === true;
    });
    expect(marked.length).toBeGreaterThan(10);
    expect(model.operations.filter((op) => op.idempotent).map((op) => op.slug)).toEqual(marked.map((op) => op.slug));
  });

  it("gives the info and the servers in the definition's order", () => {
    expect(model.info).toMatchObject({title: 'Kestrel API', version: '2.0.0'});
    expect(model.servers).toEqual([
      {url: 'https://api.kestrel.example/v1', description: 'Production'},
      {url: 'https://api.sandbox.kestrel.example/v1', description: 'Sandbox'},
    ]);
  });

  it('holds no $ref outside the document itself', () => {
    const {document, ...rest} = model;
    expect(document).toBeDefined();
    expect(JSON.stringify(rest)).not.toContain('"$ref"');
  });

  it('gives a request body schema that Ajv compiles on its own: the example passes, a missing field is named', () => {
    const ajv = new Ajv2020({allErrors: true, strict: false});
    (addFormats as unknown as (a: Ajv2020) => void)(ajv);
    for (const op of model.operations.filter((o) => o.requestBody)) {
      const validate = ajv.compile(requestBodySchema(model, op)!);
      for (const example of op.requestBody!.examples) {
        expect(validate(example.value), `${op.slug} example ${example.name}: ${ajv.errorsText(validate.errors)}`).toBe(
          true,
        );
      }
    }
    const validate = ajv.compile(requestBodySchema(model, findOperation(model, 'issue-invoice'))!);
    expect(validate({amount: {amount: '1.00'}})).toBe(false);
    expect(validate.errors?.map((e) => `${e.instancePath} ${e.message}`)).toContain(
      "/amount must have required property 'currency'",
    );
    expect(requestBodySchema(model, findOperation(model, 'get-invoices'))).toBeUndefined();
  });
});

describe('loadDefinition', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'kestrel-definition-model-'));
  const file = path.join(dir, 'openapi.json');
  afterAll(() => rmSync(dir, {recursive: true, force: true}));

  it('builds the model once per version of the file', () => {
    writeFileSync(file, JSON.stringify(doc));
    const first = loadDefinition(file);
    expect(loadDefinition(file)).toBe(first);
    const changed = structuredClone(doc) as {info: {title: string}};
    changed.info.title = 'Kestrel API, edited';
    writeFileSync(file, JSON.stringify(changed));
    // A second write in the same millisecond would keep the mtime: set it apart.
    utimesSync(file, new Date(), new Date(Date.now() + 2000));
    const second = loadDefinition(file);
    expect(second).not.toBe(first);
    expect(second.info.title).toBe('Kestrel API, edited');
  });

  it('names the command that writes a missing bundle, and the file that is not JSON', () => {
    expect(() => loadDefinition(path.join(dir, 'absent.json'))).toThrow(
      /cannot read .*absent\.json; write it with `node scripts\/bundle-openapi\.mjs`/,
    );
    writeFileSync(path.join(dir, 'broken.json'), '{"openapi": ');
    expect(() => loadDefinition(path.join(dir, 'broken.json'))).toThrow(/broken\.json is not JSON/);
  });
});
