/**
 * The one wording of a schema's facts (config/schema-words.ts): counts singular and plural, ranges
 * open at either end or closed, exclusive bounds, formats and named schemas in the type, nullable
 * types, marks, literals as each medium marks them, and the sentence and list framings.
 */
import {describe, expect, it} from 'vitest';
import {
  CHARACTERS,
  ITEMS,
  asSentence,
  counted,
  factList,
  factWords,
  markWords,
  rangeWords,
  typeWords,
  type WordedFacts,
} from '../../config/schema-words';

const words = (facts: Partial<WordedFacts>) => factWords({type: ['string'], ...facts}).map((f) => f.words);

describe('counts and ranges', () => {
  it('says one character, two characters, zero items', () => {
    expect(counted(1, CHARACTERS)).toBe('1 character');
    expect(counted(2, CHARACTERS)).toBe('2 characters');
    expect(counted(0, ITEMS)).toBe('0 items');
    expect(counted(1, ITEMS)).toBe('1 item');
    expect(counted(7)).toBe('7');
  });

  it('closes a range at both ends, or leaves it open at one', () => {
    expect(rangeWords(1, 255, CHARACTERS)).toBe('1 to 255 characters');
    expect(rangeWords(1, undefined, CHARACTERS)).toBe('at least 1 character');
    expect(rangeWords(undefined, 1, CHARACTERS)).toBe('at most 1 character');
    expect(rangeWords(26, 26, CHARACTERS)).toBe('exactly 26 characters');
    expect(rangeWords(1, 100)).toBe('from 1 to 100');
    expect(rangeWords(0, undefined)).toBe('at least 0');
    expect(rangeWords(undefined, 100)).toBe('at most 100');
    expect(rangeWords(undefined, undefined)).toBeUndefined();
  });
});

describe('factWords', () => {
  it('words length, value, items and their bounds in the order a reader checks them', () => {
    expect(words({minLength: 1})).toEqual(['at least 1 character']);
    expect(words({minLength: 16, maxLength: 64})).toEqual(['16 to 64 characters']);
    expect(words({type: ['integer'], minimum: 1, maximum: 100, default: 50})).toEqual([
      'from 1 to 100',
      'defaults to 50',
    ]);
    expect(words({type: ['array'], minItems: 1, uniqueItems: true})).toEqual(['at least 1 item', 'no repeated items']);
    expect(words({type: ['array'], minItems: 2, maxItems: 10})).toEqual(['2 to 10 items']);
  });

  it('words exclusive bounds and multiples apart from the inclusive ones', () => {
    expect(words({type: ['number'], exclusiveMinimum: 0})).toEqual(['greater than 0']);
    expect(words({type: ['number'], minimum: 0, exclusiveMaximum: 1})).toEqual(['at least 0', 'less than 1']);
    expect(words({type: ['number'], multipleOf: 0.01})).toEqual(['a multiple of 0.01']);
  });

  it('marks literals as the medium asks: patterns, values, an enum without its null, an array of an enum', () => {
    const backticks = {value: (v: unknown) => `\`${String(v)}\``, pattern: (p: string) => `\`${p}\``};
    const facts: WordedFacts = {
      type: ['string', 'null'],
      pattern: '^[A-Z]{3}$',
      enum: ['USD', 'EUR', null],
      default: 'USD',
    };
    expect(factWords(facts, backticks).map((f) => f.words)).toEqual([
      'matches the pattern `^[A-Z]{3}$`',
      'one of `USD`, `EUR`',
      'defaults to `USD`',
    ]);
    expect(words({type: ['array'], items: {type: ['string'], enum: ['a', 'b']}})).toEqual(['each one of a, b']);
    expect(words({const: 1})).toEqual(['always 1']);
    expect(words({default: {a: 1}})).toEqual(['defaults to {"a":1}']);
  });
});

describe('typeWords and markWords', () => {
  it('names a format, a named enum or object, an array of them, and null', () => {
    expect(typeWords({type: ['string'], format: 'uuid'})).toBe('string (uuid)');
    expect(typeWords({type: ['string'], format: 'date-time'})).toBe('string (date-time)');
    expect(typeWords({type: ['string'], schemaName: 'Currency', enum: ['USD']})).toBe('string (Currency)');
    // A named string without values is a plain string to a reader.
    expect(typeWords({type: ['string'], schemaName: 'BitcoinAddressInput'})).toBe('string');
    expect(typeWords({type: ['object'], schemaName: 'Money'})).toBe('object (Money)');
    expect(typeWords({type: ['array'], items: {type: ['object'], schemaName: 'Invoice'}})).toBe(
      'array of object (Invoice)',
    );
    expect(typeWords({type: ['string', 'null']})).toBe('string or null');
    expect(typeWords({type: []})).toBe('any');
  });

  it("marks read-only, write-only and deprecated fields; null is the type's to say", () => {
    expect(markWords({type: ['string', 'null'], readOnly: true, deprecated: true})).toEqual([
      'read-only',
      'deprecated',
    ]);
    expect(markWords({type: ['string'], writeOnly: true})).toEqual(['write-only']);
  });
});

describe('framings', () => {
  it('a sentence starts with a capital and ends with a full stop', () => {
    expect(asSentence('1 to 255 characters')).toBe('1 to 255 characters.');
    expect(asSentence('at least 1 character')).toBe('At least 1 character.');
  });

  it('a list gives the type, the facts and the marks', () => {
    expect(factList({type: ['integer'], minimum: 1, maximum: 100, default: 50})).toBe(
      'integer, from 1 to 100, defaults to 50',
    );
    expect(factList({type: ['string'], format: 'uuid', readOnly: true})).toBe('string (uuid), read-only');
  });
});
