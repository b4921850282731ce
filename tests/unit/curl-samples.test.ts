/**
 * The curl samples and snippets are safe to copy: every curl command to a Kestrel host caps its time,
 * and each walkthrough sample, run against a fake Kestrel on 127.0.0.1, leaves exactly one JSON
 * document after a retried 429 (the answer goes to a file that a retry starts again), repeats a
 * write with the same Idempotency-Key, and does not sleep through a Retry-After longer than its
 * retry budget.
 */
import {afterEach, describe, expect, it} from 'vitest';
import {execFile} from 'node:child_process';
import {readFileSync} from 'node:fs';
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http';
import path from 'node:path';
import {promisify} from 'node:util';
import {listenOnFreePort} from '../../tooling/ports.mjs';
import {GUIDE_FILES, ROOT, SAMPLE_ENV, readPage, shellCommands} from './guide-http';
import {sampleFile} from '../../snippets/walkthrough/files.ts';
import {WALKTHROUGH_STEPS} from '../../snippets/walkthrough/steps.ts';

const run = promisify(execFile);
const CURL_DIR = 'examples/walkthroughs/curl';
// One a step of the walkthroughs, as gen-api writes them (order-key.sh, beside them, calls nobody).
const SAMPLES = WALKTHROUGH_STEPS.map((step) => sampleFile('curl', step.slug));
const SCRIPTS = [...SAMPLES, 'examples/sandbox/quickstart.sh', 'examples/sandbox/advance-clock.sh'];

/** Each curl command of a shell script or snippet, as its words. */
const curlCommands = (script: string) => shellCommands(script).filter((words) => words[0] === 'curl');
const valueOf = (words: string[], option: string) => words[words.indexOf(option) + 1];

describe('every curl command', () => {
  const fromGuides = GUIDE_FILES.flatMap((file) =>
    readPage(file)
      .fences.filter((f) => ['bash', 'sh', 'shell'].includes(f.lang) && !/(^|\s)file=/.test(f.meta))
      .flatMap((f) => curlCommands(f.body).map((words) => ({where: `${file} line ${f.line}`, words}))),
  );
  const fromScripts = SCRIPTS.flatMap((file) =>
    curlCommands(readFileSync(path.join(ROOT, file), 'utf8')).map((words) => ({where: file, words})),
  );

  it('to a Kestrel host, in a guide or a script, ends each attempt with --max-time', () => {
    const toKestrel = [...fromGuides, ...fromScripts].filter(({words}) =>
      words.some((w) => /kestrel\.example|KESTREL_API_BASE|\$base|\$origin/.test(w)),
    );
    expect(toKestrel.length).toBeGreaterThan(40);
    expect(toKestrel.filter(({words}) => !words.includes('--max-time')).map((c) => c.where)).toEqual([]);
  });

  it('that retries also retries a refused connection and caps the time of all its retries', () => {
    const retrying = [...fromGuides, ...fromScripts].filter(({words}) => words.includes('--retry'));
    expect(retrying.length).toBeGreaterThan(30);
    for (const {where, words} of retrying) {
      expect(words, where).toContain('--retry-connrefused');
      expect(Number(valueOf(words, '--retry-max-time')), where).toBeGreaterThan(0);
    }
  });

  it('of a walkthrough sample writes the answer to a file, never to standard output', () => {
    for (const file of SAMPLES) {
      const [words] = curlCommands(readFileSync(path.join(ROOT, file), 'utf8'));
      expect(valueOf(words!, '--output'), file).toBe('$answer');
      expect(words, file).toContain('--fail-with-body');
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Running the samples against a fake Kestrel
// ---------------------------------------------------------------------------------------------

type Step = (req: IncomingMessage, res: ServerResponse) => void;
const problem =
  (status: number, code: string, headers: Record<string, string> = {}): Step =>
  (_req, res) =>
    res
      .writeHead(status, {'Content-Type': 'application/problem+json', ...headers})
      .end(JSON.stringify({type: `urn:kestrel:problem:${code}`, title: code, status, code, traceId: '0'.repeat(32)}));
const ok =
  (status: number, body: unknown): Step =>
  (_req, res) =>
    res.writeHead(status, {'Content-Type': 'application/json'}).end(JSON.stringify(body));

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
});

/** A fake Kestrel that answers each request with the next step; it records each request's headers. */
async function fakeKestrel(steps: Step[]) {
  const seen: {method: string; path: string; idempotencyKey?: string; authorization?: string}[] = [];
  server = createServer((req, res) => {
    seen.push({
      method: req.method!,
      path: req.url!,
      idempotencyKey: req.headers['idempotency-key'] as string | undefined,
      authorization: req.headers.authorization,
    });
    req.resume();
    req.on('end', () => steps[Math.min(seen.length, steps.length) - 1]!(req, res));
  });
  return {base: `${await listenOnFreePort(server)}/v1`, seen};
}

/** Runs a sample with bash; resolves with its exit code, standard output and standard error. */
async function runSample(file: string, base: string) {
  return run('bash', [path.join(ROOT, file)], {
    env: {...process.env, ...SAMPLE_ENV, KESTREL_API_BASE: base, KESTREL_API_KEY: 'sk_sandbox_curl_test'},
    timeout: 120_000,
  }).then(
    ({stdout, stderr}) => ({code: 0, stdout, stderr}),
    (error: {code: number; stdout: string; stderr: string}) => ({
      code: error.code,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  );
}

describe('a walkthrough sample against a fake Kestrel', () => {
  const INVOICE = {id: SAMPLE_ENV.INVOICE_ID, status: 'UNPAID'};

  it('gets a 429, waits, gets the answer, and prints exactly one JSON document', async () => {
    const {base, seen} = await fakeKestrel([
      problem(429, 'RATE_LIMITED', {'Retry-After': '1'}),
      ok(200, {items: [INVOICE], count: 1}),
    ]);
    const result = await runSample(`${CURL_DIR}/get-invoices.sh`, base);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({items: [INVOICE], count: 1});
    expect(seen).toHaveLength(2);
  });

  it('repeats a write after a 429 with the same Idempotency-Key, and prints the one answer', async () => {
    const {base, seen} = await fakeKestrel([problem(429, 'RATE_LIMITED', {'Retry-After': '1'}), ok(201, INVOICE)]);
    const result = await runSample(`${CURL_DIR}/issue-invoice.sh`, base);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(INVOICE);
    expect(seen.map((s) => s.idempotencyKey)).toEqual([SAMPLE_ENV.IDEMPOTENCY_KEY, SAMPLE_ENV.IDEMPOTENCY_KEY]);
    // The key, read once from printf's file descriptor, goes with the retry too.
    expect(seen.map((s) => s.authorization)).toEqual(['Bearer sk_sandbox_curl_test', 'Bearer sk_sandbox_curl_test']);
  });

  it('prints the problem, as one JSON document, and exits non-zero when the call fails', async () => {
    const {base} = await fakeKestrel([problem(404, 'INVOICE_NOT_FOUND')]);
    const result = await runSample(`${CURL_DIR}/find-invoice-by-id.sh`, base);
    expect(result.code).not.toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({status: 404, code: 'INVOICE_NOT_FOUND'});
  });

  it('does not sleep through a Retry-After longer than its retry budget: it stops at once', async () => {
    const {base, seen} = await fakeKestrel([problem(503, 'SERVICE_UNAVAILABLE', {'Retry-After': '1500'})]);
    const result = await runSample(`${CURL_DIR}/get-account-balance-details.sh`, base);
    expect(result.code).not.toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({status: 503, code: 'SERVICE_UNAVAILABLE'});
    expect(seen).toHaveLength(1);
  });
});
