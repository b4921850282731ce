/** The operations under `paths`: each with its page's slug, its parameters, bodies, answers and errors. */
import kebabCase from 'lodash/kebabCase.js';
import {bodyOf} from './bodies.ts';
import {deprecationOf} from './lifecycle.ts';
import {checkFilterable, filterableOf} from './filterable.ts';
import {parametersOf} from './parameters.ts';
import {isObject, pointerOf, resolve} from './refs.ts';
import {errorsOf, responsesOf} from './responses.ts';
import type {CodeSample, HttpMethod, Json, JsonObject, Operation, SecurityRequirement} from './types.ts';

const METHODS: readonly HttpMethod[] = ['GET', 'PUT', 'POST', 'DELETE', 'PATCH'];
/** Keys of a path item that are methods the model does not read: failing beats dropping an operation. */
const UNREAD_METHODS = new Set(['options', 'head', 'trace']);

/** The page slug of an operation: its operationId in kebab case (`issueInvoice` -> `issue-invoice`). */
export function slugOf(operationId: string): string {
  return kebabCase(operationId);
}

/** A path item's operations as [method, operation, pointer], in the order the definition writes them. */
export function methodsOf(pathItem: JsonObject, at: string): [HttpMethod, JsonObject, string][] {
  const found: [HttpMethod, JsonObject, string][] = [];
  for (const [key, value] of Object.entries(pathItem)) {
    if (UNREAD_METHODS.has(key))
      throw new Error(`definition: ${at}/${key}: ${key.toUpperCase()} operations are not supported`);
    const method = METHODS.find((m) => m.toLowerCase() === key);
    if (!method) continue;
    if (!isObject(value)) throw new Error(`definition: ${at}/${key} is not an object`);
    found.push([method, value, `${at}/${key}`]);
  }
  return found;
}

/** Any one requirement grants access; each names one scheme (a requirement of two is not read). */
export function securityOf(doc: JsonObject, operation: JsonObject, at: string): SecurityRequirement[] {
  const requirements = operation.security ?? doc.security ?? [];
  if (!Array.isArray(requirements)) throw new Error(`definition: ${at}/security is not a list`);
  return requirements.flatMap((requirement, i) => {
    if (!isObject(requirement)) throw new Error(`definition: ${at}/security/${i} is not an object`);
    const entries = Object.entries(requirement);
    if (entries.length > 1)
      throw new Error(
        `definition: ${at}/security/${i} asks for several schemes at once, which the model does not read`,
      );
    return entries.map(([scheme, scopes]) => ({scheme, scopes: Array.isArray(scopes) ? scopes.map(String) : []}));
  });
}

function codeSamplesOf(operation: JsonObject): CodeSample[] {
  const samples = operation['x-codeSamples'];
  if (!Array.isArray(samples)) return [];
  return samples.filter(isObject).map((s) => {
    const sample: CodeSample = {lang: String(s.lang), source: String(s.source)};
    if (typeof s.label === 'string') sample.label = s.label;
    return sample;
  });
}

const text = (value: Json | undefined) => (typeof value === 'string' ? value : '');
const tagsOf = (operation: JsonObject) => (Array.isArray(operation.tags) ? operation.tags.map(String) : []);

function operationOf(
  doc: JsonObject,
  path: string,
  pathItem: JsonObject,
  itemAt: string,
  method: HttpMethod,
  raw: JsonObject,
  at: string,
  options: ModelOptions,
): Operation {
  if (typeof raw.operationId !== 'string' || !raw.operationId) {
    throw new Error(`definition: ${method} ${path} (${at}) has no operationId, so its page has no slug`);
  }
  const parameters = parametersOf(doc, pathItem, itemAt, raw, at);
  const security = securityOf(doc, raw, at);
  const responses = responsesOf(doc, raw.responses, at);
  const tags = tagsOf(raw);
  const operation: Operation = {
    slug: slugOf(raw.operationId),
    operationId: raw.operationId,
    method,
    path,
    group: tags[0] ?? '',
    tags,
    summary: text(raw.summary),
    description: text(raw.description),
    deprecated: raw.deprecated === true,
    security,
    scopes: [...new Set(security.flatMap((s) => s.scopes))],
    idempotent: parameters.header.some((p) => p.name.toLowerCase() === 'idempotency-key'),
    parameters,
    responses,
    errors: errorsOf(responses),
    codeSamples: codeSamplesOf(raw),
    pointer: at,
  };
  // Only what is marked deprecated sends the Deprecation and Sunset headers; the API-changes check refuses a mark without its dates.
  const deprecation = raw.deprecated === true ? deprecationOf(raw, at) : undefined;
  if (deprecation) operation.deprecation = deprecation;
  if (raw.requestBody !== undefined) {
    const {node, pointer} = resolve(doc, raw.requestBody, `${at}/requestBody`);
    const body = bodyOf(doc, node, pointer, 'request');
    if (body) operation.requestBody = body;
  }
  const filterable = filterableOf(raw['x-filterable'], `${at}/x-filterable`);
  if (filterable) operation.filterable = filterable;
  if (!options.released) checkFilterable(operation);
  return operation;
}

export interface ModelOptions {
  /**
   * A released definition (openapi/releases/) is read as it was published: what the model came to
   * require of the working definition later (each `$filter` operation declaring `x-filterable`) is
   * not required of it, so an old release stays comparable.
   */
  released?: boolean;
}

/** Every operation under `paths`, in the definition's order. */
export function operationsOf(doc: JsonObject, options: ModelOptions = {}): Operation[] {
  if (!isObject(doc.paths)) throw new Error('definition: the definition has no "paths" object');
  const operations: Operation[] = [];
  for (const [path, rawItem] of Object.entries(doc.paths)) {
    const {node: pathItem, pointer: itemAt} = resolve(doc, rawItem, pointerOf('paths', path));
    for (const [method, raw, at] of methodsOf(pathItem, itemAt)) {
      operations.push(operationOf(doc, path, pathItem, itemAt, method, raw, at, options));
    }
  }
  return operations;
}
