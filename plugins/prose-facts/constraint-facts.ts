/**
 * The bounds the definition's schemas state, as facts in the words the operation pages use for
 * them (config/schema-words.ts), so that prose naming a bound away from its schema (the error
 * catalogue, an example answer, the introduction, a guide) reads it from the schema. NAME is a
 * parameter component (`IdempotencyKey`, `Top`) or a schema component's property
 * (`SubscriptionCreate.secret`):
 *
 * - `constraint.NAME`: its length or value range, `1 to 255 characters`, `from 1 to 100`;
 * - `constraint.NAME.max`: its upper bound alone, `at most 35 characters`, `at most 100`;
 * - `constraint.NAME.default`: its default, `50`.
 */
import {BOUND_WORDS, CHARACTERS, rangeWords} from '../../config/schema-words.ts';
import {isObject as isRecord, type ApiDefinition, type Json} from '../../definition/index.ts';

type Bounds = {minLength?: number; maxLength?: number; minimum?: number; maximum?: number; default?: Json};

/** The facts of one schema under `name`; none when it states no bound. */
function boundFacts(name: string, schema: unknown): [string, string][] {
  if (!isRecord(schema)) return [];
  const s = schema as Bounds;
  const range = rangeWords(s.minLength, s.maxLength, CHARACTERS) ?? rangeWords(s.minimum, s.maximum);
  if (range === undefined) return [];
  const max =
    s.maxLength !== undefined
      ? BOUND_WORDS.maxLength(s.maxLength)
      : s.maximum !== undefined
        ? BOUND_WORDS.maximum(s.maximum)
        : undefined;
  return [
    [`constraint.${name}`, range],
    ...(max === undefined ? [] : [[`constraint.${name}.max`, max] as [string, string]]),
    ...(s.default === undefined ? [] : [[`constraint.${name}.default`, String(s.default)] as [string, string]]),
  ];
}

/** `constraint.…` of every parameter component and every property of a schema component that states a bound. */
export function constraintFacts(doc: ApiDefinition['document']): [string, string][] {
  const components = isRecord(doc.components) ? doc.components : {};
  const parameters = isRecord(components.parameters) ? components.parameters : {};
  const schemas = isRecord(components.schemas) ? components.schemas : {};
  return [
    ...Object.entries(parameters).flatMap(([name, p]) => boundFacts(name, isRecord(p) ? p.schema : undefined)),
    ...Object.entries(schemas).flatMap(([name, schema]) =>
      Object.entries(isRecord(schema) && isRecord(schema.properties) ? schema.properties : {}).flatMap(
        ([property, s]) => boundFacts(`${name}.${property}`, s),
      ),
    ),
  ];
}
