/**
 * An error's status is written once, in the error catalogue: operations list their problems without
 * a status (`x-problems`), and finishing the bundle files each under its codes' status. Changing a
 * code's status in the catalogue moves it on every operation, composing the descriptions anew where
 * two problems come to share a status.
 */
import {beforeAll, describe, expect, it} from 'vitest';
import {buildDefinition, keyProblemResponses, type JsonObject} from '../../definition/index.ts';
import {finishBundle} from '../../tooling/finish-bundle.mjs';
import {bundleDefinitionSource} from '../../tooling/working-definition.mjs';

let source: JsonObject;
beforeAll(async () => {
  source = await bundleDefinitionSource();
});

type Operation = JsonObject & {responses: Record<string, JsonObject>; 'x-problems'?: JsonObject[]};
const operationAt = (doc: JsonObject, route: string, method: string) =>
  (doc.paths as Record<string, Record<string, Operation>>)[route]![method]!;
const catalogueOf = (doc: JsonObject) =>
  ((doc.components as JsonObject).schemas as Record<string, JsonObject>).ErrorCode!['x-error-catalogue'] as Record<
    string,
    {status: number}
  >;

/** A copy of the source bundle with the catalogue giving `code` another status. */
function withStatus(code: string, status: number): JsonObject {
  const copy = structuredClone(source);
  catalogueOf(copy)[code]!.status = status;
  return copy;
}

/** The codes each error status of an operation carries, and its words, as readers get them. */
function errorsOf(doc: JsonObject, slug: string) {
  const op = buildDefinition(finishBundle(doc)).operations.find((o) => o.slug === slug)!;
  return Object.fromEntries(op.errors.map((e) => [e.status, {codes: e.codes, description: e.description}]));
}

describe('the source', () => {
  it('writes no status for any problem: every operation lists its problems in x-problems', () => {
    const operations = Object.values(source.paths as Record<string, Record<string, Operation>>).flatMap((item) =>
      Object.values(item).filter((op) => typeof op === 'object' && op !== null && 'operationId' in op),
    );
    expect(operations).toHaveLength(49);
    for (const op of operations) {
      expect(op['x-problems']?.length, String(op.operationId)).toBeGreaterThan(0);
      expect(
        Object.keys(op.responses).filter((status) => /^[45]/.test(status)),
        String(op.operationId),
      ).toEqual([]);
    }
  });
});

describe('the finished bundle', () => {
  it('files each problem under the status the catalogue gives its codes, in ascending order', () => {
    const model = buildDefinition(keyProblemResponses(source));
    const status = new Map(model.errorCodes.map((c) => [c.code, String(c.status)]));
    const filed = model.operations.flatMap((op) => op.errors.flatMap((e) => e.codes.map((code) => [code, e.status])));
    expect(filed.length).toBeGreaterThan(300);
    expect(filed.filter(([code, at]) => status.get(code!) !== at)).toEqual([]);
    const initiate = model.operations.find((o) => o.slug === 'initiate-a-payout')!;
    expect(initiate.errors.map((e) => e.status)).toEqual([
      '400',
      '401',
      '403',
      '404',
      '409',
      '422',
      '429',
      '500',
      '503',
    ]);
  });

  it("keeps each problem's own words where it alone has its status", () => {
    expect(errorsOf(source, 'initiate-a-payout')['409']).toEqual({
      codes: ['PAYOUT_NOT_INITIABLE', 'IDEMPOTENCY_KEY_REUSED', 'IDEMPOTENCY_KEY_IN_USE'],
      description:
        'Conflict: the payout is not `NEW` (code `PAYOUT_NOT_INITIABLE`), or the `Idempotency-Key` conflicts (codes `IDEMPOTENCY_KEY_REUSED`, `IDEMPOTENCY_KEY_IN_USE`).',
    });
  });
});

describe('one edit of a status in the catalogue', () => {
  it('moves the code, with its example and its words, to the new status and out of the old', () => {
    const errors = errorsOf(withStatus('PAYOUT_NOT_INITIABLE', 422), 'initiate-a-payout');
    expect(errors['409']).toEqual({
      codes: ['IDEMPOTENCY_KEY_REUSED', 'IDEMPOTENCY_KEY_IN_USE'],
      description:
        'Conflict: the `Idempotency-Key` conflicts (codes `IDEMPOTENCY_KEY_REUSED`, `IDEMPOTENCY_KEY_IN_USE`).',
    });
    expect(errors['422']).toEqual({
      codes: ['PAYOUT_NOT_INITIABLE', 'QUOTE_EXPIRED', 'INSUFFICIENT_FUNDS', 'LIMIT_EXCEEDED'],
      description:
        'Unprocessable: the payout is not `NEW` (code `PAYOUT_NOT_INITIABLE`), the payout expired (code `QUOTE_EXPIRED`), the balance does not cover it (code `INSUFFICIENT_FUNDS`), or it would exceed a limit (code `LIMIT_EXCEEDED`).',
    });
  });

  it('splits a clause naming two codes when only one of them moves', () => {
    const errors = errorsOf(withStatus('IDEMPOTENCY_KEY_IN_USE', 503), 'initiate-a-payout');
    expect(errors['409']!.description).toBe(
      'Conflict: the payout is not `NEW` (code `PAYOUT_NOT_INITIABLE`), or the `Idempotency-Key` conflicts (code `IDEMPOTENCY_KEY_REUSED`).',
    );
    // The 503 composed of the moved clause and the shared answer, whose closing sentence stays.
    expect(errors['503']).toEqual({
      codes: ['IDEMPOTENCY_KEY_IN_USE', 'SERVICE_UNAVAILABLE'],
      description:
        'Service unavailable: the `Idempotency-Key` conflicts (code `IDEMPOTENCY_KEY_IN_USE`), or Kestrel is in maintenance or overloaded (code `SERVICE_UNAVAILABLE`). Wait `Retry-After` seconds, then retry; https://status.kestrel.example shows planned maintenance.',
    });
  });

  it("files a shared response as a whole where it is alone, opened with its new status's words", () => {
    // Get balances answers no 409: the shared response moves as it is.
    const balances = finishBundle(withStatus('UNAUTHORIZED', 409));
    const responses = operationAt(balances, '/account/balances', 'get').responses;
    expect(responses['409']).toEqual({$ref: '#/components/responses/Unauthorized'});
    expect(responses['401']).toBeUndefined();
    const shared = ((balances.components as JsonObject).responses as Record<string, JsonObject>).Unauthorized!;
    expect(shared.description).toMatch(/^Conflict: the `Authorization` header is missing or malformed/);
  });

  it('composes a shared response with the others at its new status, with all their headers', () => {
    const moved = withStatus('UNAUTHORIZED', 400);
    const initiate = operationAt(finishBundle(moved), '/payouts/{payoutId}/initiate', 'patch').responses;
    expect(initiate['400']!.description).toBe(
      "Bad request: the `Idempotency-Key` header is missing, or is not 1 to 255 characters long (code `IDEMPOTENCY_KEY_INVALID`), the API version asked for (`Kestrel-Version`, else the account's pin) is unknown or past its sunset (code `API_VERSION_UNSUPPORTED`), or the `Authorization` header is missing or malformed, or the API key or access token is unknown, revoked or expired (code `UNAUTHORIZED`).",
    );
    expect(Object.keys(initiate['400']!.headers as JsonObject)).toEqual(
      expect.arrayContaining(['WWW-Authenticate', 'Kestrel-Version', 'RateLimit-Limit']),
    );
    expect(errorsOf(moved, 'initiate-a-payout')['400']!.codes).toEqual([
      'IDEMPOTENCY_KEY_INVALID',
      'API_VERSION_UNSUPPORTED',
      'UNAUTHORIZED',
    ]);
  });

  it('states the new status in the problem examples of the moved code', () => {
    const examples = (finishBundle(withStatus('PAYOUT_NOT_INITIABLE', 422)).components as JsonObject)
      .examples as Record<string, {value: JsonObject}>;
    expect(examples.ProblemPayoutNotInitiable!.value.status).toBe(422);
    expect(Object.keys(examples.ProblemPayoutNotInitiable!.value).slice(0, 3)).toEqual(['type', 'title', 'status']);
  });
});

describe('a definition the step cannot file', () => {
  it('fails on a code the catalogue gives no status, naming the operation and the code', () => {
    const copy = structuredClone(source);
    delete catalogueOf(copy).PAYOUT_NOT_INITIABLE;
    expect(() => keyProblemResponses(copy)).toThrow(
      'definition: PATCH /payouts/{payoutId}/initiate answers PAYOUT_NOT_INITIABLE, which has no status in x-error-catalogue',
    );
  });

  it('fails on a status without opening words, naming it', () => {
    expect(() => keyProblemResponses(withStatus('PAYOUT_NOT_INITIABLE', 423))).toThrow(
      'definition: PATCH /payouts/{payoutId}/initiate answers status 423, which has no words in x-status-labels',
    );
  });

  it('fails on an operation that also writes a problem status under responses', () => {
    const copy = structuredClone(source);
    const op = operationAt(copy, '/invoices', 'post');
    op.responses['401'] = {$ref: '#/components/responses/Unauthorized'};
    expect(() => keyProblemResponses(copy)).toThrow('definition: POST /invoices writes response 401 beside x-problems');
  });

  it('fails on a problem whose example names no code', () => {
    const copy = structuredClone(source);
    const op = operationAt(copy, '/invoices', 'post');
    op['x-problems']!.push({
      description: 'Conflict: something.',
      content: {'application/problem+json': {examples: {bare: {value: {title: 'No code'}}}}},
    });
    expect(() => keyProblemResponses(copy)).toThrow(/has no code/);
  });
});
