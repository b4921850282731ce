/**
 * The per-code data the error catalogue is built from: `x-error-catalogue` on the ErrorCode schema
 * gives every code its HTTP status, whether to retry (same key, same key once fixed, new key, or not
 * at all) and what to
 * do. Every code of the enum has one entry and nothing else has one, and the status is written
 * there only: the code's meaning in `x-enumDescriptions` does not repeat it. What the guides tell a reader to do after
 * an error (retry with the same key, or send a new key) agrees with the idempotency outcomes table
 * (`x-idempotency`) where it has the code, else with the catalogue entry of the code they name.
 */
import {describe, it, expect} from 'vitest';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {parse as parseYaml} from 'yaml';
import {GUIDE_FILES, ROOT, readPage} from './guide-http';
import {loadBundledDefinition} from './openapi-definition';
import {buildDefinition, type JsonObject} from '../../definition/index.ts';
import {factsOf} from '../../plugins/prose-facts/facts.ts';
import {renderDefinitionFacts} from '../../plugins/prose-facts/definition.ts';

interface Entry {
  status: number;
  retry: string;
  action: string;
}
const schema = parseYaml(readFileSync(path.join(ROOT, 'openapi/components/schemas/ErrorCode.yaml'), 'utf8')) as {
  enum: string[];
  'x-enumDescriptions': Record<string, string>;
  'x-error-catalogue': Record<string, Entry>;
  'x-status-labels': Record<string, string>;
};
const model = buildDefinition(loadBundledDefinition() as JsonObject);
// The actions name facts (`%fact:NAME%`) that the bundle renders, as a reader reads them.
const catalogue = renderDefinitionFacts(
  schema['x-error-catalogue'] as unknown as JsonObject,
  factsOf(model),
) as unknown as Record<string, Entry>;
const idempotency = model.idempotency!;
/**
 * The key a guide's advice must name after a code: the catalogue's retry (which is the idempotency
 * table's `next` wherever the table has the code), a request fixed after an answer that is not kept
 * keeping its key.
 */
const keyAfter = (code: string): string => {
  const retry = catalogue[code]!.retry;
  return retry === 'same-key-once-fixed' ? 'same-key' : retry;
};

describe('x-error-catalogue on ErrorCode', () => {
  it('has one entry per code of the enum and no other', () => {
    expect(schema.enum.length).toBeGreaterThan(0);
    expect(Object.keys(catalogue).sort()).toEqual([...schema.enum].sort());
  });

  it.each(schema.enum.map((code) => [code] as const))(
    '%s: a status (not repeated in its meaning), a retry of no, same-key, same-key-once-fixed or new-key, and an action',
    (code) => {
      const entry = catalogue[code]!;
      expect(Object.keys(entry).sort()).toEqual(['action', 'retry', 'status']);
      // A status the problems' descriptions have words for (x-status-labels).
      expect(Object.keys(schema['x-status-labels']).map(Number)).toContain(entry.status);
      expect(schema['x-enumDescriptions'][code]).not.toMatch(/^\[\d{3}\]/);
      expect(['no', 'same-key', 'same-key-once-fixed', 'new-key']).toContain(entry.retry);
      expect(entry.action.split(/\s+/).length).toBeGreaterThanOrEqual(5);
    },
  );

  it('reaches the bundled definition unchanged but for its facts rendered, where the API reference reads it', () => {
    const bundled = loadBundledDefinition() as {components: {schemas: Record<string, Record<string, unknown>>}};
    expect(bundled.components.schemas.ErrorCode!['x-error-catalogue']).toEqual(catalogue);
  });

  it('retries transient answers (429, 500, 503, a key in use) with the same key and nothing else', () => {
    const sameKey = schema.enum.filter((code) => catalogue[code]!.retry === 'same-key');
    expect(sameKey.sort()).toEqual(['IDEMPOTENCY_KEY_IN_USE', 'INTERNAL_ERROR', 'RATE_LIMITED', 'SERVICE_UNAVAILABLE']);
  });

  it('says a new key for every 422 that Kestrel keeps against the key, and the same key once fixed for a 422 it does not keep', () => {
    const kept = new Map(idempotency.outcomes.filter((r) => r.code).map((r) => [r.code!, r.kept]));
    for (const code of schema.enum.filter((c) => catalogue[c]!.status === 422 && kept.has(c)))
      expect(catalogue[code]!.retry, code).toBe(kept.get(code) ? 'new-key' : 'same-key-once-fixed');
  });
});

/**
 * The units of a page's prose that advice belongs to: each paragraph or list item, and each table
 * row reduced to its code cells and its last cell (the "what to do" column).
 */
function units(prose: string): string[] {
  return prose
    .split('\n')
    .map((line) => {
      if (!line.startsWith('|')) return line;
      const cells = line.split('|').slice(1, -1);
      return [...cells.filter((c) => /^\s*`[A-Z_]+`\s*$/.test(c)), cells.at(-1)].join(' | ');
    })
    .filter((unit) => unit.trim());
}

/**
 * A sentence that tells the reader which key to send: a verb of sending and a key, and no
 * "answers", which marks a sentence about what a key does, not what to do.
 */
const ADVICE =
  /\b(retry|retries|repeat|send|initiate|create|execute|quote|use|try again)\b.*\b(same|new|another|fresh) (`Idempotency-Key`|Idempotency-Key|key)(?![\w-])/i;
const SAME_KEY = /\b(same|that) (`Idempotency-Key`|Idempotency-Key|key)(?![\w-])/i;
const NEW_KEY = /\b(new|another|fresh) (`Idempotency-Key`|Idempotency-Key|key)(?![\w-])/i;

describe('the guides, about what to do after an error', () => {
  const advice = GUIDE_FILES.flatMap((file) =>
    units(readPage(file).prose).flatMap((unit) => {
      const codesIn = (text: string) =>
        [...new Set([...text.matchAll(/`([A-Z][A-Z_]+[A-Z])`/g)].map((m) => m[1]!))].filter((c) => c in catalogue);
      // One code per unit: a paragraph that weighs several codes is read by a person.
      if (codesIn(unit).length !== 1) return [];
      const sentences = unit.split(/(?<=[.!?])\s+/);
      return sentences.flatMap((text, i) => {
        if (!ADVICE.test(text) || /\banswers?\b/.test(text) || SAME_KEY.test(text) === NEW_KEY.test(text)) return [];
        // Advice follows the code it is about: a sentence before the code is about something else.
        const [code] = codesIn(sentences.slice(0, i + 1).join(' '));
        return code ? [{file, text, code, says: SAME_KEY.test(text) ? 'same-key' : 'new-key'}] : [];
      });
    }),
  );

  it('give advice about keys for some codes, so that the check below reads real sentences', () => {
    expect(advice.length).toBeGreaterThanOrEqual(5);
  });

  it.each([
    'INSUFFICIENT_FUNDS',
    'LIMIT_EXCEEDED',
    'IDEMPOTENCY_KEY_REUSED',
    'IDEMPOTENCY_KEY_IN_USE',
    'QUOTE_EXPIRED',
  ])('say which key to use after %s somewhere', (code) => {
    expect(advice.filter((a) => a.code === code).map((a) => a.says)).toContain(keyAfter(code));
  });

  it('agree with the retry of the code they name', () => {
    const wrong = advice
      .filter((a) => a.says !== keyAfter(a.code))
      .map((a) => `${a.file}: ${a.code} is ${keyAfter(a.code)}, but: ${a.text.trim()}`);
    expect(wrong).toEqual([]);
  });
});
