/**
 * The idempotency outcomes table (`x-idempotency` on the `Idempotency-Key` parameter), read through
 * the definition model: it has a row for every code a request with an `Idempotency-Key` can get and
 * no other, each row takes its status and `next` from the error catalogue, the model refuses a
 * malformed row naming it, and the guide on `/` shows the table rendered from it, in the retry
 * words of config/retry-advice.ts: a changed row of the definition changes the page.
 */
import {describe, it, expect} from 'vitest';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {
  buildDefinition,
  idempotencyTableProblems,
  idempotentAnswerCodes,
  keyProblemResponses,
  type JsonObject,
} from '../../definition/index.ts';
import {RETRY_WORDS} from '../../config/retry-advice.ts';
import {renderIdempotencyOutcomes} from '../../plugins/rendered-partials/idempotency-outcomes.ts';
import {expandPartials, PARTIALS} from '../../plugins/rendered-partials/partials.ts';
import {ROOT, loadBundledDefinition, loadSourceBundle} from './openapi-definition';

const doc = loadBundledDefinition() as JsonObject;
const model = buildDefinition(structuredClone(doc));
const rules = model.idempotency!;

/** The bundled definition with `x-idempotency` changed by `edit`. */
function withTable(edit: (table: {outcomes: JsonObject[]} & JsonObject) => void): JsonObject {
  const copy = structuredClone(doc) as {components: {parameters: {IdempotencyKey: JsonObject}}};
  edit(copy.components.parameters.IdempotencyKey['x-idempotency'] as {outcomes: JsonObject[]} & JsonObject);
  return copy as unknown as JsonObject;
}

describe('x-idempotency', () => {
  it('has a row for every code a request with an Idempotency-Key can get, and for a success, with the status of its code', () => {
    expect(idempotencyTableProblems(model)).toEqual([]);
    const codes = idempotentAnswerCodes(model);
    expect(codes).toEqual(expect.arrayContaining(['INSUFFICIENT_FUNDS', 'NOT_FOUND', 'LNURL_RESOLUTION_FAILED']));
    expect(
      rules.outcomes
        .filter((r) => r.code)
        .map((r) => r.code)
        .sort(),
    ).toEqual([...codes].sort());
    expect(rules.outcomes.find((r) => r.status === '2xx')).toEqual({status: '2xx', kept: true, next: 'no'});
  });

  it('names a code that a keyed operation answers but that has no row, and the guide cannot be rendered without it', () => {
    const bad = buildDefinition(
      withTable((t) => {
        t.outcomes = t.outcomes.filter((r) => r.code !== 'INSUFFICIENT_FUNDS');
      }),
    );
    expect(idempotencyTableProblems(bad)).toEqual(['INSUFFICIENT_FUNDS has no row']);
    expect(() => renderIdempotencyOutcomes(bad)).toThrow(/INSUFFICIENT_FUNDS has no row/);
    const extra = buildDefinition(
      withTable((t) => {
        t.outcomes.push({status: 400, code: 'INVALID_QUERY_OPTION', kept: false, next: 'no'});
      }),
    );
    expect(idempotencyTableProblems(extra)).toEqual([
      'INVALID_QUERY_OPTION has a row, but no request with an Idempotency-Key gets it',
    ]);
  });

  it("takes each coded row's status and next from the error catalogue: one edit there changes the row", () => {
    const source = loadSourceBundle() as JsonObject;
    const catalogue = (source.components as {schemas: {ErrorCode: {'x-error-catalogue': Record<string, JsonObject>}}})
      .schemas.ErrorCode['x-error-catalogue'];
    const rowOf = (doc: JsonObject, code: string) =>
      buildDefinition(keyProblemResponses(doc)).idempotency!.outcomes.find((r) => r.code === code);
    expect(rowOf(source, 'PAYOUT_NOT_INITIABLE')).toEqual({
      status: 409,
      code: 'PAYOUT_NOT_INITIABLE',
      kept: true,
      next: 'no',
    });
    const edited = structuredClone(source);
    const entry = (
      edited.components as typeof source.components & {
        schemas: {ErrorCode: {'x-error-catalogue': Record<string, JsonObject>}};
      }
    ).schemas.ErrorCode['x-error-catalogue'].PAYOUT_NOT_INITIABLE!;
    Object.assign(entry, {status: 422, retry: 'new-key'});
    expect(rowOf(edited, 'PAYOUT_NOT_INITIABLE')).toEqual({
      status: 422,
      code: 'PAYOUT_NOT_INITIABLE',
      kept: true,
      next: 'new-key',
    });
    // The rows stay ordered by status.
    const statuses = buildDefinition(keyProblemResponses(edited)).idempotency!.outcomes.map((r) => r.status);
    expect(statuses.slice(1)).toEqual([...statuses.slice(1)].sort((a, b) => Number(a) - Number(b)));
    expect(catalogue.PAYOUT_NOT_INITIABLE).toMatchObject({status: 409});
  });

  it('refuses a row of the source that states its own status or next, naming it', () => {
    const source = structuredClone(loadSourceBundle()) as JsonObject;
    const table = (source.components as {parameters: {IdempotencyKey: {'x-idempotency': {outcomes: JsonObject[]}}}})
      .parameters.IdempotencyKey['x-idempotency'];
    const at = table.outcomes.findIndex((r) => r.code === 'QUOTE_EXPIRED');
    table.outcomes[at]!.status = 422;
    expect(() => keyProblemResponses(source)).toThrow(
      `definition: #/components/parameters/IdempotencyKey/x-idempotency/outcomes/${at} states a status or next; x-error-catalogue gives them (remove them)`,
    );
  });

  it('keeps the retries that decide money', () => {
    // A request that must be fixed first keeps its key: the catalogue says so, not "No".
    const retryOf = (code: string) => model.errorCodes.find((c) => c.code === code)?.retry;
    for (const code of ['VALIDATION_FAILED', 'MALFORMED_REQUEST', 'UNAUTHORIZED', 'LNURL_RESOLUTION_FAILED'])
      expect(retryOf(code), code).toBe('same-key-once-fixed');
    // The retries that decide money: a kept business failure takes a new key; a transient one the same.
    const next = (code: string) => rules.outcomes.find((r) => r.code === code)!;
    expect(next('INSUFFICIENT_FUNDS')).toMatchObject({kept: true, next: 'new-key'});
    expect(next('INTERNAL_ERROR')).toMatchObject({kept: false, next: 'same-key'});
  });

  it('keeps only answers given once the operation ran: never one that a retry with the same key should get past', () => {
    for (const row of rules.outcomes) if (row.kept) expect(row.next, String(row.code)).not.toBe('same-key');
    const notKept = rules.outcomes.filter((r) => !r.kept).map((r) => r.code);
    expect(notKept).toEqual(
      expect.arrayContaining([
        'VALIDATION_FAILED',
        'MALFORMED_REQUEST',
        'IDEMPOTENCY_KEY_IN_USE',
        'RATE_LIMITED',
        'INTERNAL_ERROR',
      ]),
    );
  });

  it('is refused by the model where a row is malformed, naming the row', () => {
    expect(() => buildDefinition(withTable((t) => void (t.outcomes[3]!.next = 'later')))).toThrow(
      /x-idempotency\/outcomes\/3\/next is "later"/,
    );
    expect(() =>
      buildDefinition(
        withTable(
          (t) =>
            void Object.assign(
              t.outcomes.find((r) => r.code === 'INSUFFICIENT_FUNDS')!,
              {next: 'same-key'},
            ),
        ),
      ),
    ).toThrow(/next is same-key, but the answer is kept/);
    expect(() => buildDefinition(withTable((t) => void (t.bodyComparison = 'loose')))).toThrow(
      /bodyComparison is "loose"/,
    );
    expect(() =>
      buildDefinition(
        withTable((t) => void t.outcomes.push({status: 500, code: 'INTERNAL_ERROR', kept: false, next: 'same-key'})),
      ),
    ).toThrow(/gives INTERNAL_ERROR a second row/);
  });
});

describe('the guide on /', () => {
  const source = readFileSync(path.join(ROOT, 'docs/introduction.md'), 'utf8');
  /** The page's table rows as its readers get them, rendered from `table`. */
  const rowsOf = (table: JsonObject) => {
    const page = expandPartials(source, 'docs/introduction.md', {
      ...PARTIALS,
      'idempotency-outcomes': () => renderIdempotencyOutcomes(buildDefinition(table)),
    });
    const section = page.slice(page.indexOf('\n### Idempotency\n'), page.indexOf('\n### Rate limits'));
    return {section, rows: section.split('\n').filter((l) => l.startsWith('| `'))};
  };

  it('holds one line where the table goes, and no copy of it', () => {
    expect(source).toContain('\n<RenderedMarkdown of="idempotency-outcomes" />\n');
    expect(source).not.toContain('| Answer |');
    expect(source).not.toContain('Kestrel keeps an answer against its key');
  });

  it('shows every code of the table once, each under what its row says and its retry in the words of config/retry-advice.ts', () => {
    const {section, rows} = rowsOf(doc);
    expect(section).toContain('| Answer | Kept against the key | Retry |');
    expect(section).toContain(`for ${rules.retentionHours} hours`);
    for (const row of rules.outcomes) {
      const shown = row.code ? `\`${row.code}\`` : '`2xx` (success)';
      const lines = rows.filter((l) => l.includes(shown));
      expect(lines, String(row.code)).toHaveLength(1);
      const cells = lines[0]!.split(' | ');
      expect(cells[1]!.startsWith(row.kept ? 'Yes' : 'No'), String(row.code)).toBe(true);
      expect(cells[2], String(row.code)).toBe(`${RETRY_WORDS[row.next]} |`);
    }
  });

  it('changes with the definition and nothing else: another retention, or another next for a code, is what the page shows', () => {
    const changed = withTable((t) => {
      t.retentionHours = 48;
      Object.assign(
        t.outcomes.find((r) => r.code === 'RATE_LIMITED')!,
        {next: 'new-key'},
      );
    });
    const {section, rows} = rowsOf(changed);
    expect(section).toContain('for 48 hours');
    expect(section).not.toContain(`for ${rules.retentionHours} hours`);
    const rateLimited = rows.find((l) => l.includes('`RATE_LIMITED`'))!;
    // It joins the other answers that are not kept and take a new key.
    expect(rateLimited).toMatch(/`429` `RATE_LIMITED` \| No \| Once fixed, with a new key \|$/);
    expect(rowsOf(doc).rows.find((l) => l.includes('`RATE_LIMITED`'))).toContain(
      '| Yes, with the same Idempotency-Key |',
    );
  });
});
