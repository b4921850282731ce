/**
 * An Arazzo step's `operationId` -> the request it makes: the API's operations come from the
 * definition model (definition/index.ts), the sandbox's controls and the test receiver's from the
 * OpenAPI descriptions beside the workflows. A plain id names an API operation;
 * `$sourceDescriptions.<name>.<operationId>` names one of the source's.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {parse} from 'yaml';
import {loadDefinition} from '../definition/index.ts';

export const WORKFLOWS_DIR = path.dirname(fileURLToPath(import.meta.url));

/** The source descriptions the documents name, and what each describes. */
export type Source = 'kestrel' | 'sandbox' | 'receiver';
export const SOURCE_FILES: Record<Exclude<Source, 'kestrel'>, string> = {
  sandbox: 'sandbox-controls.openapi.yaml',
  receiver: 'receiver.openapi.yaml',
};

export interface ResolvedOperation {
  source: Source;
  operationId: string;
  method: string;
  /** The path template under the source's base: `/payouts/{payoutId}`. */
  path: string;
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'];

type OpenApi = {paths?: Record<string, Record<string, {operationId?: string}>>};

function operationsOfFile(source: Source, file: string): ResolvedOperation[] {
  const doc = parse(readFileSync(path.join(WORKFLOWS_DIR, file), 'utf8')) as OpenApi;
  return Object.entries(doc.paths ?? {}).flatMap(([p, item]) =>
    Object.entries(item)
      .filter(([method, op]) => HTTP_METHODS.includes(method) && op.operationId)
      .map(([method, op]) => ({source, operationId: op.operationId!, method: method.toUpperCase(), path: p})),
  );
}

let table: Map<string, ResolvedOperation> | undefined;

function operations(): Map<string, ResolvedOperation> {
  if (table) return table;
  table = new Map();
  for (const op of loadDefinition().operations)
    table.set(op.operationId, {source: 'kestrel', operationId: op.operationId, method: op.method, path: op.path});
  for (const [source, file] of Object.entries(SOURCE_FILES) as [Exclude<Source, 'kestrel'>, string][])
    for (const op of operationsOfFile(source, file)) table.set(`$sourceDescriptions.${source}.${op.operationId}`, op);
  return table;
}

/** The operation a step names; an unknown id fails, naming it. */
export function resolveOperation(operationId: string): ResolvedOperation {
  const qualified = /^\$sourceDescriptions\.kestrel\.(.+)$/.exec(operationId);
  const found = operations().get(qualified ? qualified[1]! : operationId);
  if (!found) throw new Error(`no operation has the operationId ${operationId}`);
  return found;
}

/** The API's base path (`/v1`), from the definition's sandbox server. */
export function apiBasePath(): string {
  const servers = loadDefinition().servers;
  const server = servers.find((s) => /sandbox/i.test(s.description ?? '')) ?? servers[0];
  return server ? new URL(server.url).pathname.replace(/\/$/, '') : '';
}
