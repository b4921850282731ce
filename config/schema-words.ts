/**
 * A schema's facts in words, the one wording every reader uses: the operation pages' field rows,
 * their Markdown twins, the MCP server's get_operation and the "Try it" explorer's hints. A
 * renderer chooses only how a fact is framed (a sentence, an item of a list) and how a literal is
 * marked (HTML code, backticks, quotes); the words themselves come from here. The explorer runs in
 * the browser, so this file imports nothing.
 */

/** What a schema says about one value: the part of the definition's facts that is put in words. */
export interface WordedFacts {
  /** The JSON types as written (`['string', 'null']`); empty when any value is allowed. */
  readonly type: readonly string[];
  /** The component name when the schema is a `$ref` to a named schema (`Currency`, `Money`). */
  readonly schemaName?: string;
  readonly format?: string;
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly pattern?: string;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
  readonly multipleOf?: number;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly uniqueItems?: boolean;
  readonly default?: unknown;
  readonly readOnly?: boolean;
  readonly writeOnly?: boolean;
  readonly deprecated?: boolean;
  /** For an array: what each item is. */
  readonly items?: WordedFacts;
}

/** A unit counted: its singular and its plural. */
export interface Unit {
  one: string;
  other: string;
}

export const CHARACTERS: Unit = {one: 'character', other: 'characters'};
export const ITEMS: Unit = {one: 'item', other: 'items'};

/** `1 character`, `2 characters`; without a unit, the number alone. */
export function counted(n: number, unit?: Unit): string {
  return unit ? `${n} ${n === 1 ? unit.one : unit.other}` : String(n);
}

/** An inclusive range: `1 to 255 characters`, `at least 1 character`, `at most 10 items`, `exactly 26 characters`. */
export function rangeWords(min: number | undefined, max: number | undefined, unit?: Unit): string | undefined {
  if (min !== undefined && max !== undefined) {
    if (min === max) return `exactly ${counted(min, unit)}`;
    // A bare number reads as a range only with "from": `from 1 to 100`.
    return unit ? `${min} to ${counted(max, unit)}` : `from ${min} to ${max}`;
  }
  if (min !== undefined) return `at least ${counted(min, unit)}`;
  if (max !== undefined) return `at most ${counted(max, unit)}`;
  return undefined;
}

/** The words of a lower or upper bound on its own (what a value broke): `at least 16 characters`, `less than 0`. */
export const BOUND_WORDS = {
  minLength: (limit: number) => `at least ${counted(limit, CHARACTERS)}`,
  maxLength: (limit: number) => `at most ${counted(limit, CHARACTERS)}`,
  minimum: (limit: number) => `at least ${limit}`,
  maximum: (limit: number) => `at most ${limit}`,
  exclusiveMinimum: (limit: number) => `greater than ${limit}`,
  exclusiveMaximum: (limit: number) => `less than ${limit}`,
  minItems: (limit: number) => `at least ${counted(limit, ITEMS)}`,
  maxItems: (limit: number) => `at most ${counted(limit, ITEMS)}`,
  multipleOf: (limit: number) => `a multiple of ${limit}`,
} as const satisfies Record<string, (limit: number) => string>;

/** What a value must be to pass a pattern: `matches the pattern ^[A-Z]{3}$` (the literal marked by the caller). */
export const patternWords = (pattern: string) => `matches the pattern ${pattern}`;

/** `one of A, B, C` (each value marked by the caller). */
export const oneOfWords = (values: readonly string[]) => `one of ${values.join(', ')}`;

/**
 * A field's type in one short name: `string`, `string (uuid)`, `string (Currency)` for a named
 * enum, `object (Money)`, `array of object (Invoice)`, `string or null`.
 */
export function typeWords(facts: WordedFacts): string {
  const nullable = facts.type.includes('null') ? ' or null' : '';
  if (facts.type.includes('array')) return `array of ${facts.items ? typeWords(facts.items) : 'any'}${nullable}`;
  const base = facts.type.filter((t) => t !== 'null');
  let name = base.join(' or ') || 'any';
  if (facts.format) name += ` (${facts.format})`;
  if (facts.schemaName && (name === 'object' || facts.enum)) name += ` (${facts.schemaName})`;
  return name + nullable;
}

/** How a renderer marks a literal in its medium: HTML `<code>`, Markdown backticks, plain text. */
export interface Literals {
  /** A JSON value of the schema (an enum value, a default): strings as written, others as JSON. */
  value: (value: unknown) => string;
  /** A pattern's source text. */
  pattern: (pattern: string) => string;
}

/** Literals as plain text: strings as written, other values as JSON. */
const PLAIN: Literals = {
  value: (value) => (typeof value === 'string' ? value : JSON.stringify(value)),
  pattern: (pattern) => pattern,
};

export type FactKind =
  | 'length'
  | 'value'
  | 'greater'
  | 'less'
  | 'multiple'
  | 'items'
  | 'unique'
  | 'pattern'
  | 'enum'
  | 'item-enum'
  | 'const'
  | 'default';

/** One fact in words, lower-case and without a full stop, so that it can be a list item or a sentence. */
export interface Fact {
  kind: FactKind;
  words: string;
}

/**
 * A schema's constraints and values in words, in the order a reader checks them: length, value,
 * items, pattern, allowed values, default. `null` is not listed among an enum's values: the type
 * says `or null`.
 */
export function factWords(facts: WordedFacts, literals: Literals = PLAIN): Fact[] {
  const out: Fact[] = [];
  const push = (kind: FactKind, words: string | undefined) => {
    if (words) out.push({kind, words});
  };
  const values = (list: readonly unknown[]) => list.filter((v) => v !== null).map((v) => literals.value(v));
  push('length', rangeWords(facts.minLength, facts.maxLength, CHARACTERS));
  push('value', rangeWords(facts.minimum, facts.maximum));
  if (facts.exclusiveMinimum !== undefined) push('greater', BOUND_WORDS.exclusiveMinimum(facts.exclusiveMinimum));
  if (facts.exclusiveMaximum !== undefined) push('less', BOUND_WORDS.exclusiveMaximum(facts.exclusiveMaximum));
  if (facts.multipleOf !== undefined) push('multiple', BOUND_WORDS.multipleOf(facts.multipleOf));
  push('items', rangeWords(facts.minItems, facts.maxItems, ITEMS));
  if (facts.uniqueItems) push('unique', 'no repeated items');
  if (facts.pattern !== undefined) push('pattern', patternWords(literals.pattern(facts.pattern)));
  if (facts.enum?.length) push('enum', oneOfWords(values(facts.enum)));
  // An array of an enum (a subscription's eventTypes): the values its items take.
  if (facts.items?.enum?.length) push('item-enum', `each ${oneOfWords(values(facts.items.enum))}`);
  if (facts.const !== undefined) push('const', `always ${literals.value(facts.const)}`);
  if (facts.default !== undefined) push('default', `defaults to ${literals.value(facts.default)}`);
  return out;
}

/** The marks of a field beside its name: `read-only` (never sent), `write-only` (never answered), `deprecated`. */
export function markWords(facts: WordedFacts): string[] {
  const marks: string[] = [];
  if (facts.readOnly) marks.push('read-only');
  if (facts.writeOnly) marks.push('write-only');
  if (facts.deprecated) marks.push('deprecated');
  return marks;
}

/** Words as a sentence: `1 to 255 characters` -> `1 to 255 characters.`, `at least 1` -> `At least 1.` */
export function asSentence(words: string): string {
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}.`;
}

/** Type, facts and marks as one list: `integer, from 1 to 100, defaults to 50`. */
export function factList(facts: WordedFacts, literals: Literals = PLAIN): string {
  return [typeWords(facts), ...factWords(facts, literals).map((f) => f.words), ...markWords(facts)].join(', ');
}
