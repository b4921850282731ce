/**
 * The walkthrough pages and the example apps under examples/walkthroughs/ agree with each other,
 * with the operations table (openapi/OPERATIONS.md) and, once it exists, with the OpenAPI
 * definition. No test touches the network: the apps run against a fake fetch.
 */
import {describe, it, expect, vi} from 'vitest';
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {parse as parseYaml} from 'yaml';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import {KestrelClient, KestrelProblem, SANDBOX_BASE_URL} from '../../examples/walkthroughs/node/kestrel-client';
import {receivePayment} from '../../examples/walkthroughs/node/receive-payment';
import {payLightningInvoice} from '../../examples/walkthroughs/node/send-payment';
import {exchangeCurrency} from '../../examples/walkthroughs/node/exchange-currency';

const ROOT = path.resolve(__dirname, '../..');
const PAGES_DIR = path.join(ROOT, 'docs/walkthrough');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SANDBOX_HOST = 'api.sandbox.kestrel.example';

// ---------------------------------------------------------------------------------------------
// The operations table
// ---------------------------------------------------------------------------------------------

interface Operation {
  slug: string;
  method: string;
  path: string;
  pattern: RegExp;
  params: string[];
}

function readOperations(): Operation[] {
  const text = readFileSync(path.join(ROOT, 'openapi/OPERATIONS.md'), 'utf8');
  const rows = text.split('\n').filter((line) => /^\| [^|]+ \| [a-z0-9-]+ \| \w+ \| (GET|POST|PATCH|PUT|DELETE) \|/.test(line));
  return rows.map((row) => {
    const [, , slug, , method, opPath] = row.split('|').map((cell) => cell.trim());
    const params = [...opPath!.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    const pattern = new RegExp(`^${opPath!.replace(/\{\w+\}/g, '([^/]+)')}$`);
    return {slug: slug!, method: method!, path: opPath!, pattern, params};
  });
}

const OPERATIONS = readOperations();

/** The money-moving operations that take Idempotency-Key (the paragraph under the table). */
const IDEMPOTENT = new Set(
  readFileSync(path.join(ROOT, 'openapi/OPERATIONS.md'), 'utf8')
    .split('take `Idempotency-Key`:')[1]!
    .match(/[a-z][a-z0-9]*(?:-[a-z0-9]+)+/g)!
    .filter((slug) => OPERATIONS.some((op) => op.slug === slug)),
);

/** The operation a method and path (under /v1) call; a literal segment beats a parameter. */
function findOperation(method: string, apiPath: string): {op: Operation; values: Record<string, string>} | undefined {
  const matches = OPERATIONS.filter((op) => op.method === method && op.pattern.test(apiPath));
  matches.sort((a, b) => a.params.length - b.params.length);
  const op = matches[0];
  if (!op) return undefined;
  const found = op.pattern.exec(apiPath)!;
  return {op, values: Object.fromEntries(op.params.map((name, i) => [name, decodeURIComponent(found[i + 1]!)]))};
}

// ---------------------------------------------------------------------------------------------
// The pages
// ---------------------------------------------------------------------------------------------

interface Fence {
  lang: string;
  meta: string;
  body: string;
  /** The prose between the previous fence and this one. */
  before: string;
  line: number;
}

interface HttpRequest {
  method: string;
  target: string;
  apiPath: string;
  query: URLSearchParams;
  headers: Map<string, string>;
  body: unknown;
  rawBody: string;
  line: number;
}

interface Page {
  name: string;
  source: string;
  frontMatter: Record<string, unknown>;
  prose: string;
  fences: Fence[];
  requests: HttpRequest[];
}

function readFences(markdown: string): {fences: Fence[]; prose: string} {
  const lines = markdown.split('\n');
  const fences: Fence[] = [];
  const proseLines: string[] = [];
  let open: {lang: string; meta: string; start: number; body: string[]; before: string} | undefined;
  let sinceLast: string[] = [];
  lines.forEach((line, i) => {
    if (!open) {
      const start = /^ {0,3}```(\S*)\s*(.*)$/.exec(line);
      if (start) {
        open = {lang: start[1]!, meta: start[2]!, start: i + 1, body: [], before: sinceLast.join('\n')};
        return;
      }
      sinceLast.push(line);
      proseLines.push(line);
    } else if (/^ {0,3}```\s*$/.test(line)) {
      fences.push({lang: open.lang, meta: open.meta, body: open.body.join('\n'), before: open.before, line: open.start});
      open = undefined;
      sinceLast = [];
    } else {
      open.body.push(line);
    }
  });
  if (open) throw new Error(`unclosed fence at line ${open.start}`);
  return {fences, prose: proseLines.join('\n')};
}

function parseHttp(fence: Fence): HttpRequest {
  const [head, ...rest] = fence.body.split(/\n\s*\n/);
  const [requestLine, ...headerLines] = head!.split('\n');
  const m = /^(GET|POST|PATCH|PUT|DELETE) (\S+) HTTP\/1\.1$/.exec(requestLine!);
  if (!m) throw new Error(`line ${fence.line}: bad request line "${requestLine}"`);
  const headers = new Map<string, string>();
  for (const h of headerLines) {
    const hm = /^([A-Za-z-]+): (.+)$/.exec(h);
    if (!hm) throw new Error(`line ${fence.line}: bad header "${h}"`);
    headers.set(hm[1]!.toLowerCase(), hm[2]!);
  }
  const url = new URL(m[2]!, `https://${SANDBOX_HOST}`);
  const rawBody = rest.join('\n\n').trim();
  return {
    method: m[1]!,
    target: m[2]!,
    apiPath: decodeURIComponent(url.pathname).replace(/^\/v1/, ''),
    query: url.searchParams,
    headers,
    body: rawBody ? JSON.parse(rawBody) : undefined,
    rawBody,
    line: fence.line,
  };
}

function readPage(file: string): Page {
  const source = readFileSync(path.join(PAGES_DIR, file), 'utf8');
  const fm = /^---\n([\s\S]*?)\n---\n/.exec(source);
  if (!fm) throw new Error(`${file}: no front matter`);
  const {fences, prose} = readFences(source.slice(fm[0].length));
  return {
    name: file.replace(/\.mdx?$/, ''),
    source,
    frontMatter: parseYaml(fm[1]!) as Record<string, unknown>,
    prose,
    fences,
    requests: fences.filter((f) => f.lang === 'http').map(parseHttp),
  };
}

const PAGE_FILES = readdirSync(PAGES_DIR).filter((f) => /\.mdx?$/.test(f)).sort();
const PAGES = PAGE_FILES.map(readPage);
const page = (name: string) => PAGES.find((p) => p.name === name)!;
const FLOW_PAGES = [
  'receiving-payments',
  'sending-payments',
  'making-payouts',
  'exchanging-currencies',
  'directing-payments-third-party',
];

/** The first request a page shows for an operation. */
function requestFor(slug: string): HttpRequest {
  for (const p of PAGES) {
    const found = p.requests.find((r) => findOperation(r.method, r.apiPath)?.op.slug === slug);
    if (found) return found;
  }
  throw new Error(`no walkthrough shows ${slug}`);
}

/** Guide routes of spec 2.1, read from the docs front matter, plus the API reference routes. */
function knownRoutes(): Set<string> {
  const routes = new Set<string>(['/api', '/api/', '/api/introduction']);
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, {withFileTypes: true})) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.mdx?$/.test(entry.name)) {
        const slug = /^slug: (\S+)$/m.exec(readFileSync(full, 'utf8'))?.[1];
        if (slug) routes.add(slug);
      }
    }
  };
  walk(path.join(ROOT, 'docs'));
  for (const op of OPERATIONS) routes.add(`/api/${op.slug}`);
  return routes;
}

/** Every value of `status` under any key in a JSON document. */
function collect(value: unknown, visit: (key: string, v: unknown, parent: Record<string, unknown>) => void): void {
  if (Array.isArray(value)) value.forEach((v) => collect(v, visit));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      visit(k, v, value as Record<string, unknown>);
      collect(v, visit);
    }
  }
}

/** Id fields that are not Kestrel resource ids: a W3C trace id and a Lightning node's public key. */
const NOT_UUID_IDS = new Set(['traceId', 'payeeNodeId']);

const LIFECYCLE_STATUSES = new Set([
  'UNPAID', 'PENDING', 'PAID', 'CANCELLED', // invoice; PENDING also payment, payout, exchange, deposit, receive
  'NEW', 'INITIATED', 'COMPLETED', 'FAILED', // payout, payment, exchange quote
  'REVERSED', // deposit
]);

describe('walkthrough pages', () => {
  it('are the seven pages of the spec, each with its front matter', () => {
    expect(PAGES.map((p) => p.name)).toEqual([
      'directing-payments-third-party',
      'example-apps',
      'exchanging-currencies',
      'making-payouts',
      'receiving-payments',
      'sending-payments',
      'walkthroughs-overview',
    ]);
    for (const p of PAGES) {
      expect(p.frontMatter.slug, p.name).toBe(`/walkthrough/${p.name}`);
      for (const key of ['title', 'sidebar_label', 'description']) {
        expect(typeof p.frontMatter[key], `${p.name} ${key}`).toBe('string');
      }
    }
  });

  it.each(PAGES.map((p) => [p.name, p] as const))('%s: headings, fences and words follow the style', (_name, p) => {
    expect(p.prose).not.toMatch(/^# /m);
    expect(p.prose).not.toMatch(/\bTODO\b|lorem ipsum/i);
    expect(p.prose).toMatch(/\n## Next steps\n[\s\S]*$/);
    expect(p.prose.trimEnd().split('\n').slice(-1)[0]).toMatch(/^- \[/);
    for (const fence of p.fences) expect(fence.lang, `${p.name} line ${fence.line}`).not.toBe('');
    // MDX reads { and < in prose as code: they belong in backticks.
    const outsideCode = p.prose.replace(/`[^`\n]*`/g, '');
    expect(outsideCode).not.toMatch(/[{}<]/);
  });

  it.each(FLOW_PAGES.map((name) => [name] as const))('%s: has one mermaid sequence diagram and 800 to 1800 words of prose', (name) => {
    const p = page(name);
    const diagrams = p.fences.filter((f) => f.lang === 'mermaid');
    expect(diagrams).toHaveLength(1);
    expect(diagrams[0]!.body).toMatch(/^sequenceDiagram\n/);
    expect(diagrams[0]!.body).toMatch(/participant Server as Your server/);
    expect(diagrams[0]!.body).not.toMatch(/;/);
    const words = p.prose.split(/\s+/).filter(Boolean).length;
    expect(words).toBeGreaterThanOrEqual(800);
    expect(words).toBeLessThanOrEqual(1800);
  });

  it('link only to routes that exist', () => {
    const routes = knownRoutes();
    for (const p of PAGES) {
      for (const [, target] of p.prose.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^https?:/.test(target!)) {
          expect(new URL(target!).hostname, `${p.name}: ${target}`).toMatch(/(^|\.)kestrel\.example$/);
        } else if (target!.startsWith('#')) {
          const anchors = [...p.prose.matchAll(/^#{2,3} (.+)$/gm)].map(([, h]) => h!.toLowerCase().replace(/[^a-z0-9 -]/g, '').replace(/ /g, '-'));
          expect(anchors, `${p.name} links ${target}`).toContain(target!.slice(1));
        } else {
          expect(target, p.name).toMatch(/^\//);
          expect(routes.has(target!.split('#')[0]!), `${p.name} links ${target}`).toBe(true);
          // Anchors into pages other engineers own would break the build when they rename a heading.
          expect(target, p.name).not.toContain('#');
        }
      }
    }
  });

  it('use only kestrel.example addresses', () => {
    for (const p of PAGES) {
      for (const [host] of p.source.replace(/%40/g, '@').matchAll(/\b(?:[a-z0-9-]+\.)+(?:com|org|net|io|dev|example)\b/g)) {
        if (/^[\w.-]+\.(md|ts|json|yaml)$/.test(host)) continue;
        expect(host, p.name).toMatch(/(^|\.)kestrel\.example$/);
      }
    }
  });

  it('show every request in the one parseable shape, against an operation of the table', () => {
    let count = 0;
    for (const p of PAGES) {
      for (const r of p.requests) {
        const where = `${p.name} line ${r.line}: ${r.method} ${r.target}`;
        count++;
        const found = findOperation(r.method, r.apiPath);
        expect(found, where).toBeDefined();
        const {op, values} = found!;
        expect(r.target.startsWith('/v1/'), where).toBe(true);
        expect(r.target, where).not.toMatch(/\s/);
        expect(r.headers.get('host'), where).toBe(SANDBOX_HOST);
        expect(r.headers.get('authorization'), where).toBe('Bearer sk_sandbox_...');
        if (IDEMPOTENT.has(op.slug) || op.slug === 'initiate-a-payout') {
          expect(r.headers.get('idempotency-key'), where).toMatch(UUID);
        } else {
          expect(r.headers.has('idempotency-key'), where).toBe(false);
        }
        if (r.rawBody) expect(r.headers.get('content-type'), where).toBe('application/json');
        else expect(r.headers.has('content-type'), where).toBe(false);
        if (r.method === 'GET') expect(r.body, where).toBeUndefined();
        for (const [name, value] of Object.entries(values)) {
          if (/Id$/.test(name)) expect(value, `${where} ${name}`).toMatch(UUID);
        }
        expect(p.prose, `${where} links /api/${op.slug}`).toContain(`](/api/${op.slug})`);
      }
    }
    expect(count).toBeGreaterThanOrEqual(25);
  });

  it('write ids as UUIDs, money as decimal strings, times in UTC and statuses from the lifecycles', () => {
    for (const p of PAGES) {
      for (const fence of p.fences.filter((f) => f.lang === 'json' || f.lang === 'http')) {
        const where = `${p.name} line ${fence.line}`;
        const doc: unknown = fence.lang === 'json' ? JSON.parse(fence.body) : parseHttp(fence).body;
        collect(doc, (key, v, parent) => {
          if ((key === 'id' || /[a-z]Id$/.test(key)) && !NOT_UUID_IDS.has(key) && v !== null) {
            expect(v, `${where} ${key}`).toMatch(UUID);
          }
          if (key === 'amount' && typeof v === 'object' && v !== null) {
            const money = v as Record<string, unknown>;
            expect(typeof money.amount, `${where} amount`).toBe('string');
            expect(money.amount, where).toMatch(/^\d+\.\d+$|^\d+$/);
            expect(['BTC', 'USD', 'EUR', 'GBP'], where).toContain(money.currency);
          }
          if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v)) {
            expect(v, `${where} ${key}`).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
          }
          if (key === 'status' && typeof v === 'string') expect(LIFECYCLE_STATUSES, `${where} status`).toContain(v);
          if (key === 'status' && typeof v === 'number') expect(parent.code, where).toMatch(/^[A-Z_]+$/);
        });
      }
    }
  });

  it('follow each answer with the status the text announces', () => {
    for (const p of PAGES) {
      for (const fence of p.fences) {
        const said = /Kestrel answers `(\d{3}) [^`]+`/.exec(fence.before.split('\n').filter(Boolean).slice(-1)[0] ?? '');
        if (!said || fence.lang !== 'json') continue;
        const body = JSON.parse(fence.body) as Record<string, unknown>;
        if (Number(said[1]) >= 400) expect(body.status, `${p.name} line ${fence.line}`).toBe(Number(said[1]));
      }
    }
  });

  it('embed the example client from its file on the example apps page', () => {
    const blocks = page('example-apps').fences.filter((f) => /(^|\s)file=/.test(f.meta));
    expect(blocks.map((f) => f.meta)).toContainEqual(expect.stringContaining('file=examples/walkthroughs/node/kestrel-client.ts'));
    for (const block of blocks) {
      expect(block.body.trim()).toBe('');
      expect(existsSync(path.join(ROOT, /file=(\S+)/.exec(block.meta)![1]!))).toBe(true);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// The pages against the OpenAPI definition, once it is there
// ---------------------------------------------------------------------------------------------

/** The definition's root; KESTREL_OPENAPI_ROOT points the test at another copy. */
const DEFINITION = process.env.KESTREL_OPENAPI_ROOT ?? path.join(ROOT, 'openapi/openapi.yaml');

type Json = Record<string, unknown>;

/**
 * A copy of a schema in which every object with `properties` rejects names it does not list, so that
 * a misspelt or invented field in a page's example fails instead of passing unnoticed.
 */
function closed(schema: Json): Json {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!node || typeof node !== 'object') return node;
    const copy: Json = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, k === 'examples' || k === 'example' ? v : walk(v)]));
    if (copy.properties && copy.additionalProperties === undefined && copy.unevaluatedProperties === undefined) {
      copy.unevaluatedProperties = false;
    }
    return copy;
  };
  return walk(schema) as Json;
}

/** Reads YAML documents and follows non-schema $refs; schemas keep theirs for Ajv, with $id set to their file. */
class Definition {
  private readonly files = new Map<string, Json>();
  readonly ajv = new Ajv2020({strict: false, allErrors: true, validateFormats: true});
  private compiled = 0;

  constructor(readonly root: string) {
    addFormats(this.ajv);
    const schemasDir = path.join(ROOT, 'openapi/components/schemas');
    if (existsSync(schemasDir)) {
      for (const file of readdirSync(schemasDir).filter((f) => f.endsWith('.yaml'))) {
        const full = path.join(schemasDir, file);
        this.ajv.addSchema({...closed(this.load(full)), $id: pathToFileURL(full).href});
      }
    }
  }

  load(file: string): Json {
    if (!this.files.has(file)) this.files.set(file, parseYaml(readFileSync(file, 'utf8')) as Json);
    return this.files.get(file)!;
  }

  /** Follows `$ref` on a non-schema object; returns it and the file its relative refs resolve against. */
  deref(node: Json, file: string): {node: Json; file: string} {
    let current = node;
    let at = file;
    while (typeof current.$ref === 'string') {
      const [target, pointer] = current.$ref.split('#');
      const next = target ? path.resolve(path.dirname(at), target) : at;
      let doc: unknown = this.load(next);
      for (const part of (pointer ?? '').split('/').filter(Boolean)) {
        doc = (doc as Json)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
      }
      current = doc as Json;
      at = next;
    }
    return {node: current, file: at};
  }

  operation(method: string, opPath: string): {node: Json; file: string} | undefined {
    const paths = this.load(this.root).paths as Json | undefined;
    const item = paths?.[opPath] as Json | undefined;
    if (!item) return undefined;
    const resolved = this.deref(item, this.root);
    const op = resolved.node[method.toLowerCase()] as Json | undefined;
    return op ? {node: op, file: resolved.file} : undefined;
  }

  validate(schema: Json, file: string, value: unknown): string[] {
    const validate = this.ajv.compile({...closed(schema), $id: `${pathToFileURL(file).href}?schema=${++this.compiled}`});
    return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`);
  }

  /** The JSON schema of a request body or of a response with this status. */
  bodySchema(holder: Json | undefined, file: string): {schema: Json; file: string} | undefined {
    if (!holder) return undefined;
    const {node, file: at} = this.deref(holder, file);
    const content = node.content as Json | undefined;
    const media = (content?.['application/json'] ?? content?.['application/problem+json']) as Json | undefined;
    return media?.schema ? {schema: media.schema as Json, file: at} : undefined;
  }
}

describe.skipIf(!existsSync(DEFINITION))('walkthrough pages against the OpenAPI definition', () => {
  const definition = existsSync(DEFINITION) ? new Definition(DEFINITION) : undefined;

  it('define every operation the pages call, with its parameters', () => {
    for (const p of PAGES) {
      for (const r of p.requests) {
        const {op} = findOperation(r.method, r.apiPath)!;
        const where = `${p.name} line ${r.line}: ${r.method} ${r.target}`;
        const found = definition!.operation(r.method, op.path);
        expect(found, where).toBeDefined();
        const params = ((found!.node.parameters as Json[] | undefined) ?? []).map((param) => definition!.deref(param, found!.file).node);
        const queryNames = params.filter((param) => param.in === 'query').map((param) => param.name);
        for (const name of r.query.keys()) expect(queryNames, `${where} query ${name}`).toContain(name);
        for (const param of params.filter((x) => x.in === 'query' && x.required)) {
          expect(r.query.has(param.name as string), `${where} needs ${String(param.name)}`).toBe(true);
        }
        for (const param of params.filter((x) => x.in === 'header' && x.required)) {
          expect(r.headers.has(String(param.name).toLowerCase()), `${where} needs ${String(param.name)}`).toBe(true);
        }
        for (const param of params.filter((x) => x.in === 'query')) {
          const value = r.query.get(param.name as string);
          if (value === null) continue;
          const schema = definition!.deref(param, found!.file);
          // Query values arrive as strings: read an integer parameter as a number.
          const typed = (param.schema as Json).type === 'integer' && /^\d+$/.test(value) ? Number(value) : value;
          expect(definition!.validate(param.schema as Json, schema.file, typed), `${where} ${String(param.name)}`).toEqual([]);
        }
      }
    }
  });

  it('send request bodies that the definition accepts', () => {
    for (const p of PAGES) {
      for (const r of p.requests) {
        const {op} = findOperation(r.method, r.apiPath)!;
        const where = `${p.name} line ${r.line}: ${r.method} ${r.target}`;
        const found = definition!.operation(r.method, op.path)!;
        const body = definition!.bodySchema(found.node.requestBody as Json | undefined, found.file);
        if (r.body === undefined) {
          const required = found.node.requestBody && definition!.deref(found.node.requestBody as Json, found.file).node.required;
          expect(required ?? false, `${where} needs a body`).toBe(false);
          continue;
        }
        expect(body, `${where} takes no body`).toBeDefined();
        expect(definition!.validate(body!.schema, body!.file, r.body), where).toEqual([]);
      }
    }
  });

  it('show answers that the definition describes', () => {
    let checked = 0;
    for (const p of PAGES) {
      let last: HttpRequest | undefined;
      for (const fence of p.fences) {
        if (fence.lang === 'http') last = parseHttp(fence);
        const said = /Kestrel answers `(\d{3}) [^`]+`/.exec(fence.before.split('\n').filter(Boolean).slice(-1)[0] ?? '');
        if (fence.lang !== 'json' || !said || !last) continue;
        const {op} = findOperation(last.method, last.apiPath)!;
        const where = `${p.name} line ${fence.line}: ${said[1]} for ${op.slug}`;
        const found = definition!.operation(last.method, op.path)!;
        const responses = found.node.responses as Json;
        expect(Object.keys(responses), where).toContain(said[1]);
        const schema = definition!.bodySchema(responses[said[1]!] as Json, found.file);
        expect(schema, where).toBeDefined();
        expect(definition!.validate(schema!.schema, schema!.file, JSON.parse(fence.body)), where).toEqual([]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(20);
  });

  it('show events and problems in the shapes the definition gives them', () => {
    const schemas = path.join(ROOT, 'openapi/components/schemas');
    const check = (file: string, value: unknown, where: string) => {
      if (!existsSync(path.join(schemas, file))) return;
      const validate = definition!.ajv.getSchema(pathToFileURL(path.join(schemas, file)).href)!;
      expect(validate(value) ? [] : validate.errors, where).toEqual([]);
    };
    for (const p of PAGES) {
      for (const fence of p.fences.filter((f) => f.lang === 'json')) {
        const doc = JSON.parse(fence.body) as Json;
        if ('eventType' in doc) check('Event.yaml', doc, `${p.name} line ${fence.line}`);
        if ('traceId' in doc) check('Problem.yaml', doc, `${p.name} line ${fence.line}`);
      }
    }
  });
});

// ---------------------------------------------------------------------------------------------
// The example client and apps, against a fake fetch
// ---------------------------------------------------------------------------------------------

interface Call {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

type Answer = {status?: number; body?: unknown; headers?: Record<string, string>};

/** A fetch that records each call and answers from `route(call)`. */
function fakeFetch(route: (call: Call, index: number) => Answer) {
  const calls: Call[] = [];
  const fn = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const call: Call = {
      url: new URL(String(input)),
      method: init?.method ?? 'GET',
      headers: {...(init?.headers as Record<string, string>)},
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const answer = route(call, calls.length - 1);
    const status = answer.status ?? 200;
    const problem = status >= 400;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status,
      headers: {'Content-Type': problem ? 'application/problem+json' : 'application/json', ...answer.headers},
    });
  });
  return {fetch: fn as unknown as typeof fetch, calls};
}

const noSleep = vi.fn(async (_ms: number) => {});

function client(route: (call: Call, index: number) => Answer, options: {sleep?: (ms: number) => Promise<void>} = {}) {
  const fake = fakeFetch(route);
  const kestrel = new KestrelClient({apiKey: 'sk_sandbox_test', fetch: fake.fetch, sleep: options.sleep ?? noSleep, random: () => 0.5});
  return {kestrel, calls: fake.calls};
}

function problem(status: number, code: string, extra: Json = {}): Answer {
  return {
    status,
    body: {type: `urn:kestrel:problem:${code.toLowerCase().replace(/_/g, '-')}`, title: code, status, code, traceId: '4bf92f3577b34da6a3ce929d0e0e4736', ...extra},
  };
}

/** The id in the page's request path for the operation. */
const pathId = (slug: string) => Object.values(findOperation(requestFor(slug).method, requestFor(slug).apiPath)!.values)[0]!;

describe('the example client sends the requests the walkthroughs show', () => {
  const cases: [slug: string, call: (k: KestrelClient, r: HttpRequest) => Promise<unknown>][] = [
    ['issue-invoice', (k, r) => k.issueInvoice(r.body as Parameters<KestrelClient['issueInvoice']>[0])],
    ['issue-quote-for-invoice', (k) => k.issueQuoteForInvoice(pathId('issue-quote-for-invoice'))],
    ['find-invoice-by-id', (k) => k.findInvoiceById(pathId('find-invoice-by-id'))],
    ['cancel-unpaid-invoice', (k) => k.cancelUnpaidInvoice(pathId('cancel-unpaid-invoice'))],
    ['create-lightning-payment-quote', (k, r) => k.createLightningPaymentQuote(r.body as Parameters<KestrelClient['createLightningPaymentQuote']>[0])],
    ['execute-payment-quote', (k) => k.executePaymentQuote(pathId('execute-payment-quote'))],
    ['get-payment-by-id', (k) => k.getPaymentById(pathId('get-payment-by-id'))],
    ['get-currency-exchange-rate-tickers', (k) => k.getCurrencyExchangeRateTickers()],
    ['create-currency-exchange-quote', (k, r) => k.createCurrencyExchangeQuote(r.body as Parameters<KestrelClient['createCurrencyExchangeQuote']>[0])],
    ['execute-currency-exchange-quote', (k) => k.executeCurrencyExchangeQuote(pathId('execute-currency-exchange-quote'))],
    ['get-currency-exchange-quote', (k) => k.getCurrencyExchangeQuote(pathId('get-currency-exchange-quote'))],
    ['get-account-balance-details', (k) => k.getAccountBalanceDetails()],
  ];

  it.each(cases)('%s', async (_slug, call) => {
    const shown = requestFor(_slug);
    const {kestrel, calls} = client(() => ({status: 200, body: {ok: true}}));
    await expect(call(kestrel, shown)).resolves.toEqual({ok: true});
    expect(calls).toHaveLength(1);
    const sent = calls[0]!;
    expect(sent.method).toBe(shown.method);
    expect(sent.url.origin + sent.url.pathname).toBe(`${SANDBOX_BASE_URL}${shown.apiPath}`);
    expect([...sent.url.searchParams]).toEqual([...shown.query]);
    expect(sent.headers.Authorization).toBe('Bearer sk_sandbox_test');
    expect(sent.headers['Idempotency-Key'] !== undefined).toBe(shown.headers.has('idempotency-key'));
    if (sent.headers['Idempotency-Key']) expect(sent.headers['Idempotency-Key']).toMatch(UUID);
    expect(sent.headers['Content-Type']).toBe(shown.headers.get('content-type'));
    expect(sent.body).toEqual(shown.body);
  });

  it('get-payouts, through the generic request with OData query options', async () => {
    const shown = requestFor('get-payouts');
    const {kestrel, calls} = client(() => ({body: {items: [], count: 0}}));
    await kestrel.request('GET', '/payouts', {query: Object.fromEntries(shown.query)});
    const sent = calls[0]!.url.href;
    expect(sent).not.toMatch(/\+/);
    expect(decodeURIComponent(sent)).toBe(decodeURIComponent(`${SANDBOX_BASE_URL}${shown.target.replace(/^\/v1/, '')}`));
  });

  it('generates a new Idempotency-Key for each call, or sends the one given', async () => {
    const {kestrel, calls} = client(() => ({status: 201, body: {}}));
    const body = {amount: {amount: '1.00', currency: 'USD'}};
    await kestrel.issueInvoice(body);
    await kestrel.issueInvoice(body);
    await kestrel.issueInvoice(body, 'order-1042-invoice');
    const keys = calls.map((c) => c.headers['Idempotency-Key']);
    expect(keys[0]).not.toBe(keys[1]);
    expect(keys[2]).toBe('order-1042-invoice');
  });

  it('reads the base URL and key from the environment, and refuses to start without a key', () => {
    vi.stubEnv('KESTREL_API_KEY', 'sk_sandbox_env');
    vi.stubEnv('KESTREL_API_BASE', 'https://api.kestrel.example/v1/');
    try {
      expect(new KestrelClient().baseUrl).toBe('https://api.kestrel.example/v1');
      vi.stubEnv('KESTREL_API_BASE', '');
      expect(new KestrelClient().baseUrl).toBe(SANDBOX_BASE_URL);
      vi.stubEnv('KESTREL_API_KEY', '');
      expect(() => new KestrelClient()).toThrow(/KESTREL_API_KEY/);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe('the example client turns errors into KestrelProblem', () => {
  it('keeps status, code, traceId, detail and validationErrors', async () => {
    const {kestrel} = client(() =>
      problem(422, 'VALIDATION_FAILED', {detail: 'One field is invalid.', validationErrors: {'amount.amount': ['Must be a decimal string.']}}),
    );
    const error = await kestrel.issueInvoice({amount: {amount: '1', currency: 'USD'}}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KestrelProblem);
    expect(error).toMatchObject({
      status: 422,
      code: 'VALIDATION_FAILED',
      traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
      detail: 'One field is invalid.',
      validationErrors: {'amount.amount': ['Must be a decimal string.']},
    });
    expect((error as Error).message).toBe('VALIDATION_FAILED: One field is invalid.');
  });

  it('turns a body that is not JSON into a problem with the HTTP status', async () => {
    const fetch = vi.fn(async () => new Response('<html>Bad gateway</html>', {status: 502, headers: {'Content-Type': 'text/html'}}));
    const kestrel = new KestrelClient({apiKey: 'k', fetch: fetch as unknown as typeof globalThis.fetch, sleep: noSleep, maxRetries: 0});
    const error = (await kestrel.findInvoiceById('416203f4-673f-44ba-b417-8d9b070174ad').catch((e: unknown) => e)) as KestrelProblem;
    expect(error).toBeInstanceOf(KestrelProblem);
    expect(error).toMatchObject({status: 502, code: 'UNKNOWN', traceId: undefined, detail: '<html>Bad gateway</html>'});
  });
});

describe('the example client retries', () => {
  it('a 429 after Retry-After, with jitter, and the same Idempotency-Key', async () => {
    const waits: number[] = [];
    const {kestrel, calls} = client(
      (_call, i) => (i === 0 ? {...problem(429, 'RATE_LIMITED'), headers: {'Retry-After': '2'}} : {status: 201, body: {id: 'x'}}),
      {sleep: async (ms) => void waits.push(ms)},
    );
    await expect(kestrel.issueInvoice({amount: {amount: '5.00', currency: 'USD'}})).resolves.toEqual({id: 'x'});
    expect(calls).toHaveLength(2);
    expect(calls[1]!.headers['Idempotency-Key']).toBe(calls[0]!.headers['Idempotency-Key']);
    expect(calls[1]!.body).toEqual(calls[0]!.body);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(2000);
    expect(waits[0]).toBeLessThan(2000 + 500);
  });

  it('a 503 on a read or an idempotent write, with backoff when there is no Retry-After', async () => {
    const waits: number[] = [];
    const {kestrel, calls} = client((_call, i) => (i < 2 ? problem(503, 'SERVICE_UNAVAILABLE') : {body: {id: 'x'}}), {
      sleep: async (ms) => void waits.push(ms),
    });
    await kestrel.findInvoiceById('416203f4-673f-44ba-b417-8d9b070174ad');
    expect(calls).toHaveLength(3);
    expect(waits).toEqual([250, 500]);
  });

  it('not a 503 on a write without an Idempotency-Key, which may have run', async () => {
    const {kestrel, calls} = client(() => problem(503, 'SERVICE_UNAVAILABLE'));
    await expect(kestrel.cancelUnpaidInvoice('416203f4-673f-44ba-b417-8d9b070174ad')).rejects.toMatchObject({status: 503});
    expect(calls).toHaveLength(1);
  });

  it('a 429 on any write, and gives up after maxRetries', async () => {
    const {kestrel, calls} = client(() => ({...problem(429, 'RATE_LIMITED'), headers: {'Retry-After': '1'}}));
    await expect(kestrel.cancelUnpaidInvoice('416203f4-673f-44ba-b417-8d9b070174ad')).rejects.toMatchObject({status: 429, code: 'RATE_LIMITED'});
    expect(calls).toHaveLength(4);
  });

  it('never a 4xx other than 429', async () => {
    const {kestrel, calls} = client(() => problem(409, 'INVOICE_NOT_CANCELLABLE'));
    await expect(kestrel.cancelUnpaidInvoice('416203f4-673f-44ba-b417-8d9b070174ad')).rejects.toMatchObject({status: 409});
    expect(calls).toHaveLength(1);
  });
});

// ---------------------------------------------------------------------------------------------
// The apps
// ---------------------------------------------------------------------------------------------

const INVOICE_ID = '416203f4-673f-44ba-b417-8d9b070174ad';

function invoice(status: string): Json {
  return {id: INVOICE_ID, status, amount: {amount: '150.00', currency: 'USD'}, expiration: '2026-11-04T14:05:12Z', created: '2026-11-03T14:05:12Z'};
}

function invoiceQuote(n: number, expiration: string): Json {
  return {id: `quote-${n}`, invoiceId: INVOICE_ID, lnInvoice: `lntbs${n}`, expiration, created: '2026-11-03T14:05:12Z'};
}

describe('receive-payment.ts', () => {
  it('issues an invoice, shows a quote, renews it when it expires and returns the invoice once PAID', async () => {
    let now = Date.parse('2026-11-03T14:05:12Z');
    const statuses = ['UNPAID', 'UNPAID', 'PENDING', 'PAID'];
    let quotes = 0;
    const {kestrel, calls} = client((call) => {
      if (call.method === 'POST' && call.url.pathname === '/v1/invoices') return {status: 201, body: invoice('UNPAID')};
      if (call.method === 'POST' && call.url.pathname.endsWith('/quote')) {
        quotes++;
        return {status: 201, body: invoiceQuote(quotes, new Date(now + 60_000).toISOString())};
      }
      return {body: invoice(statuses.shift()!)};
    });
    const shown: string[] = [];
    const result = await receivePayment(kestrel, {
      amount: {amount: '150.00', currency: 'USD'},
      description: 'Order 1042',
      onQuote: (q) => shown.push(q.lnInvoice),
      pollIntervalMs: 70_000,
      sleep: async (ms) => void (now += ms),
      now: () => now,
    });
    expect(result.status).toBe('PAID');
    expect(shown).toEqual(['lntbs1', 'lntbs2']);
    expect(calls[0]!.body).toEqual({amount: {amount: '150.00', currency: 'USD'}, description: 'Order 1042'});
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
      'POST /v1/invoices',
      `POST /v1/invoices/${INVOICE_ID}/quote`,
      `GET /v1/invoices/${INVOICE_ID}`,
      `GET /v1/invoices/${INVOICE_ID}`,
      `POST /v1/invoices/${INVOICE_ID}/quote`,
      `GET /v1/invoices/${INVOICE_ID}`,
      `GET /v1/invoices/${INVOICE_ID}`,
    ]);
  });

  it('cancels the invoice when nobody pays it in time', async () => {
    let now = 0;
    const {kestrel, calls} = client((call) => {
      if (call.method === 'POST' && call.url.pathname === '/v1/invoices') return {status: 201, body: invoice('UNPAID')};
      if (call.method === 'POST') return {status: 201, body: invoiceQuote(1, '2099-01-01T00:00:00Z')};
      if (call.method === 'PATCH') return {body: invoice('CANCELLED')};
      return {body: invoice('UNPAID')};
    });
    const result = await receivePayment(kestrel, {
      amount: {amount: '150.00', currency: 'USD'},
      timeoutMs: 10_000,
      pollIntervalMs: 5_000,
      sleep: async (ms) => void (now += ms),
      now: () => now,
    });
    expect(result.status).toBe('CANCELLED');
    expect(calls.at(-1)!.method).toBe('PATCH');
    expect(calls.at(-1)!.url.pathname).toBe(`/v1/invoices/${INVOICE_ID}/cancel`);
  });

  it('reads the invoice again when it was paid just before the cancel', async () => {
    let now = 0;
    const statuses = ['UNPAID', 'UNPAID', 'PENDING'];
    const {kestrel, calls} = client((call) => {
      if (call.method === 'POST' && call.url.pathname === '/v1/invoices') return {status: 201, body: invoice('UNPAID')};
      if (call.method === 'POST') return {status: 201, body: invoiceQuote(1, '2099-01-01T00:00:00Z')};
      if (call.method === 'PATCH') return problem(409, 'INVOICE_NOT_CANCELLABLE');
      return {body: invoice(statuses.shift()!)};
    });
    const result = await receivePayment(kestrel, {
      amount: {amount: '150.00', currency: 'USD'},
      timeoutMs: 10_000,
      pollIntervalMs: 10_000,
      sleep: async (ms) => void (now += ms),
      now: () => now,
    });
    expect(result.status).toBe('PENDING');
    expect(calls.map((c) => c.method)).toEqual(['POST', 'POST', 'GET', 'GET', 'PATCH', 'GET']);
  });
});

const QUOTE_ID = '1f668a9b-ad0b-493f-a9c4-9c13dcc217a6';
const PAYMENT_ID = '6443c564-32c3-48bd-9aa1-666704602320';

function payment(status: string): Json {
  return {id: PAYMENT_ID, quoteId: QUOTE_ID, status};
}

describe('send-payment.ts', () => {
  it('quotes, executes and follows the payment until it is final', async () => {
    const statuses = ['PENDING', 'COMPLETED'];
    const {kestrel, calls} = client((call) => {
      if (call.url.pathname === '/v1/payment-quotes/lightning') return {status: 201, body: {id: QUOTE_ID}};
      if (call.url.pathname.endsWith('/execute')) return {status: 201, body: payment('PENDING')};
      return {body: payment(statuses.shift()!)};
    });
    const result = await payLightningInvoice(kestrel, {lnInvoice: 'lntbs500u1pexample', sourceCurrency: 'USD'});
    expect(result.status).toBe('COMPLETED');
    expect(calls[0]!.body).toEqual({lnInvoice: 'lntbs500u1pexample', sourceCurrency: 'USD'});
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
      'POST /v1/payment-quotes/lightning',
      `POST /v1/payment-quotes/${QUOTE_ID}/execute`,
      `GET /v1/payments/${PAYMENT_ID}`,
      `GET /v1/payments/${PAYMENT_ID}`,
    ]);
  });

  it('replaces an expired quote once, with new Idempotency-Keys', async () => {
    let executes = 0;
    const {kestrel, calls} = client((call) => {
      if (call.url.pathname === '/v1/payment-quotes/lightning') return {status: 201, body: {id: QUOTE_ID}};
      if (call.url.pathname.endsWith('/execute')) return ++executes === 1 ? problem(422, 'QUOTE_EXPIRED') : {status: 201, body: payment('COMPLETED')};
      return {body: payment('COMPLETED')};
    });
    await expect(payLightningInvoice(kestrel, {lnInvoice: 'lntbs1', sourceCurrency: 'BTC'})).resolves.toMatchObject({status: 'COMPLETED'});
    const keys = calls.map((c) => c.headers['Idempotency-Key']);
    expect(new Set(keys).size).toBe(4);
  });

  it('gives up on a second expired quote and passes other errors on', async () => {
    const expired = client((call) =>
      call.url.pathname.endsWith('/execute') ? problem(422, 'QUOTE_EXPIRED') : {status: 201, body: {id: QUOTE_ID}},
    );
    await expect(payLightningInvoice(expired.kestrel, {lnInvoice: 'lntbs1', sourceCurrency: 'BTC'})).rejects.toMatchObject({code: 'QUOTE_EXPIRED'});
    expect(expired.calls).toHaveLength(4);

    const poor = client((call) =>
      call.url.pathname.endsWith('/execute') ? problem(422, 'INSUFFICIENT_FUNDS') : {status: 201, body: {id: QUOTE_ID}},
    );
    await expect(payLightningInvoice(poor.kestrel, {lnInvoice: 'lntbs1', sourceCurrency: 'BTC'})).rejects.toMatchObject({
      status: 422,
      code: 'INSUFFICIENT_FUNDS',
    });
    expect(poor.calls).toHaveLength(2);
  });
});

describe('exchange-currency.ts', () => {
  it('reads the ticker, creates and executes a quote, waits for it and reads the two balances', async () => {
    const quoteId = '634ecc7c-c772-4146-8cf8-5b7fdd4c0884';
    const statuses = ['PENDING', 'COMPLETED'];
    const {kestrel, calls} = client((call) => {
      const p = call.url.pathname;
      if (p === '/v1/rates/ticker') {
        const ticker = (base: string, quote: string, mid: string) => ({baseCurrency: base, quoteCurrency: quote, bid: mid, ask: mid, mid, updated: '2026-11-03T16:19:58Z'});
        return {body: {items: [ticker('BTC', 'EUR', '89410.00'), ticker('BTC', 'USD', '97250.00')], count: 2}};
      }
      if (p === '/v1/currency-exchange-quotes') return {status: 201, body: {id: quoteId, status: 'NEW'}};
      if (p.endsWith('/execute')) return {body: {id: quoteId, status: 'PENDING'}};
      if (p === '/v1/account/balances') {
        return {
          body: {
            items: ['BTC', 'USD', 'EUR'].map((currency) => {
              const money = {amount: '1.00', currency};
              return {currency, available: money, pending: {amount: '0.00', currency}, total: money, updated: '2026-11-03T16:20:12Z'};
            }),
            count: 3,
          },
        };
      }
      return {body: {id: quoteId, status: statuses.shift()}};
    });
    const result = await exchangeCurrency(kestrel, {sourceCurrency: 'USD', targetCurrency: 'BTC', amount: '500.00'});
    expect(result.ticker?.mid).toBe('97250.00');
    expect(result.quote.status).toBe('COMPLETED');
    expect(result.balances.map((b) => b.currency)).toEqual(['BTC', 'USD']);
    expect(calls[1]!.body).toEqual(requestFor('create-currency-exchange-quote').body);
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
      'GET /v1/rates/ticker',
      'POST /v1/currency-exchange-quotes',
      `POST /v1/currency-exchange-quotes/${quoteId}/execute`,
      `GET /v1/currency-exchange-quotes/${quoteId}`,
      `GET /v1/currency-exchange-quotes/${quoteId}`,
      'GET /v1/account/balances',
    ]);
  });
});
