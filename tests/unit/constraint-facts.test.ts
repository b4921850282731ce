/**
 * A bound a schema states is written once, in the schema: the descriptions, the error catalogue
 * and the example answers that name it elsewhere write `%fact:constraint.NAME%`
 * (plugins/prose-facts/constraint-facts.ts), worded as the operation pages word it
 * (config/schema-words.ts). A copy of the definition with other bounds renders the new ones.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {buildDefinition, type JsonObject} from '../../definition/index.ts';
import {renderDefinitionFacts, unrenderedFacts} from '../../plugins/prose-facts/definition.ts';
import {bundledFacts, factsOf} from '../../plugins/prose-facts/facts.ts';
import {renderFacts} from '../../plugins/prose-facts/render.ts';
import {ROOT, getAt, loadBundledDefinition, loadUnrenderedDefinition} from './openapi-definition';

const source = loadUnrenderedDefinition();
const text = (doc: JsonObject, pointer: string) => String(getAt(doc as never, pointer));

/** Where each bound is named away from its schema. */
const KEY_ACTION = '#/components/schemas/ErrorCode/x-error-catalogue/IDEMPOTENCY_KEY_INVALID/action';
const KEY_CODE = '#/components/schemas/ErrorCode/x-enumDescriptions/IDEMPOTENCY_KEY_INVALID';
// Every operation that answers it composes its 400 with the version problem, so the shared response is folded in.
const KEY_RESPONSE = '#/paths/~1payouts~1{payoutId}~1initiate/patch/responses/400/description';
const KEY_PARAMETER = '#/components/parameters/IdempotencyKey/description';
const KEY_EXAMPLE = '#/components/examples/ProblemIdempotencyKeyInvalid/value/detail';
const SECRET = '#/components/schemas/SubscriptionCreate/properties/secret/description';
const SECRET_EXAMPLE = '#/components/examples/ValidationSubscription/value/validationErrors/secret/0';
const REFERENCE_EXAMPLE = '#/components/examples/ValidationPayout/value/validationErrors/reference/0';
const EXPIRY_EXAMPLE = '#/components/examples/ValidationInvoice/value/validationErrors/expiresInSeconds/0';
const TOP = '#/components/parameters/Top/description';
const INTRODUCTION = '#/info/description';

/** A schema object of the copy, to change its bounds. */
const schemaAt = (doc: JsonObject, pointer: string) => getAt(doc as never, pointer) as unknown as JsonObject;

/** Every string of `doc` with its JSON pointer. */
function strings(doc: unknown, pointer = '#'): [string, string][] {
  if (typeof doc === 'string') return [[pointer, doc]];
  if (doc === null || typeof doc !== 'object') return [];
  return Object.entries(doc).flatMap(([key, value]) =>
    strings(value, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`),
  );
}

describe('bounds named away from their schema', () => {
  it('are not written out as numbers anywhere in the sources', () => {
    const bounds = [...bundledFacts()]
      .filter(([name, words]) => name.startsWith('constraint.') && /\d+ characters|from \d+ to \d+/.test(words))
      .map(([, words]) => words);
    expect(bounds).toContain('1 to 255 characters');
    const restated = strings(source).flatMap(([pointer, value]) =>
      bounds.filter((words) => value.includes(words)).map((words) => `${pointer}: ${words}`),
    );
    expect(restated).toEqual([]);
  });

  it('are written as constraint tokens in the sources', () => {
    const tokens = unrenderedFacts(source).filter((pointer) => text(source, pointer).includes('%fact:constraint.'));
    expect(tokens).toEqual(
      expect.arrayContaining([
        KEY_ACTION,
        KEY_CODE,
        KEY_RESPONSE,
        KEY_PARAMETER,
        KEY_EXAMPLE,
        SECRET_EXAMPLE,
        REFERENCE_EXAMPLE,
        EXPIRY_EXAMPLE,
        INTRODUCTION,
      ]),
    );
  });

  it("render today's bounds in the pages' words", () => {
    const bundled = loadBundledDefinition();
    expect(text(bundled, KEY_ACTION)).toContain('Send an `Idempotency-Key` of 1 to 255 characters, such as a UUID');
    expect(text(bundled, KEY_CODE)).toBe(
      'The `Idempotency-Key` header is missing, or is not 1 to 255 characters long.',
    );
    expect(text(bundled, KEY_EXAMPLE)).toBe(
      'This operation requires an Idempotency-Key header of 1 to 255 characters.',
    );
    expect(text(bundled, SECRET)).toMatch(/^The shared secret Kestrel signs deliveries with\. Generate it randomly/);
    expect(text(bundled, SECRET_EXAMPLE)).toBe('Must be 16 to 64 characters.');
    expect(text(bundled, REFERENCE_EXAMPLE)).toBe('Must be at most 35 characters.');
    expect(text(bundled, EXPIRY_EXAMPLE)).toBe('Must be from 300 to 2592000.');
    // Beside its schema a description names no bound: the page words the schema's own.
    expect(text(bundled, TOP)).toBe(
      'The maximum number of items to return. A larger value answers `400` with code `INVALID_QUERY_OPTION`.',
    );
    expect(text(bundled, INTRODUCTION)).toContain('`$top` (default 50, at most 100)');
  });

  it('follow a copy of the definition whose schemas state other bounds', () => {
    const copy = structuredClone(source);
    Object.assign(schemaAt(copy, '#/components/parameters/IdempotencyKey/schema'), {maxLength: 128});
    Object.assign(schemaAt(copy, '#/components/schemas/SubscriptionCreate/properties/secret'), {
      minLength: 20,
      maxLength: 80,
    });
    Object.assign(schemaAt(copy, '#/components/schemas/PayoutCreate/properties/reference'), {maxLength: 18});
    Object.assign(schemaAt(copy, '#/components/schemas/InvoiceCreate/properties/expiresInSeconds'), {maximum: 604800});
    Object.assign(schemaAt(copy, '#/components/parameters/Top/schema'), {maximum: 250, default: 25});
    const rendered = renderDefinitionFacts(copy as never) as unknown as JsonObject;
    expect(text(rendered, KEY_ACTION)).toContain('Send an `Idempotency-Key` of 1 to 128 characters, such as a UUID');
    expect(text(rendered, KEY_CODE)).toBe(
      'The `Idempotency-Key` header is missing, or is not 1 to 128 characters long.',
    );
    expect(text(rendered, KEY_RESPONSE)).toContain('is not 1 to 128 characters long (code `IDEMPOTENCY_KEY_INVALID`)');
    expect(text(rendered, KEY_PARAMETER)).toContain(
      'A missing key, or one that is not 1 to 128 characters long, answers',
    );
    expect(text(rendered, KEY_EXAMPLE)).toBe(
      'This operation requires an Idempotency-Key header of 1 to 128 characters.',
    );
    expect(text(rendered, SECRET_EXAMPLE)).toBe('Must be 20 to 80 characters.');
    expect(text(rendered, REFERENCE_EXAMPLE)).toBe('Must be at most 18 characters.');
    expect(text(rendered, EXPIRY_EXAMPLE)).toBe('Must be from 300 to 604800.');
    expect(text(rendered, INTRODUCTION)).toContain('`$top` (default 25, at most 250)');
  });
});

describe('bounds the guides name', () => {
  it('follow the schema too', () => {
    const copy = structuredClone(source);
    Object.assign(schemaAt(copy, '#/components/schemas/SubscriptionCreate/properties/secret'), {
      minLength: 20,
      maxLength: 80,
    });
    Object.assign(schemaAt(copy, '#/components/parameters/Top/schema'), {maximum: 250, default: 25});
    const facts = factsOf(buildDefinition(copy as never));
    const page = (file: string) => renderFacts(readFileSync(path.join(ROOT, file), 'utf8'), file, facts);
    const webhooks = page('docs/webhooks/setting-up-webhooks.md');
    expect(webhooks).toContain('A random string of 20 to 80 characters that you generate');
    expect(webhooks).toContain('| `secret` | string | Required. 20 to 80 characters. Write-only');
    expect(webhooks).toContain('"secret": ["Must be 20 to 80 characters."]');
    expect(webhooks).not.toContain('16 to 64');
    expect(page('docs/introduction.md')).toContain('`$top` defaults to 25 and accepts at most 250.');
    expect(page('docs/webhooks/failure-recovery.md')).toContain('`$top` is at most 250.');
    expect(page('api/introduction.mdx')).toContain('`$top` (25 by default, at most 250)');
  });
});
