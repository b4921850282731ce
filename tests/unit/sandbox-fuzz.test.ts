/**
 * The local sandbox stays up under bad input: thousands of requests across every operation,
 * generated from each operation's documented example and then mutated (fields dropped or given
 * the wrong type, odd strings, broken JSON, wrong content types, bad ids and list options, no
 * token). No answer may be a 5xx, every answer to an operation must be one the definition
 * documents for it, the process must still answer afterwards, and memory stays bounded: with
 * `--cap`, a type never holds more objects than the cap.
 */
import {describe, it, expect} from 'vitest';
import {readFileSync} from 'node:fs';
import {deref, isObject, loadBundledDefinition, operations, type Json, type JsonObject} from './openapi-definition';
import {answerProblems} from './sandbox-answers';
import {suiteSandbox} from './suite-sandbox';

const doc = loadBundledDefinition();
const ENTRIES = operations(doc).filter((e) => e.kind === 'path');
const CAP = 150;
const ROUNDS = 48; // per operation of the definition

/** A small seeded generator (mulberry32), so a failure can be replayed. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = prng(16);
const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)]!;

function firstExample(node: JsonObject): Json | undefined {
  if ('example' in node) return structuredClone(node.example);
  const named = isObject(node.examples) ? Object.values(node.examples)[0] : undefined;
  const {node: example} = deref(doc, named, '#');
  return isObject(example) ? structuredClone(example.value) : undefined;
}

const ODD_VALUES: Json[] = [
  null,
  true,
  0,
  -1,
  1e308,
  'x',
  '',
  ' ',
  'ü'.repeat(3000),
  '𝄞\u0000\u202e',
  [],
  {},
  [1, 'a', null],
  {nested: {deeper: [{}]}},
  '0b9b6546-887b-4276-ae91-e5ee189bf56c',
  "' or 1 eq 1",
  '../../etc/passwd',
  '-0.00',
  '1e3',
  '150.001',
];
const ODD_IDS = [
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  '%00',
  'a'.repeat(600),
  '0b9b6546-887b-4276-ae91-e5ee189bf56c',
  '..',
  '%F0%9F%98%80',
  '7d1b9c2e-0000-4000-8000-000000000000',
];
const ODD_QUERIES = [
  '$top=0',
  '$top=101',
  '$top=1.5',
  '$top=-3',
  '$skip=-1',
  '$skip=abc',
  "$filter=status eq 'PAID'",
  '$filter=status eq',
  '$filter=((((',
  "$filter=nope eq 'x'",
  "$filter=created ge 2025-01-01T00:00:00Z and not (status ne 'UNPAID')",
  '$orderby=created',
  '$orderby=created sideways',
  '$orderby=',
  '$filter=' + 'a'.repeat(1200),
  'unknown=1',
  '$top=1&$top=2',
];

/** Mutates a JSON value at a random place. */
function mutate(value: Json | undefined, depth = 0): Json {
  if (
    value &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.keys(value).length > 0 &&
    random() < 0.7 &&
    depth < 4
  ) {
    const key = pick(Object.keys(value));
    const r = random();
    const copy = {...value};
    if (r < 0.3) delete copy[key];
    else if (r < 0.8) copy[key] = mutate(copy[key], depth + 1);
    else copy[`extra${Math.floor(random() * 100)}`] = pick(ODD_VALUES);
    return copy;
  }
  if (Array.isArray(value) && value.length > 0 && random() < 0.5)
    return value.map((v, i) => (i === 0 ? mutate(v, depth + 1) : v));
  return pick(ODD_VALUES);
}

interface Request {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** A request for an operation: its example, then perhaps one or more mutations. */
function generate(entry: (typeof ENTRIES)[number], ids: string[]): Request {
  const {operation} = entry;
  let path = entry.name;
  const query = new URLSearchParams();
  const headers: Record<string, string> = {Authorization: 'Bearer sk_sandbox_fuzz', Accept: 'application/json'};
  for (const raw of [...entry.pathParameters, ...(Array.isArray(operation.parameters) ? operation.parameters : [])]) {
    const {node: p} = deref(doc, raw, '#');
    if (!isObject(p)) continue;
    const example = firstExample(p) ?? (p.in === 'path' ? pick(ids) : undefined);
    if (p.in === 'path')
      path = path.replace(
        `{${String(p.name)}}`,
        encodeURIComponent(String(random() < 0.5 && ids.length > 0 ? pick(ids) : example)),
      );
    else if (p.in === 'query' && (p.required === true || random() < 0.3) && example !== undefined)
      query.set(String(p.name), String(example));
    else if (p.in === 'header' && String(p.name).toLowerCase() === 'idempotency-key')
      headers['Idempotency-Key'] = random() < 0.2 ? 'fixed-fuzz-key' : crypto.randomUUID();
  }
  let body: string | undefined;
  const {node: requestBody} = deref(doc, operation.requestBody, '#');
  if (isObject(requestBody) && isObject(requestBody.content)) {
    const [type, media] = Object.entries(requestBody.content)[0]!;
    headers['Content-Type'] = type;
    body = JSON.stringify(firstExample(media as JsonObject));
  }
  const r = random();
  if (r < 0.35 && body) body = JSON.stringify(mutate(JSON.parse(body)));
  else if (r < 0.42 && body) body = body.slice(0, Math.floor(random() * body.length));
  else if (r < 0.47)
    headers['Content-Type'] = pick([
      'text/plain',
      'application/xml',
      'application/json; charset=utf-8',
      'multipart/form-data',
      '',
    ]);
  else if (r < 0.57) path = path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}|(?<=handle\/)[^/]+/, pick(ODD_IDS));
  else if (r < 0.7)
    for (const part of pick(ODD_QUERIES).split('&'))
      query.append(...(part.split(/=(.*)/s).slice(0, 2) as [string, string]));
  else if (r < 0.74) delete headers.Authorization;
  else if (r < 0.77) headers.Authorization = pick(['Bearer', 'Basic eDp5', 'bearer  x', `Bearer ${'t'.repeat(5000)}`]);
  else if (r < 0.8) headers['Idempotency-Key'] = pick(['', 'k'.repeat(256)]);
  else if (r < 0.83) body = pick(['null', '[]', '"text"', '42', '{"a":'.repeat(200), '\u0000']);
  const search = query.size > 0 ? `?${query}` : '';
  const method = entry.method.toUpperCase();
  // fetch refuses a body on GET; every other method may carry one it does not expect.
  return {method, path: `${path}${search}`, headers, body: method === 'GET' ? undefined : body};
}

function rssKb(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);
}

const sandbox = suiteSandbox(['--no-rate-limit', '--quiet', '--cap', String(CAP), '--pay-after', '0']);

describe('fuzzing the local sandbox', () => {
  it(`${ROUNDS * ENTRIES.length} generated and mutated requests: no 5xx, every answer documented, still up, memory bounded`, async () => {
    const failures: string[] = [];
    const ids: string[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;
    const rssStart = rssKb(sandbox.process.pid!);
    for (let round = 0; round < ROUNDS; round++) {
      const batch = ENTRIES.map((entry) => generate(entry, ids));
      await Promise.all(
        batch.map(async (r) => {
          const res = await fetch(`${sandbox.base}${r.path}`, {method: r.method, headers: r.headers, body: r.body});
          const text = await res.text();
          sent++;
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          const where = `${r.method} ${r.path.slice(0, 120)} ${JSON.stringify(r.headers).slice(0, 160)} ${String(r.body).slice(0, 160)} -> ${res.status} ${text.slice(0, 300)}`;
          if (res.status >= 500) return void failures.push(where);
          let body: Json | undefined;
          try {
            body = text ? JSON.parse(text) : undefined;
          } catch {
            return void failures.push(`not JSON: ${where}`);
          }
          if (res.status >= 400 && res.headers.get('content-type') !== 'application/problem+json')
            failures.push(`not a problem: ${where}`);
          // A mutated id such as `..` can make a path that no operation has, or has with another method.
          if (isObject(body) && (body.code === 'NOT_FOUND' || body.code === 'METHOD_NOT_ALLOWED')) return;
          const problems = answerProblems(
            r.method,
            r.path,
            res.status,
            res.headers.get('content-type'),
            body,
            res.headers.get('kestrel-version'),
          );
          if (problems.length > 0) failures.push(`${problems.join('; ')}: ${where}`);
          if (res.status < 300 && isObject(body) && typeof body.id === 'string' && ids.length < 200) ids.push(body.id);
        }),
      );
    }
    // Past the cap: the oldest invoices are forgotten, the newest kept.
    for (let i = 0; i < CAP + 20; i++) {
      await fetch(`${sandbox.base}/invoices`, {
        method: 'POST',
        headers: {
          Authorization: 'Bearer sk_sandbox_fuzz',
          'Content-Type': 'application/json',
          'Idempotency-Key': crypto.randomUUID(),
        },
        body: JSON.stringify({amount: {amount: '1.00', currency: 'USD'}, reference: `cap-${i}`}),
      });
    }
    const page = await (
      await fetch(`${sandbox.base}/invoices?$top=1`, {headers: {Authorization: 'Bearer sk_sandbox_fuzz'}})
    ).json();
    const events = await (
      await fetch(`${sandbox.base}/events?$top=1`, {headers: {Authorization: 'Bearer sk_sandbox_fuzz'}})
    ).json();
    const rssEnd = rssKb(sandbox.process.pid!);
    const stats = await (await fetch(`${sandbox.origin}/_sandbox/stats`)).json();
    console.log(
      `fuzz: ${sent} requests, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}, RSS ${Math.round(rssStart / 1024)} -> ${Math.round(rssEnd / 1024)} MB, held ${JSON.stringify(stats)}`,
    );

    expect(failures.slice(0, 20)).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(2000);
    expect(sandbox.process.exitCode).toBeNull();
    expect(page.count).toBe(CAP);
    expect(page.items[0].reference).toBe(`cap-${CAP + 19}`);
    expect(events.count).toBeLessThanOrEqual(CAP);
    // Bounded: every store the sandbox keeps is at or under its cap.
    expect(stats.cap).toBe(CAP);
    for (const [kind, n] of Object.entries(stats.objects)) expect(n, kind).toBeLessThanOrEqual(CAP);
    expect(stats.evicted.Invoice).toBeGreaterThan(0);
    expect(stats.idempotencyKeys).toBeLessThanOrEqual(10_000);
  }, 180_000);
});
