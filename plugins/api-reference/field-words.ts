/**
 * A schema's facts as a reader reads them: its type in one short name, and its constraints, enum
 * values, default and example in words.
 */
import type {Json, SchemaFacts} from '../../definition/index.ts';

const literal = (value: Json) => (typeof value === 'string' ? value : JSON.stringify(value));
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const code = (value: Json) => `<code>${escapeHtml(literal(value))}</code>`;
const list = (values: readonly Json[]) => values.map(code).join(', ');

/** `string<date-time>`, `Money`, `array of Invoice`, `string | null`. */
export function typeName(facts: SchemaFacts): string {
  const nonNull = facts.type.filter((t) => t !== 'null');
  if (nonNull.includes('array') && facts.items) return `array of ${typeName(facts.items)}`;
  if (facts.schemaName && (nonNull.includes('object') || nonNull.length === 0 || facts.enum)) return facts.schemaName;
  const base = nonNull.length ? nonNull.join(' | ') : 'any';
  return facts.format ? `${base}<${facts.format}>` : base;
}

const MAX_NOTED_VALUES = 12;

function range(min: number | undefined, max: number | undefined, unit: string): string | undefined {
  if (min !== undefined && max !== undefined) return min === max ? `exactly ${min}${unit}` : `${min} to ${max}${unit}`;
  if (min !== undefined) return `at least ${min}${unit}`;
  if (max !== undefined) return `at most ${max}${unit}`;
  return undefined;
}

/** Each fact an HTML sentence: constraints first, then values, default, example. */
export function factsInWords(facts: SchemaFacts): string[] {
  const words: string[] = [];
  const length = range(facts.minLength, facts.maxLength, ' characters');
  if (length) words.push(`Length: ${length}.`);
  const value = range(facts.minimum, facts.maximum, '');
  if (value) words.push(`Value: ${value}.`);
  if (facts.exclusiveMinimum !== undefined) words.push(`Greater than ${facts.exclusiveMinimum}.`);
  if (facts.exclusiveMaximum !== undefined) words.push(`Less than ${facts.exclusiveMaximum}.`);
  if (facts.multipleOf !== undefined) words.push(`A multiple of ${facts.multipleOf}.`);
  const items = range(facts.minItems, facts.maxItems, ' items');
  if (items) words.push(`Items: ${items}.`);
  if (facts.uniqueItems) words.push('Items are unique.');
  if (facts.pattern) words.push(`Pattern: ${code(facts.pattern)}.`);
  const values = facts.enum ?? facts.items?.enum;
  if (values?.length) words.push(`${facts.enum ? 'One of' : 'Each one of'}: ${list(values)}.`);
  // A short list gets a note per value; a long one (every error code) belongs to a catalogue.
  const notes =
    (values?.length ?? 0) <= MAX_NOTED_VALUES ? (facts.enumDescriptions ?? facts.items?.enumDescriptions ?? {}) : {};
  for (const [value, note] of Object.entries(notes)) words.push(`${code(value)}: ${escapeHtml(note)}`);
  if (facts.const !== undefined) words.push(`Always ${code(facts.const)}.`);
  if (facts.default !== undefined) words.push(`Default: ${code(facts.default)}.`);
  if (facts.example !== undefined) words.push(`Example: ${code(facts.example)}.`);
  return words;
}

/** The marks beside a field's name. */
export function marksOf(facts: SchemaFacts): string[] {
  const marks: string[] = [];
  if (facts.type.includes('null')) marks.push('nullable');
  if (facts.readOnly) marks.push('read-only');
  if (facts.writeOnly) marks.push('write-only');
  if (facts.deprecated) marks.push('deprecated');
  return marks;
}
