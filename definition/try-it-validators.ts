/**
 * The explorer's checks, compiled ahead of time. Ajv compiles a schema into JavaScript and runs it
 * with `new Function`, which the site's Content-Security-Policy forbids (no 'unsafe-eval'); so the
 * build compiles each operation's checks into a module of plain code (Ajv's standalone output) that
 * the explorer imports when it opens. One module per operation, so an explorer loads only its own.
 *
 * A module exports `body` (the request body against its schema) and `parameters` (an object of the
 * path, query and header values, keyed by `parameterKey`, against each parameter's schema).
 */
import {_} from 'ajv';
import {Ajv2020} from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import standaloneCode from 'ajv/dist/standalone/index.js';
import type {TryItJson, TryItOperation} from '../config/try-it.ts';

/** The form's key of a parameter; the explorer's own `parameterKey` gives the same. */
const keyOf = (p: {in: string; name: string}) => `${p.in}:${p.name}`;

/** One object schema over every parameter's value, each checked by the schema subset the form has. */
export function parametersSchema(operation: TryItOperation): {[key: string]: TryItJson} {
  const properties: {[key: string]: TryItJson} = {};
  for (const p of operation.parameters) {
    // The example and the default prefill the form, and the schema's name is for the hint: they check nothing.
    const {example: _example, default: _default, schemaName: _schemaName, type, ...checks} = p.schema;
    properties[keyOf(p)] = type.length ? {type, ...checks} : checks;
  }
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties,
    required: operation.parameters.filter((p) => p.required).map(keyOf),
  };
}

/** The CommonJS source of `operation`'s checks (`exports.body` is absent without a request body). */
export function tryItValidatorModule(operation: TryItOperation): string {
  const ajv = new Ajv2020({
    allErrors: true,
    // The definition's own keywords (x-enumDescriptions, example) are notes, not checks.
    strict: false,
    code: {source: true, formats: _`require("ajv-formats/dist/formats").fullFormats`},
  });
  addFormats(ajv);
  const refs: Record<string, string> = {parameters: 'urn:kestrel:try-it:parameters'};
  ajv.addSchema({...parametersSchema(operation), $id: refs.parameters});
  if (operation.body) {
    refs.body = 'urn:kestrel:try-it:body';
    ajv.addSchema({...operation.body.schema, $id: refs.body});
  }
  return standaloneCode(ajv, refs);
}
