/**
 * Shared by the openapi-*.test.ts suites: bundles openapi/openapi.yaml with the Redocly CLI (the
 * tool `npx redocly lint` and scripts/bundle-openapi.mjs use) into one JSON document, once per
 * test file, and offers small JSON-pointer helpers over it; `$ref`s and operations come from the
 * definition model (definition/).
 *
 * The bundle is built synchronously so that suites can create one `it` per example at collection time.
 */
import {execFileSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {createRequire} from 'node:module';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {valueAt} from '../../definition/json-pointer.mjs';
import {
  buildDefinition,
  keyProblemResponses,
  resolve,
  type JsonObject as DefinitionObject,
} from '../../definition/index.ts';
import {renderDefinitionFacts} from '../../plugins/prose-facts/definition.ts';

export const ROOT = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const DEFINITION = path.join(ROOT, 'openapi/openapi.yaml');

export type Json = null | boolean | number | string | Json[] | JsonObject;
export interface JsonObject {
  [key: string]: Json;
}

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

let source: JsonObject | undefined;
let cached: JsonObject | undefined;
let rendered: JsonObject | undefined;

/**
 * The bundled definition as a reader gets it: every external $ref turned into a local
 * `#/components/...` one, and the facts its prose names (`%fact:NAME%`) rendered as
 * scripts/bundle-openapi.mjs renders them.
 */
export function loadBundledDefinition(): JsonObject {
  rendered ??= renderDefinitionFacts(loadUnrenderedDefinition() as DefinitionObject) as unknown as JsonObject;
  return rendered;
}

/** The plain Redocly bundle of the source: problems unfiled (`x-problems`), facts unrendered. */
export function loadSourceBundle(): JsonObject {
  if (source) return source;
  const require = createRequire(import.meta.url);
  const cli = path.join(path.dirname(require.resolve('@redocly/cli/package.json')), 'bin', 'cli.js');
  const dir = mkdtempSync(path.join(tmpdir(), 'kestrel-openapi-'));
  const out = path.join(dir, 'openapi.json');
  try {
    execFileSync(process.execPath, [cli, 'bundle', DEFINITION, '--output', out, '--ext', 'json'], {
      cwd: ROOT,
      stdio: 'pipe',
      env: {...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true'},
    });
    source = JSON.parse(readFileSync(out, 'utf8')) as JsonObject;
  } catch (error) {
    const e = error as {stdout?: Buffer; stderr?: Buffer; message: string};
    throw new Error(`redocly bundle failed: ${e.message}\n${e.stdout?.toString() ?? ''}${e.stderr?.toString() ?? ''}`, {
      cause: error,
    });
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
  return source;
}

/** The bundle with its problems filed by status, its prose still naming facts as `%fact:NAME%`. */
export function loadUnrenderedDefinition(): JsonObject {
  cached ??= keyProblemResponses(loadSourceBundle() as DefinitionObject) as unknown as JsonObject;
  return cached;
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function escapePointerToken(token: string | number): string {
  return String(token).replace(/~/g, '~0').replace(/\//g, '~1');
}

export function pointer(...tokens: (string | number)[]): string {
  return tokens.length === 0 ? '#' : `#/${tokens.map(escapePointerToken).join('/')}`;
}

/** The value at a local JSON pointer such as `#/components/schemas/Invoice`. */
export function getAt(doc: JsonObject, ref: string): Json | undefined {
  return valueAt(doc, ref) as Json | undefined;
}

/**
 * Follows `$ref`s (the definition model's resolver, definition/refs.ts) to a node without one;
 * returns it with its pointer. A node without a `$ref` comes back as it is.
 */
export function deref(doc: JsonObject, node: Json | undefined, at: string): {node: Json | undefined; at: string} {
  if (!isObject(node)) return {node, at};
  const resolved = resolve(doc, node, at);
  return {node: resolved.refs.length ? resolved.node : node, at: resolved.pointer};
}

export interface OperationEntry {
  kind: 'path' | 'webhook';
  /** The path template, or the webhook's event name. */
  name: string;
  method: (typeof HTTP_METHODS)[number];
  operation: JsonObject;
  /** Path-item-level parameters, which apply to every operation of the path item. */
  pathParameters: Json[];
  at: string;
}

/** Every operation and webhook of the definition model, with the operation as the definition writes it. */
export function operations(doc: JsonObject): OperationEntry[] {
  const model = buildDefinition(doc);
  const entry = (kind: OperationEntry['kind'], name: string, method: string, at: string): OperationEntry => {
    const item = getAt(doc, at.slice(0, at.lastIndexOf('/')));
    const pathParameters = isObject(item) && Array.isArray(item.parameters) ? item.parameters : [];
    return {
      kind,
      name,
      method: method.toLowerCase() as OperationEntry['method'],
      operation: getAt(doc, at) as JsonObject,
      pathParameters,
      at,
    };
  };
  return [
    ...model.operations.map((op) => entry('path', op.path, op.method, op.pointer)),
    ...model.webhooks.map((hook) => entry('webhook', hook.event, hook.method, hook.pointer)),
  ];
}
