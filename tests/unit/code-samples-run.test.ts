/**
 * The code samples of the operation pages, run as a reader runs a pasted sample, with the server
 * URL pointed at a local sandbox or a fake server, in every language this machine runs (curl,
 * Node.js, Python, Go, Java): run twice, a sample that creates something creates two things, not
 * one replayed answer or a 409 (each run makes its own Idempotency-Key); a redirect is answered as
 * it is, not followed; and a server that never answers is given up on after the 10-second timeout.
 */
import {afterAll, describe, expect, it} from 'vitest';
import {execFile} from 'node:child_process';
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {createServer, type Server} from 'node:http';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {promisify} from 'node:util';
import {addCodeSamples, exampleRequest} from '../../plugins/api-reference/code-samples.ts';
import {TIMEOUT_SECONDS} from '../../snippets/settings.ts';
import {buildDefinition} from '../../definition/index.ts';
import {listenOnFreePort} from '../../tooling/ports.mjs';
import {loadBundledDefinition} from './openapi-definition';
import {suiteSandbox} from './suite-sandbox';

const execFileAsync = promisify(execFile);
const definition = structuredClone(loadBundledDefinition());
await addCodeSamples(definition);
const model = buildDefinition(definition);
const SANDBOX_SERVER = 'https://api.sandbox.kestrel.example/v1';
const API_KEY = 'sk_sandbox_code_samples';
const DIR = mkdtempSync(path.join(tmpdir(), 'kestrel-run-samples-'));

/** How each language runs a sample file, and the file's name. */
const RUNNERS = {
  cURL: {file: 'sample.sh', command: (file: string) => ['bash', [file]] as const},
  NodeJs: {file: 'sample.mjs', command: (file: string) => [process.execPath, [file]] as const},
  Python: {file: 'sample.py', command: (file: string) => ['python3', [file]] as const},
  Go: {file: 'main.go', command: (file: string) => ['go', ['run', file]] as const},
  Java: {file: 'Main.java', command: (file: string) => ['java', [file]] as const},
};
type Language = keyof typeof RUNNERS;
const LANGUAGES = Object.keys(RUNNERS) as Language[];

let runs = 0;
/** Runs one operation's sample with its server URL replaced; resolves with its exit code, output and time. */
async function runSample(language: Language, slug: string, server: string, env: Record<string, string> = {}) {
  const operation = model.operations.find((o) => o.slug === slug)!;
  const source = operation.codeSamples.find((s) => s.lang === language)!.source;
  expect(source, `${language} ${slug}`).toContain(SANDBOX_SERVER);
  const dir = path.join(DIR, String(++runs));
  mkdirSync(dir);
  const file = path.join(dir, RUNNERS[language].file);
  writeFileSync(file, `${source.replaceAll(SANDBOX_SERVER, server)}\n`);
  const [command, args] = RUNNERS[language].command(file);
  const started = Date.now();
  const result = await execFileAsync(command, [...args], {
    cwd: dir,
    env: {...process.env, KESTREL_API_KEY: API_KEY, PYTHONDONTWRITEBYTECODE: '1', ...env},
    timeout: 60_000,
  }).then(
    ({stdout, stderr}) => ({code: 0, stdout, stderr, killed: false}),
    (error: {code: number; stdout: string; stderr: string; killed?: boolean}) => ({
      code: error.code,
      stdout: error.stdout,
      stderr: error.stderr,
      // Ended by this runner's own 60-second limit, not by the sample.
      killed: Boolean(error.killed),
    }),
  );
  return {...result, seconds: (Date.now() - started) / 1000};
}

/** The JSON a sample printed after its status (curl prints the body alone). */
const printedJson = (stdout: string) => JSON.parse(stdout.slice(stdout.indexOf('{'))) as Record<string, unknown>;

const sandbox = suiteSandbox(['--no-rate-limit']);
afterAll(async () => {
  rmSync(DIR, {recursive: true, force: true});
});

const countInvoices = async () => {
  const res = await fetch(`${sandbox.base}/invoices?$top=1`, {headers: {Authorization: `Bearer ${API_KEY}`}});
  return ((await res.json()) as {count: number}).count;
};

describe('a pasted code sample against the local sandbox', () => {
  it('issue-invoice takes an Idempotency-Key, which the samples make themselves', () => {
    const operation = model.operations.find((o) => o.slug === 'issue-invoice')!;
    expect(exampleRequest(model, operation).idempotent).toBe(true);
  });

  it.each(LANGUAGES)(
    '%s: issue-invoice run twice issues two invoices',
    async (language) => {
      const before = await countInvoices();
      const first = await runSample(language, 'issue-invoice', sandbox.base);
      const second = await runSample(language, 'issue-invoice', sandbox.base);
      expect(first.code, first.stderr).toBe(0);
      expect(second.code, second.stderr).toBe(0);
      const [a, b] = [printedJson(first.stdout), printedJson(second.stdout)];
      expect(a).toMatchObject({status: 'UNPAID', amount: {amount: '150.00', currency: 'USD'}});
      expect(b.id).not.toBe(a.id);
      expect(await countInvoices()).toBe(before + 2);
    },
    120_000,
  );

  it('cURL: takes its key from uuidgen where the machine has one (macOS), and sends it', async () => {
    // A uuidgen that prints one key, in capitals as macOS's does: two runs then send the same key,
    // so the second answers the first invoice again.
    const bin = path.join(DIR, 'bin');
    mkdirSync(bin);
    writeFileSync(path.join(bin, 'uuidgen'), '#!/bin/sh\necho 6F1D0C9A-2B7E-4C31-9A5D-0E8F7B6C4D21\n', {mode: 0o755});
    const env = {PATH: `${bin}${path.delimiter}${process.env.PATH}`};
    const first = await runSample('cURL', 'issue-invoice', sandbox.base, env);
    const second = await runSample('cURL', 'issue-invoice', sandbox.base, env);
    expect(first.code, first.stderr).toBe(0);
    expect(printedJson(second.stdout).id).toBe(printedJson(first.stdout).id);
  });

  it('cURL: create-bank-payment-method run twice creates two payment methods, and get-invoices lists them', async () => {
    const first = await runSample('cURL', 'create-bank-payment-method', sandbox.base);
    const second = await runSample('cURL', 'create-bank-payment-method', sandbox.base);
    expect(printedJson(second.stdout).id).not.toBe(printedJson(first.stdout).id);
    const list = await runSample('cURL', 'get-invoices', sandbox.base);
    expect(list.code, list.stderr).toBe(0);
    expect(printedJson(list.stdout).count).toBeGreaterThanOrEqual(2);
  });
});

describe('a pasted code sample against a server that redirects or never answers', () => {
  const servers: Server[] = [];
  afterAll(async () => {
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
  /** A server that answers every request with `respond`, and the paths it was asked for. */
  async function fakeServer(respond: (res: import('node:http').ServerResponse) => void) {
    const paths: string[] = [];
    const server = createServer((req, res) => {
      paths.push(req.url!);
      req.resume();
      respond(res);
    });
    servers.push(server);
    return {base: `${await listenOnFreePort(server)}/v1`, paths};
  }

  it.each(LANGUAGES)(
    '%s: answers a redirect as it is, without a second request',
    async (language) => {
      const {base, paths} = await fakeServer((res) =>
        res.writeHead(307, {Location: '/v1/elsewhere', 'Content-Type': 'application/json'}).end('{"moved": true}'),
      );
      const result = await runSample(language, 'issue-invoice', base);
      expect(result.code, result.stderr).toBe(0);
      expect(paths).toEqual(['/v1/invoices']);
      expect(printedJson(result.stdout)).toEqual({moved: true});
    },
    60_000,
  );

  // Side by side: each waits out its timeout on a socket.
  it.concurrent.for(LANGUAGES)(
    `%s: gives up on a server that never answers after ${TIMEOUT_SECONDS} seconds`,
    {timeout: 60_000},
    async (language, {expect}) => {
      // Holds every request open: only the sample's own timeout ends it.
      const {base, paths} = await fakeServer(() => undefined);
      const result = await runSample(language, 'get-invoices', base);
      expect(paths).toEqual(['/v1/invoices']);
      expect(result.code, result.stdout).not.toBe(0);
      expect(result.seconds).toBeGreaterThanOrEqual(TIMEOUT_SECONDS - 0.5);
      // The sample gave up by itself: its own timeout ended it, not the runner's (a wall-clock
      // bound would fail on a loaded machine without saying anything about the sample).
      expect(result.killed, 'stopped by the runner, not by its own timeout').toBe(false);
    },
  );
});
