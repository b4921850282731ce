/**
 * Every request the guides show is one the OpenAPI definition accepts, and every answer they
 * announce is one it describes. Covers the 20 guides under docs/ and the hand-written API reference
 * introduction (api/introduction.mdx):
 *
 * - each ```http request and each curl command to a Kestrel API host matches an operation (method
 *   and path template); its path, query and header parameters and its JSON body validate against
 *   the definition, with closed schemas so that an invented field fails; the Idempotency-Key is
 *   there exactly where the definition requires it; keys match the environment of the host;
 * - each answer announced as "Kestrel answers `NNN ...`:" (and each `HTTP/1.1 NNN` status block)
 *   is a response of that operation, and its headers and body validate against it;
 * - webhook deliveries and events, problems, ids, money and times have the definition's shapes;
 * - the operations, error codes, scopes and event types the prose names exist in the definition.
 */
import {describe, it, expect} from 'vitest';
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {parse as parseYaml} from 'yaml';
import {AMOUNT_ENDINGS} from '../../sandbox/test-inputs';
import {PAY_AFTER_SECONDS} from '../../sandbox/timings.ts';
import {
  API_INTRODUCTION,
  GUIDE_FILES,
  ROOT,
  UUID,
  checkAnswer,
  checkApiRequest,
  checkDelivery,
  definition,
  exchangesOf,
  isApiRequest,
  isEmbed,
  isRequest,
  parseHttp,
  readPage,
  type Page,
} from './guide-http';

const def = definition();
const PAGES = [...GUIDE_FILES, API_INTRODUCTION].map(readPage);
const EXCHANGES = new Map(PAGES.map((p) => [p.file, exchangesOf(p)]));
const cases = PAGES.map((p) => [p.file, p] as const);

/** The OAuth server, whose endpoints the definition names in its oauth2 security scheme. */
const AUTH_HOST = 'auth.kestrel.example';

describe('the pages this suite reads', () => {
  it('are the 20 guides and the API reference introduction', () => {
    expect(GUIDE_FILES).toHaveLength(20);
    expect(PAGES.map((p) => p.file)).toContain('api/introduction.mdx');
  });

  it('show many requests and answers, all of them read by this suite', () => {
    const all = [...EXCHANGES.values()];
    const requests = all.flatMap((e) => e.requests);
    expect(requests.filter(isApiRequest).length).toBeGreaterThanOrEqual(60);
    expect(all.flatMap((e) => e.answers).length).toBeGreaterThanOrEqual(45);
    // Every ```http block is a request or a header fragment that the checks below see.
    const httpBlocks = PAGES.flatMap((p) => p.fences.filter((f) => f.lang === 'http')).length;
    expect(requests.filter((r) => r.via === 'http').length + all.flatMap((e) => e.fragments).length).toBe(httpBlocks);
  });
});

describe('requests shown in the guides', () => {
  it.each(cases)('%s: every request is one the definition accepts', (_file, p) => {
    const errors: string[] = [];
    const {requests, fragments} = EXCHANGES.get(p.file)!;
    for (const r of requests) {
      const where = `line ${r.line}: ${r.method} ${r.host}${r.target}`;
      if (isApiRequest(r)) {
        errors.push(...checkApiRequest(def, r).map((e) => `${where}: ${e}`));
      } else if (r.headers.has('kestrel-signature')) {
        // A webhook delivery to your endpoint.
        if (r.method !== 'POST') errors.push(`${where}: a delivery is a POST`);
        errors.push(...checkDelivery(def, r.headers, r.body).map((e) => `${where}: ${e}`));
      } else if (r.host === AUTH_HOST) {
        const flow = def.oauthFlow();
        const known = [flow.authorizationUrl, flow.tokenUrl, flow.refreshUrl ?? flow.tokenUrl].map(
          (u) => new URL(u).pathname,
        );
        // Revocation (RFC 7009) has no field in an OpenAPI security scheme; the guide documents it.
        if (!known.includes(r.pathname) && r.pathname !== '/oauth2/revoke')
          errors.push(`${where}: not an OAuth endpoint of the definition`);
      } else {
        errors.push(`${where}: neither a Kestrel API request nor a webhook delivery`);
      }
    }
    for (const f of fragments) {
      for (const name of f.headers.keys()) {
        if (name !== 'kestrel-signature') errors.push(`line ${f.line}: header ${name} shown on its own`);
      }
      errors.push(...checkDelivery(def, f.headers, undefined).map((e) => `line ${f.line}: ${e}`));
    }
    expect(errors).toEqual([]);
  });

  it.each(cases.filter(([file]) => file !== API_INTRODUCTION))(
    '%s: links the API reference page of each operation it calls',
    (_file, p) => {
      const missing = EXCHANGES.get(p.file)!
        .requests.filter(isApiRequest)
        .map((r) => def.findOperation(r.method, r.apiPath)?.op.slug)
        .filter((slug): slug is string => Boolean(slug) && !p.prose.includes(`](/api/${slug})`));
      expect([...new Set(missing)]).toEqual([]);
    },
  );
});

describe('answers shown in the guides', () => {
  it.each(cases)('%s: every announced answer is a response of the operation, with its headers and body', (_file, p) => {
    const {answers, mismatches} = EXCHANGES.get(p.file)!;
    const errors = [...mismatches];
    for (const a of answers) {
      if (!a.request) errors.push(`line ${a.line}: an answer with no request before it`);
      else if (isApiRequest(a.request))
        errors.push(
          ...checkAnswer(def, a).map(
            (e) => `line ${a.line}: ${a.status} to ${a.request!.method} ${a.request!.target}: ${e}`,
          ),
        );
    }
    expect(errors).toEqual([]);
  });

  it.each(cases)('%s: every answer right after a request is announced, so that it is checked', (_file, p) => {
    expect(
      EXCHANGES.get(p.file)!.unannounced.map(
        (u) =>
          `line ${u.line}: the answer to ${u.request.method} ${u.request.target} needs "Kestrel answers \`NNN ...\`:" before it`,
      ),
    ).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Shapes: events, problems, ids, money, times
// ---------------------------------------------------------------------------------------------

/** Every JSON document a page shows: ```json blocks and request bodies. */
function jsonDocuments(p: Page): {line: number; doc: unknown}[] {
  const out: {line: number; doc: unknown}[] = [];
  for (const fence of p.fences.filter((f) => !isEmbed(f))) {
    if (fence.lang === 'json') out.push({line: fence.line, doc: JSON.parse(fence.body)});
    if (fence.lang === 'http') {
      const m = parseHttp(fence);
      if (isRequest(m) && m.body !== undefined) out.push({line: fence.line, doc: m.body});
    }
  }
  return out;
}

function collect(value: unknown, visit: (key: string, v: unknown, parent: Record<string, unknown>) => void): void {
  if (Array.isArray(value)) value.forEach((v) => collect(v, visit));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      visit(k, v, value as Record<string, unknown>);
      collect(v, visit);
    }
  }
}

/** code -> title, from the problem examples of the definition: a title never changes for a code. */
const PROBLEM_TITLES = new Map<string, string>();
for (const file of readdirSync(path.join(ROOT, 'openapi/components/examples')).filter((f) => f.endsWith('.yaml'))) {
  const value = (
    parseYaml(readFileSync(path.join(ROOT, 'openapi/components/examples', file), 'utf8')) as {
      value?: Record<string, unknown>;
    }
  ).value;
  if (value && typeof value.code === 'string' && typeof value.title === 'string' && 'traceId' in value)
    PROBLEM_TITLES.set(value.code, value.title);
}
const ERROR_STATUS = def.errorStatuses();
const EVENT = def.schema('Event');
const PROBLEM = def.schema('Problem');

/** Id fields that are not Kestrel resource ids: a W3C trace id and a Lightning node's public key. */
const NOT_UUID_IDS = new Set(['traceId', 'payeeNodeId']);
const OAUTH_FIELDS = new Set([
  'access_token',
  'refresh_token',
  'token_type',
  'expires_in',
  'scope',
  'error',
  'error_description',
]);

describe('documents shown in the guides', () => {
  it.each(cases)('%s: events and problems have the shapes of the definition', (_file, p) => {
    const errors: string[] = [];
    for (const {line, doc} of jsonDocuments(p)) {
      collect({doc}, (_key, v) => {
        if (!v || typeof v !== 'object' || Array.isArray(v)) return;
        const o = v as Record<string, unknown>;
        if ('eventType' in o) errors.push(...EVENT(o).map((e) => `line ${line}: event ${e}`));
        if ('traceId' in o) {
          errors.push(...PROBLEM(o).map((e) => `line ${line}: problem ${e}`));
          const code = String(o.code);
          if (o.type !== `urn:kestrel:problem:${code.toLowerCase().replace(/_/g, '-')}`)
            errors.push(`line ${line}: type ${String(o.type)} for ${code}`);
          if (ERROR_STATUS.has(code) && o.status !== ERROR_STATUS.get(code))
            errors.push(`line ${line}: ${code} is a ${ERROR_STATUS.get(code)}, not ${String(o.status)}`);
          if (PROBLEM_TITLES.has(code) && o.title !== PROBLEM_TITLES.get(code))
            errors.push(
              `line ${line}: the title of ${code} is "${PROBLEM_TITLES.get(code)}", not "${String(o.title)}"`,
            );
          if (typeof o.instance === 'string') {
            // The path of the request that failed: an operation there must have an answer with this status.
            const apiPath = decodeURIComponent(o.instance.replace(/^\/v1(?=\/)/, ''));
            const there = def.operations.filter((op) => op.pattern.test(apiPath));
            if (!o.instance.startsWith('/v1/') || !there.length)
              errors.push(`line ${line}: instance ${o.instance} is no operation's path`);
            else if (!there.some((op) => String(o.status) in ((op.node.responses ?? {}) as object))) {
              errors.push(`line ${line}: no operation at ${o.instance} answers ${String(o.status)}`);
            }
          }
        }
      });
    }
    expect(errors).toEqual([]);
  });

  it.each(cases)('%s: ids are UUIDs, money is a decimal string and a currency, times are UTC', (_file, p) => {
    const errors: string[] = [];
    for (const {line, doc} of jsonDocuments(p)) {
      collect(doc, (key, v) => {
        if (OAUTH_FIELDS.has(key)) return;
        if ((key === 'id' || /[a-z]Id$/.test(key)) && !NOT_UUID_IDS.has(key) && v !== null && !UUID.test(String(v)))
          errors.push(`line ${line}: ${key} ${String(v)} is not a UUID`);
        if (v && typeof v === 'object' && !Array.isArray(v) && 'currency' in v && 'amount' in v) {
          const money = v as Record<string, unknown>;
          if (typeof money.amount !== 'string' || !/^(0|[1-9]\d*)(\.\d{1,8})?$/.test(money.amount))
            errors.push(`line ${line}: ${key} amount ${String(money.amount)} is not a decimal string`);
          else if (money.currency !== 'BTC' && /\.\d{3,}$/.test(money.amount))
            errors.push(`line ${line}: ${key} ${money.amount} ${String(money.currency)} has more than 2 decimals`);
          if (!['BTC', 'USD', 'EUR', 'GBP'].includes(String(money.currency)))
            errors.push(`line ${line}: ${key} currency ${String(money.currency)}`);
        }
        if (
          typeof v === 'string' &&
          /^\d{4}-\d{2}-\d{2}T/.test(v) &&
          !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(v)
        )
          errors.push(`line ${line}: ${key} ${v} is not RFC 3339 UTC`);
      });
    }
    expect(errors).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// What the prose names: operations, error codes, scopes, event types
// ---------------------------------------------------------------------------------------------

const METHOD_PATH = /\b(GET|POST|PATCH|PUT|DELETE) (\/[^\s`,)]*)/;
const VERIFIER_CODES = new Set(
  (
    JSON.parse(readFileSync(path.join(ROOT, 'examples/webhooks/vectors.json'), 'utf8')) as {
      vectors: {expected: string}[];
    }
  ).vectors.map((v) => v.expected),
);
const ERROR_CODES = new Set(def.enumOf('ErrorCode'));
const EVENT_TYPES = new Set(def.enumOf('EventType'));
const SCOPES = new Set(def.scopes());

/** An operation that a `METHOD /path` mention names: a template must be the definition's, to the letter. */
/** The sandbox's own controls (`/_sandbox/...`), as their description lists them: method and path template. */
const CONTROLS = Object.entries(
  parseYaml(readFileSync('workflows/sandbox-controls.openapi.yaml', 'utf8')).paths as Record<string, object>,
).flatMap(([template, item]) => Object.keys(item).map((m) => ({method: m.toUpperCase(), template})));

function controlError(method: string, apiPath: string): string | undefined {
  const matches = ({template}: {template: string}) =>
    new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(apiPath) || template === apiPath;
  if (CONTROLS.some((c) => c.method === method && matches(c))) return undefined;
  return `${method} ${apiPath} is not a control of workflows/sandbox-controls.openapi.yaml`;
}

function mentionError(method: string, target: string): string | undefined {
  const [apiPath, query] = target.split('?') as [string, string | undefined];
  if (apiPath.startsWith('/_sandbox/')) return controlError(method, apiPath);
  const op = apiPath.includes('{')
    ? def.operations.find((o) => o.method === method && o.path === apiPath)
    : def.findOperation(method, apiPath)?.op;
  if (!op) return `${method} ${target} is not an operation of the definition`;
  for (const name of new URLSearchParams(query ?? '').keys()) {
    if (!op.parameters.some((p) => p.node.in === 'query' && p.node.name === name))
      return `${method} ${target}: ${op.slug} has no query parameter ${name}`;
  }
  return undefined;
}

/** The cells of the columns whose header is `code`, in every table of a page. */
function codeColumnCells(prose: string): {code: string; status?: string}[] {
  const out: {code: string; status?: string}[] = [];
  const lines = prose.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i]!.startsWith('|') || !lines[i + 1]?.startsWith('| ---')) continue;
    const header = lines[i]!.split('|').map((c) => c.trim());
    const codeCol = header.indexOf('`code`');
    const statusCol = header.indexOf('Status');
    for (let j = i + 2; j < lines.length && lines[j]!.startsWith('|'); j++) {
      const cells = lines[j]!.split('|').map((c) => c.trim());
      if (codeCol >= 0) {
        for (const [, code] of cells[codeCol]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) {
          out.push({code: code!, status: statusCol >= 0 ? /`?(\d{3})`?/.exec(cells[statusCol]!)?.[1] : undefined});
        }
      }
    }
  }
  return out;
}

describe('what the guides name', () => {
  it.each(cases)(
    '%s: every `METHOD /path` in the prose and every request in a sequence diagram is an operation',
    (_file, p) => {
      const errors: string[] = [];
      for (const [, span] of p.prose.matchAll(/`([^`\n]+)`/g)) {
        const m = new RegExp(`^${METHOD_PATH.source}$`).exec(span!);
        if (m) {
          const error = mentionError(m[1]!, m[2]!);
          if (error) errors.push(error);
        }
      }
      for (const fence of p.fences.filter((f) => f.lang === 'mermaid')) {
        for (const line of fence.body.split('\n')) {
          const m = /->>?[^:]+:\s*(?:(GET|POST|PATCH|PUT|DELETE) (\/\S*))/.exec(line);
          if (!m || m[2]!.startsWith('/oauth2/')) continue;
          const error = mentionError(m[1]!, m[2]!);
          if (error) errors.push(`diagram line ${fence.line}: ${error}`);
        }
      }
      // A link to an operation followed by its method and path: the pair must agree.
      for (const [, slug, method, opPath] of p.prose.matchAll(
        /\]\(\/api\/([a-z0-9-]+)\)[,\s(]*`(GET|POST|PATCH|PUT|DELETE) ([^`\s?]+)/g,
      )) {
        const op = def.bySlug(slug!);
        if (op && (op.method !== method || op.path !== opPath))
          errors.push(`/api/${slug} is ${op.method} ${op.path}, not ${method} ${opPath}`);
      }
      expect(errors).toEqual([]);
    },
  );

  it.each(cases)(
    '%s: every error code, scope and event type it names exists, with the status of its code',
    (_file, p) => {
      const errors: string[] = [];
      const prose = p.prose.replace(/"[^"\n]*"/g, (q) => (q.includes('`') ? q : '""'));
      for (const [, code] of prose.matchAll(/\bcodes? `([A-Z][A-Z0-9_]+)`/g)) {
        if (!ERROR_CODES.has(code!) && !VERIFIER_CODES.has(code!)) errors.push(`code ${code} is not in ErrorCode`);
      }
      for (const {code, status} of codeColumnCells(p.prose)) {
        if (!ERROR_CODES.has(code) && !VERIFIER_CODES.has(code)) errors.push(`table code ${code} is not in ErrorCode`);
        else if (status && ERROR_STATUS.has(code) && Number(status) !== ERROR_STATUS.get(code))
          errors.push(`table: ${code} is a ${ERROR_STATUS.get(code)}, not ${status}`);
      }
      // "answers `422` with code `LIMIT_EXCEEDED`": one status and its codes in one sentence.
      for (const sentence of p.prose.split(/(?<=[.:;])\s+|\n/)) {
        const statuses = [...sentence.matchAll(/`(\d{3})(?: [A-Za-z ]+)?`/g)].map((m) => Number(m[1]));
        if (new Set(statuses).size !== 1) continue;
        for (const [, code] of sentence.matchAll(/\bcodes? `([A-Z][A-Z0-9_]+)`/g)) {
          if (ERROR_STATUS.has(code!) && ERROR_STATUS.get(code!) !== statuses[0])
            errors.push(`"${sentence.trim()}": ${code} is a ${ERROR_STATUS.get(code!)}`);
        }
      }
      for (const [, scope] of p.prose.matchAll(/`(partner\.[a-z.-]+)`/g)) {
        if (!SCOPES.has(scope!)) errors.push(`scope ${scope} is not defined`);
      }
      const source =
        p.fences
          .filter((f) => f.lang !== 'mermaid')
          .map((f) => f.body)
          .join('\n') + p.prose;
      for (const [, type] of source.matchAll(
        /(?<![\w.@/-])((?:invoice|receive-request|payout|payment|currency-exchange-quote|deposit)\.[a-z]+(?:-[a-z]+)*)(?![\w@/-]|\.[a-z])/g,
      )) {
        if (!EVENT_TYPES.has(type!)) errors.push(`event type ${type} is not in EventType`);
      }
      expect(errors).toEqual([]);
    },
  );

  it("the sandbox timing and test amounts are the definition's", () => {
    const info = String((def.root.info as Record<string, unknown>).description);
    const timing = `a simulated customer pays each invoice about ${PAY_AFTER_SECONDS} seconds after you issue a quote`;
    expect(info).toContain(timing);
    const sandbox = PAGES.find((p) => p.file === 'docs/sandbox.md')!;
    const row = (ending: string) =>
      sandbox.prose.split('\n').find((l) => l.startsWith(`| Ends in \`${ending}\``)) ?? '';
    const {expires, fails} = AMOUNT_ENDINGS;
    // The line of the definition's introduction that names the ending, and what it says after it.
    const after = (ending: string) => info.split(`\`${ending}\``).slice(1).join('').split('\n')[0] ?? '';
    expect(after(expires)).toMatch(/`CANCELLED` with `cancellationReason` `EXPIRED`/);
    expect(row(expires)).toMatch(/`CANCELLED` with `cancellationReason` `EXPIRED`/);
    expect(after(fails)).toMatch(/fails[^\n]*stays `UNPAID`/);
    expect(row(fails)).toMatch(/fails[^|]*stays `UNPAID`/);
    // Said once, on the sandbox page; the other guides link there instead of repeating it.
    const mentions = PAGES.flatMap((p) =>
      p.prose
        .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
        .split(/(?<=\.)\s+|\n/)
        .filter((s) => /seconds after/.test(s))
        .map((s) => `${p.file}: ${s}`),
    );
    expect(mentions).toEqual([`docs/sandbox.md: In the sandbox, ${timing} for it.`]);
  });

  it('say no sentence of twelve words or more word for word on two pages: one page says it, the others link', () => {
    const pagesOf = new Map<string, Set<string>>();
    for (const p of PAGES) {
      const text = p.prose.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/^\|.*$/gm, '');
      for (const sentence of text.split(/(?<=[.!?])\s+|\n/).map((s) => s.trim())) {
        if (sentence.split(/\s+/).length < 12) continue;
        pagesOf.set(sentence, (pagesOf.get(sentence) ?? new Set()).add(p.file));
      }
    }
    expect(
      [...pagesOf]
        .filter(([, files]) => files.size >= 2)
        .map(([sentence, files]) => `${[...files].join(', ')}: ${sentence}`),
    ).toEqual([]);
  });

  it('every webhookVersion in the guides and the examples is one the definition has', () => {
    const versions = new Set(def.enumOf('WebhookVersion'));
    const files = [
      ...PAGES.map((p) => p.file),
      ...(readdirSync(path.join(ROOT, 'examples'), {recursive: true}) as string[])
        .map((f) => `examples/${f}`)
        .filter((f) => /\.(ts|mjs|js|go|py|json|sh|md)$/.test(f)),
    ];
    let seen = 0;
    for (const file of files) {
      const source = readFileSync(path.join(ROOT, file), 'utf8');
      for (const [, version] of source.matchAll(/webhookVersion\\?["']?\s*[:=]\s*\\?["'](\d{4}-\d{2}-\d{2})/g)) {
        seen++;
        expect(versions.has(version!), `${file}: webhookVersion ${version}`).toBe(true);
      }
    }
    expect(seen).toBeGreaterThanOrEqual(5);
  });

  it('the authorization guide lists every scope once, with the operations that need it', () => {
    const page = PAGES.find((p) => p.file === 'docs/api-keys/authorization.md')!;
    const rows = page.prose.split('\n').filter((l) => /^\| `partner\./.test(l));
    const listed = new Map<string, string[]>();
    for (const row of rows) {
      const scope = /^\| `([^`]+)`/.exec(row)![1]!;
      expect(listed.has(scope), scope).toBe(false);
      listed.set(scope, [...row.matchAll(/\(\/api\/([a-z0-9-]+)\)/g)].map((m) => m[1]!).sort());
    }
    const expected = new Map<string, string[]>();
    for (const op of def.operations) expected.set(op.scope!, [...(expected.get(op.scope!) ?? []), op.slug].sort());
    expect(Object.fromEntries(listed)).toEqual(Object.fromEntries(expected));
    expect(SCOPES.size).toBe(expected.size);
    const claimed = /all (\d+) scopes/.exec(String(page.frontMatter.description))?.[1];
    if (claimed) expect(Number(claimed)).toBe(SCOPES.size);
  });
});
