/**
 * `npm run sandbox` for real: starts the mock, calls each of the 49 operations with its documented
 * example request and expects its documented success status and example body; then the answers a
 * reader gets wrong requests with (401, 422, 400, 404), CORS for the portal, and a clean stop.
 */
import {describe, it, expect, beforeAll, afterAll} from 'vitest';
import {deref, isObject, loadBundledDefinition, operations, type Json, type JsonObject} from './openapi-definition';
import {isAlive, startSandbox, type Sandbox} from './sandbox-process';

const doc = loadBundledDefinition();
const TOKEN = 'Bearer sk_sandbox_4f9c2b7e1a';

/** The first example of a media type or parameter: `example`, else the first named one's value. */
function firstExample(node: JsonObject): Json | undefined {
  if ('example' in node) return node.example;
  const named = isObject(node.examples) ? Object.values(node.examples)[0] : undefined;
  const {node: example} = deref(doc, named, '#');
  return isObject(example) ? example.value : undefined;
}

type Call = {name: string; method: string; path: string; headers: Record<string, string>; body?: string; status: number; answer: Json | undefined};

/** One operation's documented example request and its documented success answer. */
function exampleCall(entry: ReturnType<typeof operations>[number]): Call {
  const {operation} = entry;
  let path = entry.name;
  const query = new URLSearchParams();
  const headers: Record<string, string> = {Authorization: TOKEN, Accept: 'application/json'};
  for (const raw of [...entry.pathParameters, ...(Array.isArray(operation.parameters) ? operation.parameters : [])]) {
    const {node: p} = deref(doc, raw, '#');
    if (!isObject(p) || (p.in !== 'path' && p.required !== true)) continue;
    const value = String(firstExample(p));
    if (p.in === 'path') path = path.replace(`{${String(p.name)}}`, encodeURIComponent(value));
    else if (p.in === 'query') query.set(String(p.name), value);
    else if (p.in === 'header') headers[String(p.name)] = value;
  }
  let body: string | undefined;
  const {node: requestBody} = deref(doc, operation.requestBody, '#');
  if (isObject(requestBody) && isObject(requestBody.content)) {
    const [type, media] = Object.entries(requestBody.content)[0]!;
    headers['Content-Type'] = type;
    body = JSON.stringify(firstExample(media as JsonObject));
  }
  const responses = operation.responses as JsonObject;
  const status = Math.min(...Object.keys(responses).filter((s) => /^2\d\d$/.test(s)).map(Number));
  const {node: response} = deref(doc, responses[String(status)], '#');
  const content = isObject(response) && isObject(response.content) ? Object.values(response.content)[0] : undefined;
  const answer = isObject(content) ? firstExample(content) : undefined;
  const search = query.size > 0 ? `?${query}` : '';
  return {name: String(operation.operationId), method: entry.method.toUpperCase(), path: `${path}${search}`, headers, body, status, answer};
}

const CALLS = operations(doc)
  .filter((e) => e.kind === 'path')
  .map(exampleCall);

let sandbox: Sandbox;
const results: {name: string; ok: boolean}[] = [];

beforeAll(async () => {
  sandbox = await startSandbox();
}, 90_000);

afterAll(async () => {
  if (sandbox.process.exitCode === null) await sandbox.stop('SIGKILL');
  const passed = results.filter((r) => r.ok).length;
  console.log(`sandbox: ${passed}/${CALLS.length} operations answered their documented status and example`);
});

const call = (path: string, init: RequestInit = {}) => fetch(`${sandbox.base}${path}`, init);

describe('every operation answers its documented example', () => {
  it('the definition has the 49 operations of openapi/OPERATIONS.md', () => {
    expect(CALLS).toHaveLength(49);
  });

  for (const c of CALLS) {
    it(`${c.name}: ${c.method} /v1${c.path} -> ${c.status}`, async () => {
      const res = await call(c.path, {method: c.method, headers: c.headers, body: c.body});
      const text = await res.text();
      expect(res.status, text).toBe(c.status);
      // Prism reports any mismatch with the definition (request or response) in this header.
      expect(res.headers.get('sl-violations')).toBeNull();
      if (c.answer === undefined) expect(text).toBe('');
      else expect(JSON.parse(text)).toEqual(c.answer);
      results.push({name: c.name, ok: true});
    });
  }
});

describe('requests that break the definition', () => {
  const invoice = {amount: {amount: '10.00', currency: 'USD'}, expiresInSeconds: 300};
  const post = (body: string, headers: Record<string, string> = {}) =>
    call('/invoices', {
      method: 'POST',
      headers: {Authorization: TOKEN, 'Content-Type': 'application/json', 'Idempotency-Key': 'c0ffee00-1', ...headers},
      body,
    });

  it.each([
    ['no Authorization header', {}],
    ['a Basic token', {Authorization: 'Basic a2VzdHJlbA=='}],
    ['an empty bearer token', {Authorization: 'Bearer '}],
  ])('%s answers 401 UNAUTHORIZED', async (_, headers) => {
    const res = await call('/invoices', {headers});
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(await res.json()).toMatchObject({status: 401, code: 'UNAUTHORIZED'});
  });

  it('a body field that breaks the schema answers 422 naming the field', async () => {
    const res = await post(JSON.stringify({...invoice, amount: {amount: 'ten', currency: 'USD'}}));
    expect(res.status).toBe(422);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    const problem = await res.json();
    expect(problem).toMatchObject({status: 422, code: 'VALIDATION_FAILED', instance: '/v1/invoices'});
    expect(Object.keys(problem.validationErrors)).toEqual(['amount.amount']);
    expect(problem.detail).toContain('amount.amount');
    expect(problem.traceId).toMatch(/^[0-9a-f]{32}$/);
  });

  it('a missing required field is named with its path', async () => {
    const res = await post(JSON.stringify({expiresInSeconds: 300}));
    expect(res.status).toBe(422);
    expect(Object.keys((await res.json()).validationErrors)).toEqual(['amount']);
  });

  it('a missing Idempotency-Key answers 400 IDEMPOTENCY_KEY_INVALID, as the reference says', async () => {
    const res = await call('/invoices', {
      method: 'POST',
      headers: {Authorization: TOKEN, 'Content-Type': 'application/json'},
      body: JSON.stringify(invoice),
    });
    expect(res.status).toBe(400);
    const problem = await res.json();
    expect(problem).toMatchObject({code: 'IDEMPOTENCY_KEY_INVALID'});
    expect(problem.detail).toContain('Idempotency-Key');
  });

  it('a body that is not JSON answers 400 MALFORMED_REQUEST', async () => {
    const res = await post('{"amount":');
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(await res.json()).toMatchObject({code: 'MALFORMED_REQUEST', status: 400});
  });

  it('a query parameter of the wrong type answers 400 INVALID_QUERY_OPTION naming it', async () => {
    const res = await call('/invoices?$top=many', {headers: {Authorization: TOKEN}});
    expect(res.status).toBe(400);
    const problem = await res.json();
    expect(problem).toMatchObject({code: 'INVALID_QUERY_OPTION'});
    expect(problem.detail).toContain('$top');
  });

  it.each([
    ['an unknown path under /v1', '/v1/refunds'],
    ['a path outside the base path', '/invoices'],
  ])('%s answers a 404 problem', async (_, path) => {
    const res = await fetch(`${sandbox.origin}${path}`, {headers: {Authorization: TOKEN}});
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(await res.json()).toMatchObject({status: 404, instance: path});
  });
});

describe('CORS', () => {
  const preflight = (origin: string) =>
    call('/invoices', {
      method: 'OPTIONS',
      headers: {Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type,idempotency-key'},
    });

  it('lets a portal on this machine send the explorer headers', async () => {
    const res = await preflight('http://127.0.0.1:3000');
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:3000');
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    const allowed = res.headers.get('access-control-allow-headers')!.toLowerCase().split(/,\s*/);
    expect(allowed).toEqual(expect.arrayContaining(['authorization', 'content-type', 'idempotency-key']));
    const get = await call('/invoices', {headers: {Origin: 'http://localhost:3000', Authorization: TOKEN}});
    expect(get.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
  });

  it('does not let another site read it', async () => {
    const res = await preflight('https://elsewhere.example');
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const get = await call('/invoices', {headers: {Origin: 'https://elsewhere.example', Authorization: TOKEN}});
    expect(get.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('stopping', () => {
  it('Ctrl+C (SIGINT) stops Prism too and exits 0', async () => {
    expect(isAlive(sandbox.prismPid)).toBe(true);
    expect(await sandbox.stop('SIGINT')).toBe(0);
    expect(isAlive(sandbox.prismPid)).toBe(false);
    await expect(fetch(`${sandbox.base}/invoices`)).rejects.toThrow();
  });

  it('SIGTERM stops Prism too and exits 0', async () => {
    const other = await startSandbox();
    expect(await other.stop('SIGTERM')).toBe(0);
    expect(isAlive(other.prismPid)).toBe(false);
    expect(other.output()).toContain('stopping (SIGTERM)');
  }, 90_000);
});


