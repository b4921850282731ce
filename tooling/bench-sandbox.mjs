/**
 * The local sandbox's speed, measured and set out as tables (part of `npm run bench`, or alone with
 * `npm run bench:sandbox`, scripts/bench-sandbox.mjs):
 * - start-up: from spawning `node sandbox/cli.ts` to its first 200 answer, median of 5;
 * - requests per second and p99 latency, with autocannon (10 connections, 5 s each), of a GET of
 *   one invoice and of a validated POST that issues an invoice (a fresh Idempotency-Key each).
 *
 * - soak: the resident memory (RSS) of the sandbox process after 10,000 and after 100,000 requests
 *   of an integrator's mix (issue an invoice, quote it, read it, list invoices and events, bad
 *   requests), with payments arriving at once (--pay-after 0) and every event delivered to a
 *   webhook endpoint on this machine that accepts connections and never answers (as a receiver
 *   that hangs does). Memory that keeps growing past the first 10,000 requests is a leak: each
 *   type holds at most --cap objects (2,000 here, so that lists stay quick), so RSS should level
 *   off. `root` (default this checkout) measures the sandbox of another checkout.
 *
 * The sandbox runs with --no-rate-limit (the limit would answer 429 after 25 requests) and --quiet.
 * Timings depend on the machine and its load: printed, never asserted.
 */
import {readFileSync} from 'node:fs';
import {spawn} from 'node:child_process';
import {randomUUID} from 'node:crypto';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import autocannon from 'autocannon';
import {freePort} from './ports.mjs';
import {median} from '../bench/stats.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const AUTH = {Authorization: 'Bearer sk_sandbox_bench'};
const RUNS = 5;

/** @param {string} root @param {string[]} [extra] */
async function start(root, extra = []) {
  const port = await freePort();
  const began = performance.now();
  const child = spawn(
    process.execPath,
    [path.join(root, 'sandbox', 'cli.ts'), '--port', String(port), '--no-rate-limit', '--quiet', ...extra],
    {
      stdio: 'ignore',
    },
  );
  const base = `http://127.0.0.1:${port}/v1`;
  for (;;) {
    try {
      if ((await fetch(`${base}/invoices`, {headers: AUTH})).status === 200) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`the sandbox exited with ${child.exitCode}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return {child, base, ms: performance.now() - began};
}

/**
 * @param {autocannon.Options} options
 * @returns {Promise<autocannon.Result>}
 */
function load(options) {
  return new Promise((resolve, reject) =>
    autocannon({connections: 10, duration: 5, ...options}, (error, result) =>
      error ? reject(error) : resolve(result),
    ),
  );
}

/** @param {{root?: string}} [options] the checkout whose sandbox runs */
export async function sandboxBench({root = ROOT} = {}) {
  /** @type {number[]} */
  const startups = [];
  for (let i = 0; i < RUNS; i++) {
    const {child, ms} = await start(root);
    startups.push(ms);
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  const {child, base} = await start(root);
  try {
    const invoice = await (
      await fetch(`${base}/invoices`, {
        method: 'POST',
        headers: {...AUTH, 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID()},
        body: JSON.stringify({amount: {amount: '150.00', currency: 'USD'}, description: 'Bench'}),
      })
    ).json();
    const get = await load({url: `${base}/invoices/${invoice.id}`, headers: AUTH});
    const post = await load({
      url: `${base}/invoices`,
      method: 'POST',
      headers: {...AUTH, 'Content-Type': 'application/json'},
      body: JSON.stringify({amount: {amount: '150.00', currency: 'USD'}, description: 'Bench', reference: 'bench'}),
      // A fresh key per request: each one is validated and creates an invoice, none is a replay.
      requests: [
        {
          setupRequest: (/** @type {autocannon.Request} */ req) => ({
            ...req,
            headers: {...req.headers, 'Idempotency-Key': randomUUID()},
          }),
        },
      ],
    });
    const non2xx = get.non2xx + post.non2xx;
    if (non2xx > 0 || get.errors + post.errors > 0)
      throw new Error(`the load run had ${non2xx} non-2xx answers and ${get.errors + post.errors} errors`);
    return {startupMs: median(startups), startups, get, post};
  } finally {
    child.kill('SIGTERM');
  }
}

const SOAK_MARKS = [10_000, 100_000];
const SOAK_CONNECTIONS = 10;
const SOAK_CAP = 2000;

/** Resident memory of a process, in MB (Linux /proc). */
const rssMb = (/** @type {number | undefined} */ pid) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;

/**
 * One integrator's round: six requests, the last a bad one.
 * @param {string} base
 * @param {number} i
 */
async function soakRound(base, i) {
  /** @type {(method: string, path: string, body?: unknown, key?: boolean) => Promise<{status: number, body: any}>} */
  const send = async (method, path, body, key) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...AUTH,
        ...(body === undefined ? {} : {'Content-Type': 'application/json'}),
        ...(key ? {'Idempotency-Key': randomUUID()} : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return {status: res.status, body: text ? JSON.parse(text) : undefined};
  };
  const invoice = await send(
    'POST',
    '/invoices',
    {amount: {amount: '12.00', currency: 'USD'}, reference: `soak-${i}`},
    true,
  );
  if (invoice.status !== 201) throw new Error(`soak: issuing an invoice answered ${invoice.status}`);
  await send('POST', `/invoices/${invoice.body.id}/quote`, undefined, true);
  await send('GET', `/invoices/${invoice.body.id}`);
  await send('GET', `/invoices?$top=10&$filter=${encodeURIComponent("status eq 'PAID'")}`);
  await send('GET', '/events?$top=10');
  await send('POST', '/invoices', {amount: {amount: 'ten', currency: 'USD'}}, true);
}
const SOAK_ROUND_REQUESTS = 6;

/**
 * What the soak reads at each mark; `stats` is the sandbox's /_sandbox/stats answer.
 * @typedef {{requests: number, rssMb: number, seconds: number, stats: {objects: Record<string, number>, memoryMb?: {heapUsed: number}, webhooks?: {inFlight: number}, scheduledSteps: number}}} SoakMark
 */

/** RSS of the sandbox after each count of SOAK_MARKS requests. */
/** @param {{root?: string}} [options] the checkout whose sandbox runs */
export async function sandboxSoak({root = ROOT} = {}) {
  const {child, base} = await start(root, ['--pay-after', '0', '--cap', String(SOAK_CAP)]);
  // A webhook endpoint that takes each connection and never answers, in a process of its own so
  // that the sockets it holds count against neither this script's file descriptors nor the sandbox's.
  const blackHole = spawn(
    process.execPath,
    [
      '-e',
      "const s = require('node:net').createServer((c) => c.on('error', () => {})); s.listen(0, '127.0.0.1', () => console.log(s.address().port));",
    ],
    {stdio: ['ignore', 'pipe', 'ignore']},
  );
  const hookPort = await new Promise((resolve) =>
    blackHole.stdout.once('data', (d) => resolve(Number(String(d).trim()))),
  );
  const subscribed = await fetch(`${base}/subscriptions`, {
    method: 'POST',
    headers: {...AUTH, 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID()},
    body: JSON.stringify({
      webhookUrl: `http://127.0.0.1:${hookPort}/hook`,
      webhookVersion: '2025-06-01',
      secret: 'soak-secret-0123456789',
      eventTypes: ['invoice.created', 'invoice.updated'],
    }),
  });
  if (subscribed.status !== 201) throw new Error(`soak: subscribing answered ${subscribed.status}`);
  try {
    /** @type {SoakMark[]} */
    const marks = [];
    let sent = 0;
    let round = 0;
    const began = performance.now();
    for (const mark of SOAK_MARKS) {
      await Promise.all(
        Array.from({length: SOAK_CONNECTIONS}, async () => {
          while (sent < mark) {
            sent += SOAK_ROUND_REQUESTS;
            await soakRound(base, round++);
          }
        }),
      );
      // Let the collector run as it would between bursts, so RSS reflects what is held, not garbage.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const stats = await (await fetch(`${new URL(base).origin}/_sandbox/stats`)).json();
      marks.push({requests: sent, rssMb: rssMb(child.pid), seconds: (performance.now() - began) / 1000, stats});
    }
    return marks;
  } finally {
    child.kill('SIGTERM');
    blackHole.kill('SIGTERM');
  }
}

/** The soak's marks as a Markdown table. @param {SoakMark[]} marks */
export function soakTable(marks) {
  /** @type {string[]} */
  const lines = [];
  lines.push(
    `\n| local sandbox soak (--pay-after 0, --cap ${SOAK_CAP}, ${SOAK_CONNECTIONS} connections, a webhook endpoint that never answers) | RSS | JS heap used | objects held | scheduled steps | deliveries on the wire |`,
  );
  lines.push('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const m of marks) {
    const held = Object.values(m.stats.objects).reduce((a, b) => a + b, 0);
    const heap = m.stats.memoryMb ? `${m.stats.memoryMb.heapUsed} MB` : 'n/a';
    const wire = m.stats.webhooks?.inFlight ?? 'n/a';
    lines.push(
      `| after ${m.requests.toLocaleString('en')} requests (${m.seconds.toFixed(0)} s) | ${m.rssMb.toFixed(0)} MB | ${heap} | ${held} | ${m.stats.scheduledSteps} | ${wire} |`,
    );
  }
  const [first, last] = [marks[0], marks.at(-1)];
  if (!first || !last) throw new Error('soak: no marks');
  const growth = ((last.rssMb - first.rssMb) / first.rssMb) * 100;
  lines.push(
    `| RSS growth from ${first.requests.toLocaleString('en')} to ${last.requests.toLocaleString('en')} requests | ${growth.toFixed(1)} % (goal: within 20 %) | | | | |`,
  );
  return lines.join('\n');
}

/** The start-up and throughput as a Markdown table. @param {Awaited<ReturnType<typeof sandboxBench>>} results */
export function sandboxTable({startupMs, startups, get, post}) {
  /** @type {string[]} */
  const lines = [];
  lines.push('\n| local sandbox (npm run sandbox) | value | goal |');
  lines.push('| --- | ---: | ---: |');
  lines.push(
    `| start-up, spawn to first 200 (median of ${startups.length}; ${startups.map((ms) => ms.toFixed(0)).join(', ')} ms) | ${startupMs.toFixed(0)} ms | 1000 ms |`,
  );
  lines.push(`| GET /v1/invoices/{id}: requests/s (10 connections, 5 s) | ${get.requests.average.toFixed(0)} | 2000 |`);
  lines.push(`| GET /v1/invoices/{id}: p99 latency | ${get.latency.p99} ms | 25 ms |`);
  lines.push(
    `| POST /v1/invoices (validated, new key each): requests/s | ${post.requests.average.toFixed(0)} | 1000 |`,
  );
  lines.push(`| POST /v1/invoices: p99 latency | ${post.latency.p99} ms | 25 ms |`);
  return lines.join('\n');
}
