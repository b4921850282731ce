/**
 * A schema's facts on an operation page: its type in one short name, and its constraints, enum
 * values, default and example as HTML sentences. The words are config/schema-words.ts's, which the
 * Markdown twins, the MCP server and the "Try it" explorer use too; this file only frames them.
 */
import {asSentence, factWords, markWords, typeWords, type Literals} from '../../config/schema-words.ts';
import type {Json, SchemaFacts} from '../../definition/index.ts';

const literal = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const code = (value: Json) => `<code>${escapeHtml(literal(value))}</code>`;

/** Literals as HTML code; the words around them are escaped by `sentence`. */
const HTML: Literals = {value: (value) => code(value as Json), pattern: (pattern) => code(pattern)};

/** `string (date-time)`, `object (Money)`, `array of object (Invoice)`, `string or null`. */
export const typeName = (facts: SchemaFacts): string => typeWords(facts);

const MAX_NOTED_VALUES = 12;

/** Each fact an HTML sentence: constraints first, then values (and a note per value), default, example. */
export function factsInWords(facts: SchemaFacts): string[] {
  const words: string[] = [];
  const values = facts.enum ?? facts.items?.enum;
  // A short list gets a note per value; a long one (every error code) belongs to a catalogue.
  const notes =
    (values?.length ?? 0) <= MAX_NOTED_VALUES ? (facts.enumDescriptions ?? facts.items?.enumDescriptions ?? {}) : {};
  for (const fact of factWords(facts, HTML)) {
    words.push(asSentence(fact.words));
    if (fact.kind === 'enum' || fact.kind === 'item-enum') {
      for (const [value, note] of Object.entries(notes)) words.push(`${code(value)}: ${escapeHtml(note)}`);
    }
  }
  if (facts.example !== undefined) words.push(`Example: ${code(facts.example)}.`);
  return words;
}

/** The marks beside a field's name (its type says whether it may be null). */
export const marksOf = (facts: SchemaFacts): string[] => markWords(facts);
