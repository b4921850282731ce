/**
 * Shared by the guide suites (guide-*.test.ts and walkthrough-examples.test.ts): reads the guide
 * pages, their fenced blocks, the requests they show (```http blocks and curl commands) and the
 * answers they announce ("Kestrel answers `201 Created`:"), and checks them against the OpenAPI
 * definition (the bundle the site and the sandbox read), its references followed by the definition
 * model, its schemas validated with Ajv.
 *
 * Schemas are closed for the check: an object with `properties` rejects any name it does not list,
 * so an invented or misspelt field fails. `readOnly` properties are neither required nor allowed in
 * a request, and `writeOnly` ones neither required nor allowed in an answer.
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {parse as parseYaml} from 'yaml';
import Ajv2020, {type ValidateFunction} from 'ajv/dist/2020';
import {resolveCodeFile} from '../../plugins/remark-code-file';
import {renderFacts} from '../../plugins/prose-facts/render.ts';
import {expandPartials} from '../../plugins/rendered-partials/partials.ts';
import addFormats from 'ajv-formats';
import {
  BUNDLED_DEFINITION,
  buildDefinition,
  errorStatus,
  pointerOf,
  readDefinition,
  resolve,
  slugOf,
  type JsonObject,
} from '../../definition/index.ts';

export const ROOT = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
// The local sandbox (`npm run sandbox`, docs/sandbox.md) serves the same API on this machine.
export const API_HOSTS = {
  production: 'api.kestrel.example',
  sandbox: 'api.sandbox.kestrel.example',
  local: '127.0.0.1',
} as const;
const API_HOST_NAMES = new Set<string>(Object.values(API_HOSTS));

type Json = Record<string, unknown>;

// ---------------------------------------------------------------------------------------------
// Pages and their fenced blocks
// ---------------------------------------------------------------------------------------------

export interface Fence {
  lang: string;
  meta: string;
  body: string;
  /** The prose between the previous fence and this one. */
  before: string;
  /** 1-based line of the opening fence in the file. */
  line: number;
}

export interface Page {
  /** Path from the site root, such as `docs/walkthrough/receiving-payments.md`. */
  file: string;
  /** Path under docs/ (or api/) without the extension, such as `walkthrough/receiving-payments`. */
  id: string;
  source: string;
  frontMatter: Record<string, unknown>;
  /** Markdown outside fenced blocks, front matter, MDX imports and JSX tags. */
  prose: string;
  fences: Fence[];
}

export function readFences(markdown: string, firstLine = 1): {fences: Fence[]; prose: string} {
  const lines = markdown.split('\n');
  const fences: Fence[] = [];
  const proseLines: string[] = [];
  let open: {lang: string; meta: string; start: number; body: string[]; before: string; ticks: string} | undefined;
  let sinceLast: string[] = [];
  lines.forEach((line, i) => {
    if (!open) {
      const start = /^ {0,3}(`{3,})(\S*)\s*(.*)$/.exec(line);
      if (start) {
        open = {
          ticks: start[1]!,
          lang: start[2]!,
          meta: start[3]!,
          start: firstLine + i,
          body: [],
          before: sinceLast.join('\n'),
        };
        return;
      }
      sinceLast.push(line);
      proseLines.push(line);
    } else if (new RegExp(`^ {0,3}${open.ticks}\\s*$`).test(line)) {
      const indent = Math.min(...open.body.filter((l) => l.trim()).map((l) => /^ */.exec(l)![0].length), 3);
      fences.push({
        lang: open.lang,
        meta: open.meta,
        body: open.body.map((l) => l.slice(Math.min(indent, /^ */.exec(l)![0].length))).join('\n'),
        before: open.before,
        line: open.start,
      });
      open = undefined;
      sinceLast = [];
    } else {
      open.body.push(line);
    }
  });
  if (open) throw new Error(`unclosed fence at line ${open.start}`);
  return {fences, prose: proseLines.join('\n')};
}

export function readPage(file: string): Page {
  // The page as readers get it: its `%fact:NAME%` tokens rendered from their sources, and its
  // `<RenderedMarkdown of="NAME" />` lines replaced by the parts rendered from theirs.
  const source = expandPartials(renderFacts(readFileSync(path.join(ROOT, file), 'utf8'), file), file);
  const fm = /^---\n([\s\S]*?)\n---\n/.exec(source);
  if (!fm) throw new Error(`${file}: no front matter`);
  const firstLine = fm[0].split('\n').length;
  const {fences, prose} = readFences(source.slice(fm[0].length), firstLine);
  // Docusaurus reads .md as MDX too (markdown.format defaults to mdx), so either may import Tabs.
  return {
    file,
    id: file.replace(/^(docs|api)\//, (_m, dir: string) => (dir === 'api' ? 'api/' : '')).replace(/\.mdx?$/, ''),
    source,
    frontMatter: parseYaml(fm[1]!) as Record<string, unknown>,
    prose: prose
      .split('\n')
      .filter((l) => !/^(import|export) /.test(l) && !/^\s*<\/?[A-Za-z][^>]*>\s*$/.test(l))
      .join('\n'),
    fences,
  };
}

function walk(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), {withFileTypes: true})
    .flatMap((e) => (e.isDirectory() ? walk(`${dir}/${e.name}`) : /\.mdx?$/.test(e.name) ? [`${dir}/${e.name}`] : []))
    .sort();
}

/** The 20 guide pages: docs/**\/*.md and *.mdx, as paths from the site root. */
export const GUIDE_FILES = walk('docs');
/** The hand-written introduction of the API reference, which shows a request too. */
export const API_INTRODUCTION = 'api/introduction.mdx';

/** Words of prose: Markdown outside fenced blocks, without link targets, HTML or table rules. */
export function proseWords(page: Page): number {
  return page.prose
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/<[^>]+>/g, ' ')
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

// ---------------------------------------------------------------------------------------------
// Requests: ```http blocks and curl commands
// ---------------------------------------------------------------------------------------------

export interface HttpRequest {
  via: 'http' | 'curl';
  method: string;
  /** The request target as shown: path and query. */
  target: string;
  host: string;
  /** Kestrel API hosts only: the path under /v1, percent-decoded. */
  apiPath: string;
  /** The path as sent, percent-encoded, such as `/v1/invoices`. */
  pathname: string;
  query: URLSearchParams;
  /** Header names in lower case. */
  headers: Map<string, string>;
  body: unknown;
  rawBody: string;
  line: number;
  /** The example file it came from, for a curl sample embedded with file=; its ids are placeholders. */
  sample?: string;
}

export const isApiRequest = (r: HttpRequest) => API_HOST_NAMES.has(r.host);

/** An ```http block that shows headers only, such as one `Kestrel-Signature` line. */
export interface HeaderFragment {
  headers: Map<string, string>;
  line: number;
}

function readHeaders(lines: string[], line: number): Map<string, string> {
  const headers = new Map<string, string>();
  for (const h of lines) {
    const hm = /^([A-Za-z][A-Za-z0-9-]*): (.+)$/.exec(h);
    if (!hm) throw new Error(`line ${line}: bad header "${h}"`);
    headers.set(hm[1]!.toLowerCase(), hm[2]!);
  }
  return headers;
}

function request(
  via: HttpRequest['via'],
  method: string,
  url: URL,
  headers: Map<string, string>,
  rawBody: string,
  line: number,
): HttpRequest {
  let body: unknown;
  if (rawBody) {
    try {
      body = JSON.parse(rawBody);
    } catch {
      body = rawBody;
    }
  }
  return {
    via,
    method,
    target: `${url.pathname}${url.search}`,
    host: url.hostname,
    apiPath: API_HOST_NAMES.has(url.hostname)
      ? decodeURIComponent(url.pathname).replace(/^\/v1(?=\/)/, '')
      : url.pathname,
    pathname: url.pathname,
    query: url.searchParams,
    headers,
    body,
    rawBody,
    line,
  };
}

/** An ```http block: a request (request line, headers, blank line, body) or bare header lines. */
export function parseHttp(fence: Fence): HttpRequest | HeaderFragment {
  const [head, ...rest] = fence.body.split(/\n\s*\n/);
  const [requestLine, ...headerLines] = head!.split('\n');
  const m = /^(GET|POST|PATCH|PUT|DELETE) (\S+) HTTP\/1\.1$/.exec(requestLine!);
  if (!m) {
    if (rest.length === 0) return {headers: readHeaders(head!.split('\n'), fence.line), line: fence.line};
    throw new Error(`line ${fence.line}: bad request line "${requestLine}"`);
  }
  const headers = readHeaders(headerLines, fence.line);
  const host = headers.get('host');
  if (!host) throw new Error(`line ${fence.line}: no Host header`);
  if (!m[2]!.startsWith('/')) throw new Error(`line ${fence.line}: the target "${m[2]}" is not an absolute path`);
  return request('http', m[1]!, new URL(m[2]!, `https://${host}`), headers, rest.join('\n\n').trim(), fence.line);
}

export const isRequest = (m: HttpRequest | HeaderFragment): m is HttpRequest => 'method' in m;

/** A block that remark-code-file fills from a file (`file=...`): empty in the page itself. */
export const isEmbed = (fence: Fence) => /(^|\s)file=/.test(fence.meta);

/** The index of the `)` that closes the `(` at `open`, past quoted text and nested parentheses. */
function closingParen(script: string, open: number): number {
  let depth = 0;
  for (let i = open; i < script.length; i++) {
    const c = script[i]!;
    if (c === '\\') i++;
    else if (c === "'") i = script.indexOf("'", i + 1);
    else if (c === '"') {
      for (i++; i < script.length && script[i] !== '"'; i++) if (script[i] === '\\') i++;
    } else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
    if (i < 0) break;
  }
  throw new Error('unclosed process substitution');
}

/**
 * What `<(printf FORMAT ARGS...)` reads: the format with each `%s` replaced by the next argument
 * (as written: `$NAME` stays a name) and its `\n` escapes as newlines. Only printf is read here:
 * the samples pass secrets to curl this way, through a shell builtin.
 */
export function printfSubstitution(word: string, line: number): string {
  const m = /^<\(([\s\S]*)\)$/.exec(word);
  const [command, format, ...args] = m ? (shellCommands(m[1]!)[0] ?? []) : [];
  if (command !== 'printf' || format === undefined) {
    throw new Error(`line ${line}: only <(printf ...) is read as a file, not ${word}`);
  }
  return format.replace(/%s/g, () => args.shift() ?? '').replace(/\\n/g, '\n');
}

/** Splits a shell snippet into commands (at unquoted newlines, `;`, `&&` and `||`), each a list of words. */
export function shellCommands(script: string): string[][] {
  const commands: string[][] = [];
  let words: string[] = [];
  let word = '';
  let inWord = false;
  const endWord = () => {
    if (inWord) words.push(word);
    word = '';
    inWord = false;
  };
  const endCommand = () => {
    endWord();
    if (words.length) commands.push(words);
    words = [];
  };
  for (let i = 0; i < script.length; i++) {
    const c = script[i]!;
    if (c === '\\' && script[i + 1] === '\n') {
      i++;
      endWord();
    } else if (c === '\\') {
      word += script[++i] ?? '';
      inWord = true;
    } else if (c === '<' && script[i + 1] === '(') {
      // A process substitution stays one word, as the shell hands it on: `@<(printf ...)`.
      const end = closingParen(script, i + 1);
      word += script.slice(i, end + 1);
      i = end;
      inWord = true;
    } else if (c === "'") {
      const end = script.indexOf("'", i + 1);
      if (end < 0) throw new Error('unclosed single quote');
      word += script.slice(i + 1, end);
      i = end;
      inWord = true;
    } else if (c === '"') {
      let j = i + 1;
      for (; j < script.length && script[j] !== '"'; j++) {
        if (script[j] === '\\' && /["\\$`]/.test(script[j + 1] ?? '')) j++;
        word += script[j];
      }
      if (j >= script.length) throw new Error('unclosed double quote');
      i = j;
      inWord = true;
    } else if (c === '#' && !inWord) {
      while (i + 1 < script.length && script[i + 1] !== '\n') i++;
    } else if (c === '\n' || c === ';') {
      endCommand();
    } else if ((c === '&' || c === '|') && script[i + 1] === c) {
      i++;
      endCommand();
    } else if (/\s/.test(c)) {
      endWord();
    } else {
      word += c;
      inWord = true;
    }
  }
  endCommand();
  return commands;
}

const CURL_FLAGS = new Set([
  '-s',
  '-S',
  '-sS',
  '-i',
  '-f',
  '-v',
  '--silent',
  '--show-error',
  '--include',
  '--fail',
  '--fail-with-body',
  '--retry-connrefused',
  '--retry-all-errors',
]);
/** Options that take a value and do not change the request: timeouts, retries and where the answer goes. */
const CURL_VALUE_OPTIONS = new Set([
  '--output',
  '-o',
  '--max-time',
  '-m',
  '--connect-timeout',
  '--retry',
  '--retry-delay',
  '--retry-max-time',
]);

/** The request a `curl` command sends; throws on an option this reader does not know. */
export function parseCurl(words: string[], line: number): HttpRequest {
  let method: string | undefined;
  let url: string | undefined;
  let get = false;
  const headers = new Map<string, string>();
  const data: string[] = [];
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    const value = () => {
      const v = words[++i];
      if (v === undefined) throw new Error(`line ${line}: ${w} without a value`);
      return v;
    };
    if (w === '-X' || w === '--request') method = value();
    else if (w === '-H' || w === '--header') {
      const given = value();
      // `@<(printf ...)`: the header comes from a file descriptor, so no secret is in curl's arguments.
      const h = given.startsWith('@<(') ? printfSubstitution(given.slice(1), line).trim() : given;
      const colon = h.indexOf(':');
      headers.set(h.slice(0, colon).trim().toLowerCase(), h.slice(colon + 1).trim());
    } else if (['-d', '--data', '--data-binary'].includes(w) && words[i + 1]?.startsWith('@<(')) {
      // The body from `<(printf ...)`, which keeps a secret it holds out of curl's arguments.
      data.push(printfSubstitution(value().slice(1), line));
    } else if (['-d', '--data', '--data-raw', '--data-binary'].includes(w)) data.push(value());
    else if (w === '--data-urlencode') {
      const d = value();
      const eq = d.indexOf('=');
      data.push(eq < 0 ? encodeURIComponent(d) : `${d.slice(0, eq)}=${encodeURIComponent(d.slice(eq + 1))}`);
    } else if (w === '-G' || w === '--get') get = true;
    else if (w === '-u' || w === '--user')
      headers.set('authorization', `Basic ${Buffer.from(value()).toString('base64')}`);
    else if (w === '-K' || w === '--config') {
      // A config read from `<(printf ...)`: its `user = "id:secret"` line is the credentials.
      const user = /^\s*user\s*=\s*"([^"]*)"\s*$/m.exec(printfSubstitution(value(), line))?.[1];
      if (user === undefined) throw new Error(`line ${line}: a --config this reader does not know`);
      headers.set('authorization', `Basic ${Buffer.from(user).toString('base64')}`);
    } else if (CURL_FLAGS.has(w)) continue;
    else if (CURL_VALUE_OPTIONS.has(w)) value();
    else if (w.startsWith('-')) throw new Error(`line ${line}: unknown curl option ${w}`);
    else if (url) throw new Error(`line ${line}: two URLs in one curl command`);
    else url = w;
  }
  if (!url) throw new Error(`line ${line}: curl without a URL`);
  const parsed = new URL(url);
  if (get && data.length) parsed.search = [parsed.search.slice(1), ...data].filter(Boolean).join('&');
  if (!get && data.length && !headers.has('content-type'))
    headers.set('content-type', 'application/x-www-form-urlencoded');
  headers.set('host', parsed.host);
  return request(
    'curl',
    method ?? (data.length && !get ? 'POST' : 'GET'),
    parsed,
    headers,
    get ? '' : data.join('&'),
    line,
  );
}

const SHELL_LANGS = new Set(['bash', 'sh', 'shell', 'console']);

/**
 * The values the embedded curl samples (examples/walkthroughs/curl) read from the environment,
 * for reading their requests: the sandbox, a placeholder key, and a UUID for each id.
 */
export const SAMPLE_ENV: Record<string, string> = {
  KESTREL_API_BASE: `https://${API_HOSTS.sandbox}/v1`,
  KESTREL_API_KEY: 'sk_sandbox_...',
  IDEMPOTENCY_KEY: 'c4e05986-aba3-4466-b066-8987cb084fa2',
  INVOICE_ID: '416203f4-673f-44ba-b417-8d9b070174ad',
  QUOTE_ID: '1f668a9b-ad0b-493f-a9c4-9c13dcc217a6',
  PAYMENT_ID: '6443c564-32c3-48bd-9aa1-666704602320',
  RECEIVE_REQUEST_ID: 'bdea6e86-c13f-48c3-8fa5-e955e80c5f67',
  PAYMENT_METHOD_ID: '297e0365-4dae-4025-b837-d498a2d3c89e',
  FUNDING_PAYMENT_METHOD_ID: '6f416894-1646-4465-a379-a1167314e06b',
  ORIGINATOR_ID: 'd041e6e7-f684-4e14-82e4-80c80f9d3177',
  PAYOUT_ID: 'ee41ea29-bc1e-40c8-9b0d-081063fa2ec1',
  RECEIVER_HANDLE: 'northwind-roasters',
  KESTREL_WEBHOOK_SECRET: '9f2c4e7a1b8d06f35e2a9c4b7d1f0e68',
  LN_INVOICE:
    'lntbs500u1pnkestrelpp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdq5xysxxatsyp3k7enxv4jsxqzpusp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygs9qrsgq',
};

/** A shell sample with its $NAME and ${NAME} variables replaced from SAMPLE_ENV; an unknown name throws. */
export function expandSample(script: string, file: string): string {
  return script.replace(/\$\{?([A-Z][A-Z0-9_]*)\}?/g, (_m, name: string) => {
    const value = SAMPLE_ENV[name];
    if (value === undefined) throw new Error(`${file}: no sample value for $${name} in SAMPLE_ENV`);
    return value;
  });
}

/** Where the curl samples of the walkthroughs live: one API call each, reading SAMPLE_ENV's names. */
export const CURL_SAMPLES_DIR = 'examples/walkthroughs/curl/';

/** The curl request of a sample embedded with file=, read from its file with the sample values. */
export function embeddedCurlRequests(fence: Fence): HttpRequest[] {
  const file = /(?:^|\s)file=(\S+)/.exec(fence.meta)?.[1];
  if (!SHELL_LANGS.has(fence.lang) || !file?.startsWith(CURL_SAMPLES_DIR)) return [];
  const resolved = resolveCodeFile(fence.meta, ROOT)!;
  return curlRequests({...fence, meta: resolved.meta, body: expandSample(resolved.value, file)}).map((r) => ({
    ...r,
    sample: file,
  }));
}

/** The curl commands of a shell block, in order. */
export function curlRequests(fence: Fence): HttpRequest[] {
  if (!SHELL_LANGS.has(fence.lang)) return [];
  return shellCommands(fence.body)
    .filter((words) => words[0] === 'curl')
    .map((words) => parseCurl(words, fence.line));
}

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

/** The standard reason phrases of the statuses a guide may announce. */
export const REASON_PHRASES: Record<number, string[]> = {
  200: ['OK'],
  201: ['Created'],
  202: ['Accepted'],
  204: ['No Content'],
  400: ['Bad Request'],
  401: ['Unauthorized'],
  403: ['Forbidden'],
  404: ['Not Found'],
  409: ['Conflict'],
  422: ['Unprocessable Content', 'Unprocessable Entity'],
  429: ['Too Many Requests'],
  500: ['Internal Server Error'],
  503: ['Service Unavailable'],
};

export interface ShownAnswer {
  /** The request it answers, the last one shown before it; undefined if none was. */
  request: HttpRequest | undefined;
  status: number;
  reason: string | undefined;
  /** The announcement, "Kestrel answers `NNN ...`", on the last line of prose before it. */
  announced: boolean;
  /** Headers of a ```text block that starts with the status line. */
  headers: Map<string, string> | undefined;
  body: unknown;
  hasBody: boolean;
  line: number;
}

export interface Exchanges {
  requests: HttpRequest[];
  fragments: HeaderFragment[];
  answers: ShownAnswer[];
  /** A JSON block right after an API request without an announcement of its status. */
  unannounced: {request: HttpRequest; line: number}[];
  /** Announcements that disagree with the status line they introduce. */
  mismatches: string[];
}

const ANNOUNCEMENT = /Kestrel answers `(\d{3})(?: ([^`]+))?`/;

function announcement(before: string): {status: number; reason: string | undefined} | undefined {
  const m = ANNOUNCEMENT.exec(
    before
      .split('\n')
      .filter((l) => l.trim())
      .slice(-1)[0] ?? '',
  );
  return m ? {status: Number(m[1]), reason: m[2]} : undefined;
}

/** The requests of a page and the answers it shows to them, in page order. */
export function exchangesOf(page: Page): Exchanges {
  const out: Exchanges = {requests: [], fragments: [], answers: [], unannounced: [], mismatches: []};
  let last: HttpRequest | undefined;
  let justRequested = false;
  let statusBlock: ShownAnswer | undefined;
  for (const fence of page.fences) {
    if (isEmbed(fence)) {
      statusBlock = undefined;
      const samples = embeddedCurlRequests(fence);
      if (samples.length) {
        out.requests.push(...samples);
        last = samples.at(-1);
        justRequested = true;
      } else {
        // The other tabs of a sample (Node.js, Python) send the request the curl tab shows.
        justRequested = false;
      }
      continue;
    }
    // A heading between a request and a block starts another topic: the block is not its answer.
    if (/^#{1,6} /m.test(fence.before)) justRequested = false;
    const said = announcement(fence.before);
    if (statusBlock && fence.lang === 'json' && !fence.before.trim()) {
      statusBlock.body = JSON.parse(fence.body);
      statusBlock.hasBody = true;
      statusBlock = undefined;
      justRequested = false;
      continue;
    }
    statusBlock = undefined;
    if (fence.lang === 'http') {
      const message = parseHttp(fence);
      if (isRequest(message)) {
        out.requests.push(message);
        last = message;
        justRequested = true;
      } else {
        out.fragments.push(message);
        justRequested = false;
      }
      continue;
    }
    const curls = curlRequests(fence);
    if (curls.length) {
      out.requests.push(...curls);
      last = curls.at(-1);
      justRequested = true;
      continue;
    }
    const statusLine = fence.lang === 'text' ? /^HTTP\/1\.1 (\d{3}) (.+)$/.exec(fence.body.split('\n')[0]!) : null;
    if (statusLine) {
      const answer: ShownAnswer = {
        request: last,
        status: Number(statusLine[1]),
        reason: statusLine[2],
        announced: Boolean(said),
        headers: readHeaders(
          fence.body
            .split('\n')
            .slice(1)
            .filter((l) => l.trim()),
          fence.line,
        ),
        body: undefined,
        hasBody: false,
        line: fence.line,
      };
      if (said && said.status !== answer.status) {
        out.mismatches.push(`line ${fence.line}: announces ${said.status}, shows HTTP/1.1 ${answer.status}`);
      }
      out.answers.push(answer);
      statusBlock = answer;
    } else if (fence.lang === 'json' && said) {
      out.answers.push({
        request: last,
        status: said.status,
        reason: said.reason,
        announced: true,
        headers: undefined,
        body: JSON.parse(fence.body),
        hasBody: true,
        line: fence.line,
      });
    } else if (fence.lang === 'json' && justRequested && last && isApiRequest(last)) {
      out.unannounced.push({request: last, line: fence.line});
    }
    justRequested = false;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The OpenAPI definition
// ---------------------------------------------------------------------------------------------

type Direction = 'request' | 'response';

/**
 * A copy of a schema in which every object with `properties` rejects names it does not list, and
 * in which the properties that do not travel in this direction (`readOnly` in a request,
 * `writeOnly` in an answer) are neither required nor allowed.
 */
function closed(schema: Json, direction: Direction): Json {
  const hidden = direction === 'request' ? 'readOnly' : 'writeOnly';
  const walkNode = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walkNode);
    if (!node || typeof node !== 'object') return node;
    const copy: Json = Object.fromEntries(
      Object.entries(node).map(([k, v]) => [k, k === 'examples' || k === 'example' ? v : walkNode(v)]),
    );
    if (copy.properties && typeof copy.properties === 'object') {
      const props = copy.properties as Record<string, Json>;
      const gone = Object.keys(props).filter((name) => props[name]?.[hidden] === true);
      if (gone.length) {
        copy.properties = Object.fromEntries(Object.entries(props).filter(([name]) => !gone.includes(name)));
        if (Array.isArray(copy.required))
          copy.required = (copy.required as string[]).filter((name) => !gone.includes(name));
      }
      if (copy.additionalProperties === undefined && copy.unevaluatedProperties === undefined)
        copy.unevaluatedProperties = false;
    }
    return copy;
  };
  return walkNode(schema) as Json;
}

export interface Located {
  node: Json;
  /** Its JSON pointer in the bundled definition (the last reference's target when it was one). */
  at: string;
}

export interface ApiOperation {
  slug: string;
  operationId: string;
  method: string;
  /** The path template, such as `/invoices/{invoiceId}`. */
  path: string;
  pattern: RegExp;
  pathParams: string[];
  node: Json;
  at: string;
  /** Path-item and operation parameters, resolved. */
  parameters: Located[];
  /** The scope its security requirement names. */
  scope: string | undefined;
}

export interface WebhookOperation {
  eventType: string;
  slug: string;
  node: Json;
  at: string;
  parameters: Located[];
}

/**
 * The bundled definition (static/openapi.json, what the site and the sandbox read), its references
 * followed by the definition model's resolver, its schemas checked with Ajv.
 */
export class Definition {
  private readonly ajv: Record<Direction, Ajv2020>;
  /** Each direction's closed copy of `components`, embedded in every schema it compiles. */
  private readonly components: Record<Direction, Json>;
  private readonly validators: Record<Direction, WeakMap<Json, ValidateFunction>>;
  private compiled = 0;
  readonly operations: ApiOperation[] = [];
  readonly webhooks: WebhookOperation[] = [];
  readonly root: Json;

  constructor(readonly definitionFile = BUNDLED_DEFINITION) {
    this.root = readDefinition(definitionFile);
    this.ajv = {request: this.newAjv(), response: this.newAjv()};
    const components = (this.root.components ?? {}) as Json;
    this.components = {request: closed(components, 'request'), response: closed(components, 'response')};
    this.validators = {request: new WeakMap(), response: new WeakMap()};
    for (const [template, rawItem] of Object.entries((this.root.paths ?? {}) as Record<string, Json>)) {
      const item = this.deref(rawItem, pointerOf('paths', template));
      const shared = ((item.node.parameters as Json[] | undefined) ?? []).map((p, i) =>
        this.deref(p, `${item.at}/parameters/${i}`),
      );
      for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
        const op = item.node[method] as Json | undefined;
        if (!op) continue;
        const at = `${item.at}/${method}`;
        const own = ((op.parameters as Json[] | undefined) ?? []).map((p, i) => this.deref(p, `${at}/parameters/${i}`));
        const security = (op.security as Record<string, string[]>[] | undefined) ?? [];
        this.operations.push({
          slug: slugOf(String(op.operationId)),
          operationId: String(op.operationId),
          method: method.toUpperCase(),
          path: template,
          pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '([^/]+)')}$`),
          pathParams: [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!),
          node: op,
          at,
          parameters: [...shared, ...own],
          scope: security.flatMap((s) => Object.values(s).flat())[0],
        });
      }
    }
    for (const [eventType, rawItem] of Object.entries((this.root.webhooks ?? {}) as Record<string, Json>)) {
      const item = this.deref(rawItem, pointerOf('webhooks', eventType));
      const op = item.node.post as Json;
      const at = `${item.at}/post`;
      this.webhooks.push({
        eventType,
        slug: slugOf(String(op.operationId)),
        node: op,
        at,
        parameters: ((op.parameters as Json[] | undefined) ?? []).map((p, i) => this.deref(p, `${at}/parameters/${i}`)),
      });
    }
  }

  private newAjv(): Ajv2020 {
    const ajv = new Ajv2020({strict: false, allErrors: true, validateFormats: true});
    addFormats(ajv);
    return ajv;
  }

  /** Follows `$ref` on a non-schema object (the definition model's resolver); `at` is its pointer. */
  deref(node: Json, at: string): Located {
    const resolved = resolve(this.root as JsonObject, node as JsonObject, at);
    return {node: resolved.refs.length ? resolved.node : node, at: resolved.pointer};
  }

  /**
   * A schema of the definition as a validator for one direction, compiled once. Its `$ref`s
   * (`#/components/schemas/...`) resolve in the closed `components` compiled beside it.
   */
  private validator(schema: Json, direction: Direction): ValidateFunction {
    let validate = this.validators[direction].get(schema);
    if (!validate) {
      validate = this.ajv[direction].compile({
        ...closed(schema, direction),
        components: this.components[direction],
        $id: `kestrel-definition:${direction}/${++this.compiled}`,
      });
      this.validators[direction].set(schema, validate);
    }
    return validate;
  }

  /** A components/schemas entry, such as `Event`, as a validator for one direction. */
  schema(name: string, direction: Direction = 'response') {
    this.component(name);
    const pointer = pointerOf('components', 'schemas', name);
    const reference = {$ref: pointer};
    return (value: unknown): string[] => this.validate(reference, pointer, value, direction);
  }

  /** Errors of a value against a schema of the definition (`at`: where it was found); empty when it is valid. */
  validate(schema: Json, at: string, value: unknown, direction: Direction): string[] {
    if (!schema || typeof schema !== 'object') throw new Error(`no schema at ${at}`);
    const validate = this.validator(schema, direction);
    return validate(value)
      ? []
      : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`);
  }

  /** The media types and schemas of a request body or a response. */
  content(holder: Json | undefined, at: string): {node: Json; at: string; media: Record<string, Json>} | undefined {
    if (!holder) return undefined;
    const {node, at: found} = this.deref(holder, at);
    return {node, at: found, media: (node.content ?? {}) as Record<string, Json>};
  }

  /** The operation a method and path (under /v1) call; a literal segment beats a parameter. */
  findOperation(method: string, apiPath: string): {op: ApiOperation; values: Record<string, string>} | undefined {
    const matches = this.operations.filter((op) => op.method === method && op.pattern.test(apiPath));
    matches.sort((a, b) => a.pathParams.length - b.pathParams.length);
    const op = matches[0];
    if (!op) return undefined;
    const found = op.pattern.exec(apiPath)!;
    return {op, values: Object.fromEntries(op.pathParams.map((name, i) => [name, found[i + 1]!]))};
  }

  bySlug(slug: string): ApiOperation | undefined {
    return this.operations.find((op) => op.slug === slug);
  }

  private component(name: string): Json {
    const schemas = ((this.root.components as Json | undefined)?.schemas ?? {}) as Record<string, Json>;
    const found = schemas[name];
    if (!found) throw new Error(`no schema ${name} in the definition`);
    return found;
  }

  /** The enum of a components/schemas entry, such as `ErrorCode`. */
  enumOf(name: string): string[] {
    return (this.component(name).enum as string[]) ?? [];
  }

  /** Each error code's HTTP status: the error catalogue's, as the definition model reads it. */
  errorStatuses(): Map<string, number> {
    const {errorCodes} = buildDefinition(this.root as JsonObject);
    return new Map(errorCodes.map(({code}) => [code, errorStatus(errorCodes, code)]));
  }

  /** The authorization code flow of the OAuth scheme: its URLs and scopes. */
  oauthFlow(): {authorizationUrl: string; tokenUrl: string; refreshUrl?: string; scopes: Record<string, string>} {
    const schemes = (this.root.components as Json).securitySchemes as Record<string, Json>;
    const oauth = this.deref(schemes.oauth2!, pointerOf('components', 'securitySchemes', 'oauth2')).node;
    return (oauth.flows as Json).authorizationCode as ReturnType<Definition['oauthFlow']>;
  }

  /** The scopes of the OAuth scheme, which are also the API key scopes. */
  scopes(): string[] {
    return Object.keys(this.oauthFlow().scopes ?? {});
  }
}

let shared: Definition | undefined;
/** One definition per test file. */
export function definition(): Definition {
  shared ??= new Definition();
  return shared;
}

// ---------------------------------------------------------------------------------------------
// Checking a request and an answer against the definition
// ---------------------------------------------------------------------------------------------

/** Headers any request may carry besides the operation's own header parameters. */
const GENERAL_REQUEST_HEADERS = new Set([
  'host',
  'authorization',
  'accept',
  'content-type',
  'content-length',
  'user-agent',
]);

/** What is wrong with an API request, judged by the definition; empty when nothing is. */
export function checkApiRequest(def: Definition, r: HttpRequest): string[] {
  const errors: string[] = [];
  const found = def.findOperation(r.method, r.apiPath);
  if (!r.pathname.startsWith('/v1/')) errors.push(`the path does not start with /v1/`);
  if (!found) return [...errors, `no operation of the definition is ${r.method} ${r.apiPath}`];
  const {op, values} = found;

  const auth = r.headers.get('authorization') ?? '';
  if (!/^Bearer \S+$/.test(auth)) errors.push(`Authorization is "${auth}", not Bearer and a key or token`);
  if (auth.includes('sk_live_') && r.host !== API_HOSTS.production) errors.push(`a sk_live_ key is sent to ${r.host}`);
  if (auth.includes('sk_sandbox_') && r.host !== API_HOSTS.sandbox)
    errors.push(`a sk_sandbox_ key is sent to ${r.host}`);

  const params = op.parameters;
  for (const [name, raw] of Object.entries(values)) {
    const p = params.find((x) => x.node.in === 'path' && x.node.name === name);
    if (!p) errors.push(`path parameter ${name} is not defined`);
    else errors.push(...def.validate(p.node.schema as Json, p.at, raw, 'request').map((e) => `path ${name}: ${e}`));
  }
  for (const name of new Set(r.query.keys())) {
    const p = params.find((x) => x.node.in === 'query' && x.node.name === name);
    if (!p) {
      errors.push(`query parameter ${name} is not defined for ${op.slug}`);
      continue;
    }
    const value = r.query.get(name)!;
    const schema = p.node.schema as Json;
    // Query values arrive as strings: read an integer parameter as a number.
    const typed = schema.type === 'integer' && /^-?\d+$/.test(value) ? Number(value) : value;
    errors.push(...def.validate(schema, p.at, typed, 'request').map((e) => `query ${name}="${value}": ${e}`));
  }
  for (const p of params.filter((x) => x.node.in === 'query' && x.node.required)) {
    if (!r.query.has(String(p.node.name))) errors.push(`query parameter ${String(p.node.name)} is required`);
  }
  for (const [name, value] of r.headers) {
    const p = params.find((x) => x.node.in === 'header' && String(x.node.name).toLowerCase() === name);
    if (p)
      errors.push(...def.validate(p.node.schema as Json, p.at, value, 'request').map((e) => `header ${name}: ${e}`));
    else if (!GENERAL_REQUEST_HEADERS.has(name)) errors.push(`header ${name} is not defined for ${op.slug}`);
  }
  for (const p of params.filter((x) => x.node.in === 'header' && x.node.required)) {
    const value = r.headers.get(String(p.node.name).toLowerCase());
    if (value === undefined) errors.push(`header ${String(p.node.name)} is required by ${op.slug}`);
    else if (p.node.name === 'Idempotency-Key' && !UUID.test(value))
      errors.push(`Idempotency-Key "${value}" is not a UUID`);
  }

  const body = def.content(op.node.requestBody as Json | undefined, op.at);
  if (r.rawBody) {
    if (!body) errors.push(`${op.slug} takes no body`);
    else if (r.headers.get('content-type') !== 'application/json')
      errors.push(`a body without Content-Type: application/json`);
    else if (typeof r.body === 'string') errors.push(`the body is not JSON`);
    else {
      const media = body.media['application/json'];
      if (!media?.schema) errors.push(`${op.slug} takes no JSON body`);
      else errors.push(...def.validate(media.schema as Json, body.at, r.body, 'request').map((e) => `body: ${e}`));
    }
  } else {
    if (body?.node.required) errors.push(`${op.slug} needs a body`);
    if (r.headers.has('content-type')) errors.push(`Content-Type without a body`);
  }
  return errors;
}

/** What is wrong with a webhook delivery (a POST that carries Kestrel-Signature) or a header fragment. */
export function checkDelivery(def: Definition, headers: Map<string, string>, body: unknown): string[] {
  const errors: string[] = [];
  const signature = def.webhooks[0]?.parameters.find((p) => p.node.name === 'Kestrel-Signature');
  const header = headers.get('kestrel-signature');
  if (signature && header !== undefined) {
    errors.push(
      ...def
        .validate(signature.node.schema as Json, signature.at, header, 'request')
        .map((e) => `Kestrel-Signature: ${e}`),
    );
  }
  if (body !== undefined) {
    const type = (body as Json).eventType;
    const hook = def.webhooks.find((w) => w.eventType === type);
    if (!hook) return [...errors, `no webhook of the definition sends event type ${String(type)}`];
    const content = def.content(hook.node.requestBody as Json, hook.at)!;
    const schema = content.media['application/json']!.schema as Json;
    errors.push(...def.validate(schema, content.at, body, 'request').map((e) => `body: ${e}`));
    if (headers.get('content-type') !== 'application/json')
      errors.push('a delivery without Content-Type: application/json');
  }
  return errors;
}

/** What is wrong with an answer shown for an API request; empty when nothing is. */
export function checkAnswer(def: Definition, answer: ShownAnswer): string[] {
  const r = answer.request!;
  const errors: string[] = [];
  const found = def.findOperation(r.method, r.apiPath);
  if (!found) return [`it answers ${r.method} ${r.apiPath}, which is not an operation`];
  const {op} = found;
  if (answer.reason !== undefined && !(REASON_PHRASES[answer.status] ?? []).includes(answer.reason)) {
    errors.push(
      `"${answer.status} ${answer.reason}" is not the standard reason phrase (${(REASON_PHRASES[answer.status] ?? ['?']).join(' or ')})`,
    );
  }
  const responses = (op.node.responses ?? {}) as Record<string, Json>;
  const response = def.content(responses[String(answer.status)], op.at);
  if (!response) return [...errors, `${op.slug} has no ${answer.status} answer`];
  if (answer.headers) {
    const defined = Object.keys((response.node.headers ?? {}) as Json);
    for (const [name, value] of answer.headers) {
      if (name === 'content-type') {
        if (!(value in response.media))
          errors.push(`Content-Type ${value} is not a media type of the ${answer.status} answer of ${op.slug}`);
        continue;
      }
      const key = defined.find((d) => d.toLowerCase() === name);
      if (!key) {
        errors.push(`the ${answer.status} answer of ${op.slug} has no header ${name}`);
        continue;
      }
      const header = def.deref((response.node.headers as Record<string, Json>)[key]!, response.at);
      const schema = header.node.schema as Json;
      const typed = schema.type === 'integer' && /^-?\d+$/.test(value) ? Number(value) : value;
      errors.push(...def.validate(schema, header.at, typed, 'response').map((e) => `header ${name}: ${e}`));
    }
  }
  if (!answer.hasBody) return errors;
  const media = response.media['application/json'] ?? response.media['application/problem+json'];
  if (!media?.schema) return [...errors, `the ${answer.status} answer of ${op.slug} has no JSON body`];
  errors.push(...def.validate(media.schema as Json, response.at, answer.body, 'response').map((e) => `body: ${e}`));
  const problem = answer.body as Json;
  if (answer.status >= 400) {
    if (problem.status !== answer.status)
      errors.push(`the problem's status ${String(problem.status)} is not ${answer.status}`);
    // A sample's ids are placeholders: its problem's instance need only be a path of the same operation.
    const sameRequest = r.sample
      ? op.pattern.test(String(problem.instance).replace(/^\/v1(?=\/)/, ''))
      : problem.instance === r.pathname;
    if (problem.instance !== undefined && !sameRequest)
      errors.push(`the problem's instance ${String(problem.instance)} is not the request path ${r.pathname}`);
  }
  return errors;
}
