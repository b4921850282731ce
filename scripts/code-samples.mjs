/**
 * Writes each operation's code samples into the bundled definition as `x-codeSamples`, once, at
 * build time. The API theme would otherwise ship Postman's code generators (with faker and iconv,
 * ~1.6 MB gzip) to every reader's browser to produce the same text on the fly.
 *
 * Each sample sends the operation's documented example: the sandbox server, the example path
 * parameters, the first named request example as the body, an Idempotency-Key where the operation
 * takes one. The generator is the one the theme uses, with the theme's options, so the text is
 * what the explorer would show for that request.
 */
import codegen from 'postman-code-generators';
import sdk from 'postman-collection';
import {CODE_SAMPLE_LANGUAGES} from '../config/code-sample-languages.ts';
import {buildDefinition} from '../definition/index.ts';
import {valueAt} from './json-pointer.mjs';

// The options the theme passes to the generators (languages.js, generateLanguageSet).
const GENERATOR_OPTIONS = {longFormat: false, followRedirect: true, trimRequestBody: true};
export const API_KEY_PLACEHOLDER = '<API key>';

/** A parameter's documented value: its own example, else its schema's. */
function exampleOf(parameter, what) {
  const value = parameter.example ?? parameter.schema.example;
  if (value === undefined) throw new Error(`code-samples: ${what} has no example`);
  return value;
}

function sandboxServer(model) {
  const server = model.servers.find((s) => s.description === 'Sandbox');
  if (!server) throw new Error('code-samples: the definition lists no server described as "Sandbox".');
  return server.url.replace(/\/+$/, '');
}

/**
 * The documented example request of one operation of the definition model (definition/), as plain
 * parts: every path parameter, the required query parameters, the required headers and the
 * Idempotency-Key, and the request body's first example.
 */
export function exampleRequest(model, operation) {
  const where = `${operation.method} ${operation.path}`;
  let path = operation.path;
  for (const parameter of operation.parameters.path) {
    const value = exampleOf(parameter, `${where} path parameter ${parameter.name}`);
    path = path.replace(`{${parameter.name}}`, encodeURIComponent(String(value)));
  }
  if (/\{[^}]+\}/.test(path)) throw new Error(`code-samples: ${where} leaves ${path} unfilled`);
  const query = operation.parameters.query
    .filter((p) => p.required)
    .map((p) => [p.name, String(exampleOf(p, `${where} query parameter ${p.name}`))]);
  const headers = operation.parameters.header
    .filter((p) => p.required || p.name === 'Idempotency-Key')
    .map((p) => [p.name, String(exampleOf(p, `${where} header ${p.name}`))]);
  headers.unshift(['Authorization', `Bearer ${API_KEY_PLACEHOLDER}`]);
  let body;
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
  return {method: operation.method, url: `${sandboxServer(model)}${path}${search}`, headers, body};
}

function convert(request, language) {
  const postmanRequest = new sdk.Request({
    method: request.method,
    url: request.url,
    header: request.headers.map(([key, value]) => ({key, value})),
    body:
      request.body === undefined
        ? undefined
        : {mode: 'raw', raw: JSON.stringify(request.body, null, 2), options: {raw: {language: 'json'}}},
  });
  return new Promise((resolvePromise, reject) => {
    codegen.convert(language.key, language.variant, postmanRequest, GENERATOR_OPTIONS, (error, snippet) => {
      if (error) reject(new Error(`code-samples: ${language.key}/${language.variant}: ${error.message ?? error}`));
      else resolvePromise(snippet);
    });
  });
}

/** `x-codeSamples` for one operation of the model: one entry per language, in the order of the tabs. */
export async function codeSamplesFor(model, operation) {
  const request = exampleRequest(model, operation);
  const samples = [];
  for (const language of CODE_SAMPLE_LANGUAGES) {
    samples.push({lang: language.codeSampleLanguage, label: language.label, source: await convert(request, language)});
  }
  return samples;
}

/** Adds `x-codeSamples` to every operation of a bundled definition (in place) and returns it. */
export async function addCodeSamples(definition) {
  const model = buildDefinition(definition);
  for (const operation of model.operations) {
    valueAt(definition, operation.pointer)['x-codeSamples'] = await codeSamplesFor(model, operation);
  }
  return definition;
}
