/**
 * The error catalogue's rows, made from the model of the real definition: one per code of
 * `ErrorCode`, in the schema's order, each with a status, meaning, retry and action, and the
 * operations whose documented errors name it; every code an operation documents has a row.
 */
import {describe, expect, it} from 'vitest';
import {errorCodeAnchor, errorCodeHref} from '../../config/error-catalogue';
import {RETRY_WORDS} from '../../config/retry-advice';
import {buildDefinition, type JsonObject} from '../../definition/index.ts';
import {errorCatalogue} from '../../plugins/api-reference/error-catalogue.ts';
import {loadBundledDefinition} from './openapi-definition';

const doc = loadBundledDefinition() as JsonObject;
const model = buildDefinition(structuredClone(doc));
const rows = errorCatalogue(model);
const enumCodes = (doc.components as {schemas: {ErrorCode: {enum: string[]}}}).schemas.ErrorCode.enum;

describe('the error codes of the model', () => {
  it('carry the status, retry and action of x-error-catalogue and the meaning as written, with no status in it', () => {
    const funds = model.errorCodes.find((c) => c.code === 'INSUFFICIENT_FUNDS')!;
    expect(funds).toMatchObject({status: 422, retry: 'new-key'});
    expect(funds.meaning).not.toMatch(/^\[/);
    expect(funds.description).toBe(funds.meaning);
    expect(funds.action!.length).toBeGreaterThan(20);
    expect(model.errorCodes.find((c) => c.code === 'RATE_LIMITED')?.retry).toBe('same-key');
  });

  it('say "Once fixed, with the same key" for an answer Kestrel does not keep and the reader must fix first', () => {
    const words = (code: string) => RETRY_WORDS[rows.find((r) => r.code === code)!.retry];
    for (const code of ['VALIDATION_FAILED', 'MALFORMED_REQUEST', 'UNAUTHORIZED', 'LNURL_RESOLUTION_FAILED'])
      expect(words(code), code).toBe('Once fixed, with the same key');
    expect(words('INSUFFICIENT_FUNDS')).toBe('Once fixed, with a new key');
    expect(words('INTERNAL_ERROR')).toBe('Yes, with the same Idempotency-Key');
    expect(words('INVOICE_NOT_PAYABLE')).toBe('No');
  });

  it("list the operations whose errors name them, in the definition's order", () => {
    for (const code of model.errorCodes) {
      const expected = model.operations.filter((op) => op.errors.some((e) => e.codes.includes(code.code)));
      expect(code.operations, code.code).toEqual(expected.map((op) => op.slug));
    }
    expect(model.errorCodes.find((c) => c.code === 'INVOICE_NOT_FOUND')!.operations).toContain('find-invoice-by-id');
  });

  it('fail the model on a retry that is not no, same-key, same-key-once-fixed or new-key, naming the code', () => {
    const bad = structuredClone(doc) as {components: {schemas: {ErrorCode: JsonObject}}};
    const catalogue = bad.components.schemas.ErrorCode['x-error-catalogue'] as Record<string, JsonObject>;
    catalogue.QUOTE_EXPIRED!.retry = 'later';
    expect(() => buildDefinition(bad as unknown as JsonObject)).toThrow(
      /x-error-catalogue\/QUOTE_EXPIRED\/retry is "later"/,
    );
  });
});

describe('the catalogue rows', () => {
  it('have one row per code of ErrorCode, in its order, each anchored by its code', () => {
    expect(enumCodes.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.code)).toEqual(enumCodes);
    expect(rows.map((r) => r.anchor)).toEqual(enumCodes.map(errorCodeAnchor));
    expect(errorCodeHref('INSUFFICIENT_FUNDS')).toBe('/api/introduction#error-INSUFFICIENT_FUNDS');
  });

  it('render the Markdown of the meaning and the action as HTML', () => {
    const malformed = rows.find((r) => r.code === 'MALFORMED_REQUEST')!;
    expect(malformed.meaningHtml).toContain('<code>Content-Type</code>');
    expect(malformed.actionHtml).toContain('<code>Idempotency-Key</code>');
    expect(malformed.actionHtml).not.toMatch(/^<p>/);
  });

  it('say "all" for a code every operation answers, "idempotent" for one exactly the keyed operations answer, else list the operations', () => {
    const everywhere = rows.filter((r) => r.operations === 'all').map((r) => r.code);
    expect(everywhere).toEqual(
      model.errorCodes.filter((c) => c.operations.length === model.operations.length).map((c) => c.code),
    );
    expect(everywhere).toContain('UNAUTHORIZED');
    const keyed = model.operations.filter((op) => op.idempotent).map((op) => op.slug);
    const keyedOnly = model.errorCodes.filter((c) => c.operations.join() === keyed.join()).map((c) => c.code);
    expect(keyedOnly).toEqual(['IDEMPOTENCY_KEY_INVALID', 'IDEMPOTENCY_KEY_REUSED', 'IDEMPOTENCY_KEY_IN_USE']);
    expect(rows.filter((r) => r.operations === 'idempotent').map((r) => r.code)).toEqual(keyedOnly);
    const notFound = rows.find((r) => r.code === 'INVOICE_NOT_FOUND')!;
    expect(notFound.operations).toContainEqual({slug: 'find-invoice-by-id', summary: 'Find invoice by ID'});
  });

  it('cover every code that any operation documents', () => {
    const documented = new Set(model.operations.flatMap((op) => op.errors.flatMap((e) => e.codes)));
    const listed = new Set(rows.map((r) => r.code));
    expect([...documented].filter((code) => !listed.has(code))).toEqual([]);
    expect(documented.size).toBeGreaterThan(30);
  });

  it('fail the build for a code without its catalogue entry, naming the code', () => {
    const bad = structuredClone(doc) as {components: {schemas: {ErrorCode: JsonObject}}};
    delete (bad.components.schemas.ErrorCode['x-error-catalogue'] as JsonObject).NO_ROUTE_FOUND;
    expect(() => errorCatalogue(buildDefinition(bad as unknown as JsonObject))).toThrow(
      /error code NO_ROUTE_FOUND needs/,
    );
  });
});
