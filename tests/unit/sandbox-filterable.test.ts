/**
 * Every list operation declares what its `$filter` compares and its `$orderby` sorts on
 * (`x-filterable`), and the sandbox holds each list to exactly that, over HTTP: every declared field
 * is accepted, and a filter or sort on any other field answers 400 INVALID_QUERY_OPTION naming the
 * field and listing the declared ones, as the operation's page says.
 */
import {beforeAll, describe, expect, it} from 'vitest';
import {buildDefinition, type Operation} from '../../definition/index.ts';
import {loadBundledDefinition} from './openapi-definition';
import {suiteSandbox} from './suite-sandbox';

const model = buildDefinition(loadBundledDefinition());
const lists = model.operations.filter((op) => op.filterable);
const AUTH = {Authorization: 'Bearer sk_sandbox_filterable'};
const UNDECLARED = 'colour';

describe('x-filterable', () => {
  it('is declared by every operation that takes $filter, and by no other', () => {
    const takingFilter = model.operations.filter((op) => op.parameters.query.some((p) => p.name === '$filter'));
    expect(lists.map((op) => op.operationId)).toEqual(takingFilter.map((op) => op.operationId));
    expect(lists.length).toBeGreaterThanOrEqual(10);
  });
});

describe('the sandbox filters and sorts on the declared fields only', () => {
  const sandbox = suiteSandbox(['--no-rate-limit']);
  /** A path of each list operation, its path parameters filled with an object that exists. */
  const paths = new Map<string, string>();

  beforeAll(async () => {
    for (const op of lists) {
      let path = op.path;
      for (const parameter of op.parameters.path) path = path.replace(`{${parameter.name}}`, await existingId(op));
      paths.set(op.operationId, path);
    }
  });

  /** The id of an object the path parameter names, made with the example request of its create operation. */
  async function existingId(list: Operation): Promise<string> {
    const parent = list.path.slice(0, list.path.indexOf('/{'));
    const create = model.operations.find((op) => op.method === 'POST' && op.path === parent);
    if (!create) throw new Error(`no POST ${parent} to make the object ${list.path} lists under`);
    const res = await fetch(`${sandbox.base}${parent}`, {
      method: 'POST',
      headers: {...AUTH, 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID()},
      body: JSON.stringify(create.requestBody?.examples[0]?.value ?? {}),
    });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(201);
    return body.id;
  }

  async function list(op: Operation, query: Record<string, string>) {
    const res = await fetch(`${sandbox.base}${paths.get(op.operationId)}?${new URLSearchParams(query)}`, {
      headers: AUTH,
    });
    return {status: res.status, type: res.headers.get('content-type'), body: await res.json()};
  }

  for (const op of lists) {
    const filterable = op.filterable!;

    it(`${op.operationId}: each declared field filters and sorts`, async () => {
      for (const field of filterable.fields) {
        const filtered = await list(op, {$filter: `${field} eq null or not (${field} eq null)`});
        expect(filtered.status, `$filter on ${field}: ${JSON.stringify(filtered.body)}`).toBe(200);
        const sorted = await list(op, {$orderby: `${field} desc`});
        expect(sorted.status, `$orderby ${field}: ${JSON.stringify(sorted.body)}`).toBe(200);
      }
      for (const {collection, fields} of filterable.any) {
        for (const field of fields) {
          const inside = await list(op, {$filter: `${collection}/any(d: d/${field} ne null)`});
          expect(inside.status, `${collection}/any on ${field}: ${JSON.stringify(inside.body)}`).toBe(200);
        }
      }
      for (const {filter} of filterable.examples) {
        expect((await list(op, {$filter: filter})).status, filter).toBe(200);
      }
    });

    it(`${op.operationId}: a filter or a sort on an undeclared field is refused, naming it and the declared ones`, async () => {
      const refused: Record<string, string>[] = [{$filter: `${UNDECLARED} eq 'red'`}, {$orderby: `${UNDECLARED} desc`}];
      for (const query of refused) {
        const answer = await list(op, query);
        expect(answer.status).toBe(400);
        expect(answer.type).toMatch(/^application\/problem\+json/);
        expect(answer.body.code).toBe('INVALID_QUERY_OPTION');
        expect(answer.body.detail).toContain(`"${UNDECLARED}`);
        expect(answer.body.detail).toContain(filterable.fields.join(', '));
      }
      for (const {collection, fields} of filterable.any) {
        const answer = await list(op, {$filter: `${collection}/any(d: d/${UNDECLARED} eq 1)`});
        expect(answer.status).toBe(400);
        expect(answer.body.code).toBe('INVALID_QUERY_OPTION');
        expect(answer.body.detail).toContain(`d/${UNDECLARED}`);
        expect(answer.body.detail).toContain(fields.map((field) => `d/${field}`).join(', '));
      }
    });
  }
});
