/**
 * Writes each operation's code samples into the bundled definition as `x-codeSamples`, once, at
 * build time, so that no code generator ships to readers' browsers.
 *
 * Each sample sends the operation's documented example: the sandbox server, the example path
 * parameters, the first named request example as the body. The code of each language is the
 * snippet engine's reference style (snippets/reference/): the API key comes from the environment,
 * an operation that takes an Idempotency-Key makes a new one on every run, and every call has a
 * timeout and does not follow redirects.
 */
import {CODE_SAMPLE_LANGUAGES} from '../../config/code-sample-languages.ts';
import {
  buildDefinition,
  type ApiDefinition,
  type CodeSample,
  type Json,
  type JsonObject,
  type Operation,
  type Parameter,
} from '../../definition/index.ts';
import {valueAt} from '../../definition/index.ts';
import {TEMPLATES} from '../../snippets/reference/index.ts';
import type {SnippetRequest} from '../../snippets/request.ts';
import {IDEMPOTENCY_KEY_HEADER} from '../../snippets/settings.ts';

/** A parameter's documented value: its own example, else its schema's. */
function exampleOf(parameter: Parameter, what: string): Json {
  const value = parameter.example ?? parameter.schema.example;
  if (value === undefined) throw new Error(`code-samples: ${what} has no example`);
  return value;
}

function sandboxServer(model: ApiDefinition): string {
  const server = model.servers.find((s) => s.description === 'Sandbox');
  if (!server) throw new Error('code-samples: the definition lists no server described as "Sandbox".');
  return server.url.replace(/\/+$/, '');
}

/**
 * The documented example request of one operation of the definition model (definition/), as plain
 * parts: every path parameter, the required query parameters and headers, whether it takes an
 * Idempotency-Key (each sample makes its own), and the request body's first example. The API key
 * is no part of it: each sample reads it from the environment.
 */
export function exampleRequest(model: ApiDefinition, operation: Operation): SnippetRequest {
  const where = `${operation.method} ${operation.path}`;
  let path = operation.path;
  for (const parameter of operation.parameters.path) {
    const value = exampleOf(parameter, `${where} path parameter ${parameter.name}`);
    path = path.replace(`{${parameter.name}}`, encodeURIComponent(String(value)));
  }
  if (/\{[^}]+\}/.test(path)) throw new Error(`code-samples: ${where} leaves ${path} unfilled`);
  const query = operation.parameters.query
    .filter((p) => p.required)
    .map((p): [string, string] => [p.name, String(exampleOf(p, `${where} query parameter ${p.name}`))]);
  const idempotent = operation.parameters.header.some((p) => p.name === IDEMPOTENCY_KEY_HEADER);
  const headers = operation.parameters.header
    .filter((p) => p.required && p.name !== IDEMPOTENCY_KEY_HEADER)
    .map((p): [string, string] => [p.name, String(exampleOf(p, `${where} header ${p.name}`))]);
  let body: Json | undefined;
  const requestBody = operation.requestBody;
  if (requestBody) {
    if (requestBody.mediaType !== 'application/json') {
      throw new Error(`code-samples: ${where} has a request body that is not application/json`);
    }
    body = requestBody.examples[0]?.value ?? requestBody.schema.example;
    if (body === undefined) throw new Error(`code-samples: ${where} request body has no example`);
    headers.push(['Content-Type', 'application/json']);
  }
  headers.push(['Accept', 'application/json']);
  const search = query.length ? `?${new URLSearchParams(query)}` : '';
  return {method: operation.method, url: `${sandboxServer(model)}${path}${search}`, headers, body, idempotent};
}

/** The code of one language (its key in config/code-sample-languages.ts) for a request. */
function sampleSource(request: SnippetRequest, key: string): string {
  const template = TEMPLATES[key];
  if (!template) throw new Error(`code-samples: no template for the language "${key}"`);
  return template(request);
}

/** `x-codeSamples` for one operation of the model: one entry per language, in the order of the tabs. */
export function codeSamplesFor(model: ApiDefinition, operation: Operation): CodeSample[] {
  const request = exampleRequest(model, operation);
  return CODE_SAMPLE_LANGUAGES.map((language) => ({
    lang: language.codeSampleLanguage,
    label: language.label,
    source: sampleSource(request, language.key),
  }));
}

/**
 * The operation's reference sample in one language, the text of its tab on the operation page,
 * for a reader that shows one language (the page's Markdown twin) and works from any bundle,
 * whether or not the bundle script has written `x-codeSamples` into it yet.
 */
export function referenceSample(model: ApiDefinition, operation: Operation, key: string): string {
  return sampleSource(exampleRequest(model, operation), key);
}

/** Adds `x-codeSamples` to every operation of a bundled definition (in place) and returns it. */
export async function addCodeSamples<T extends JsonObject>(definition: T): Promise<T> {
  const model = buildDefinition(definition);
  for (const operation of model.operations) {
    (valueAt(definition, operation.pointer) as Record<string, unknown>)['x-codeSamples'] = codeSamplesFor(
      model,
      operation,
    );
  }
  return definition;
}
