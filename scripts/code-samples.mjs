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
import {valueAt} from './json-pointer.mjs';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
// The options the theme passes to the generators (languages.js, generateLanguageSet).
const GENERATOR_OPTIONS = {longFormat: false, followRedirect: true, trimRequestBody: true};
export const API_KEY_PLACEHOLDER = '<API key>';

function resolve(definition, node) {
  let current = node;
  const seen = new Set();
  while (current && typeof current === 'object' && typeof current.$ref === 'string') {
    if (seen.has(current.$ref)) throw new Error(`code-samples: circular $ref ${current.$ref}`);
    seen.add(current.$ref);
    if (!current.$ref.startsWith('#/')) throw new Error(`code-samples: external $ref ${current.$ref} in the bundle`);
    const ref = current.$ref;
    current = valueAt(definition, ref);
    if (current === undefined) throw new Error(`code-samples: unresolved $ref ${ref}`);
  }
  return current;
}

function exampleOf(definition, holder, what) {
  if (holder.example !== undefined) return holder.example;
  const first = Object.values(holder.examples ?? {})[0];
  if (first !== undefined) return resolve(definition, first).value;
  if (holder.schema?.example !== undefined) return holder.schema.example;
  throw new Error(`code-samples: ${what} has no example`);
}

function sandboxServer(definition) {
  const server = (definition.servers ?? []).find((s) => s.description === 'Sandbox');
  if (!server) throw new Error('code-samples: the definition lists no server described as "Sandbox".');
  return server.url.replace(/\/+$/, '');
}

/** The documented example request of one operation, as plain parts. */
export function exampleRequest(definition, pathTemplate, method, operation) {
  const where = `${method.toUpperCase()} ${pathTemplate}`;
  const pathItem = definition.paths[pathTemplate];
  const parameters = [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])].map((p) =>
    resolve(definition, p),
  );
  let path = pathTemplate;
  const query = [];
  const headers = [];
  for (const parameter of parameters) {
    if (parameter.in === 'path') {
      const value = exampleOf(definition, parameter, `${where} path parameter ${parameter.name}`);
      path = path.replace(`{${parameter.name}}`, encodeURIComponent(String(value)));
    } else if (parameter.in === 'query' && parameter.required) {
      query.push([
        parameter.name,
        String(exampleOf(definition, parameter, `${where} query parameter ${parameter.name}`)),
      ]);
    } else if (parameter.in === 'header' && (parameter.required || parameter.name === 'Idempotency-Key')) {
      headers.push([parameter.name, String(exampleOf(definition, parameter, `${where} header ${parameter.name}`))]);
    }
  }
  if (/\{[^}]+\}/.test(path)) throw new Error(`code-samples: ${where} leaves ${path} unfilled`);
  headers.unshift(['Authorization', `Bearer ${API_KEY_PLACEHOLDER}`]);
  let body;
  const requestBody = operation.requestBody && resolve(definition, operation.requestBody);
  if (requestBody) {
    const json = requestBody.content?.['application/json'];
    if (!json) throw new Error(`code-samples: ${where} has a request body that is not application/json`);
    body = exampleOf(definition, json, `${where} request body`);
    headers.push(['Content-Type', 'application/json']);
  }
  headers.push(['Accept', 'application/json']);
  const search = query.length ? `?${new URLSearchParams(query)}` : '';
  return {method: method.toUpperCase(), url: `${sandboxServer(definition)}${path}${search}`, headers, body};
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

/** `x-codeSamples` for one operation: one entry per language, in the order of the tabs. */
export async function codeSamplesFor(definition, pathTemplate, method, operation) {
  const request = exampleRequest(definition, pathTemplate, method, operation);
  const samples = [];
  for (const language of CODE_SAMPLE_LANGUAGES) {
    samples.push({lang: language.codeSampleLanguage, label: language.label, source: await convert(request, language)});
  }
  return samples;
}

/** Adds `x-codeSamples` to every operation of a bundled definition (in place) and returns it. */
export async function addCodeSamples(definition) {
  for (const [pathTemplate, pathItem] of Object.entries(definition.paths ?? {})) {
    for (const method of METHODS) {
      const operation = pathItem[method];
      if (operation) operation['x-codeSamples'] = await codeSamplesFor(definition, pathTemplate, method, operation);
    }
  }
  return definition;
}
