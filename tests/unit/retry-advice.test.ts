/**
 * The retry advice, one table (config/retry-advice.ts): the definition takes exactly its four
 * values, in the error catalogue (`x-error-catalogue` `retry`) and the idempotency outcomes
 * (`x-idempotency` `next`), and refuses another naming them; the MCP server's error rows and the
 * idempotency outcomes on `/` say each in the table's words (the catalogue's component draws
 * `RETRY_WORDS[retry]`, which tests/e2e/error-catalogue.spec.ts reads on the page).
 */
import {describe, expect, it} from 'vitest';
import {RETRY_ADVICE, RETRY_WORDS} from '../../config/retry-advice.ts';
import {buildDefinition, type JsonObject} from '../../definition/index.ts';
import {catalogueRow} from '../../mcp/describe-operation.ts';
import {renderIdempotencyOutcomes} from '../../plugins/rendered-partials/idempotency-outcomes.ts';
import {loadBundledDefinition} from './openapi-definition';

const doc = loadBundledDefinition() as JsonObject;
const model = buildDefinition(structuredClone(doc));
type Doc = {components: {schemas: {ErrorCode: JsonObject}; parameters: {IdempotencyKey: JsonObject}}};

describe('the retry advice', () => {
  it('has four values, each with words, and the definition uses each of them', () => {
    expect(RETRY_ADVICE).toEqual(['no', 'same-key', 'same-key-once-fixed', 'new-key']);
    for (const advice of RETRY_ADVICE) expect(RETRY_WORDS[advice].trim(), advice).not.toBe('');
    expect(new Set(model.errorCodes.map((c) => c.retry))).toEqual(new Set(RETRY_ADVICE));
    expect(new Set(model.idempotency!.outcomes.map((r) => r.next))).toEqual(new Set(RETRY_ADVICE));
  });

  it('is all the definition takes: another value is refused, naming the four', () => {
    const badRetry = structuredClone(doc) as unknown as Doc;
    (badRetry.components.schemas.ErrorCode['x-error-catalogue'] as Record<string, JsonObject>).NOT_FOUND!.retry =
      'later';
    expect(() => buildDefinition(badRetry as unknown as JsonObject)).toThrow(
      `/retry is "later", not one of ${RETRY_ADVICE.join(', ')}`,
    );
    const badNext = structuredClone(doc) as unknown as Doc;
    const table = badNext.components.parameters.IdempotencyKey['x-idempotency'] as {outcomes: JsonObject[]};
    table.outcomes[0]!.next = 'later';
    expect(() => buildDefinition(badNext as unknown as JsonObject)).toThrow(
      `next is "later", not one of ${RETRY_ADVICE.join(', ')}`,
    );
  });

  it("is said in the table's words by the MCP server's error rows", () => {
    for (const code of model.errorCodes)
      expect(catalogueRow(code), code.code).toContain(` Retry: ${RETRY_WORDS[code.retry!]}. `);
  });

  it("is said in the table's words by the idempotency outcomes on /, in its Retry column", () => {
    const rows = renderIdempotencyOutcomes(model)
      .split('\n')
      .filter((line) => line.startsWith('| `'));
    expect(rows.length).toBeGreaterThan(4);
    const shown = new Set(rows.map((line) => line.split(' | ').at(-1)!.replace(/ \|$/, '')));
    expect(shown).toEqual(new Set(RETRY_ADVICE.map((advice) => RETRY_WORDS[advice])));
  });
});
