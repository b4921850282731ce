#!/usr/bin/env node
/**
 * The local sandbox's speed, printed as a table (part of `npm run bench`, or alone with
 * `npm run bench:sandbox`):
 * - start-up: from spawning `node sandbox/cli.ts` to its first 200 answer, median of 5;
 * - requests per second and p99 latency, with autocannon (10 connections, 5 s each), of a GET of
 *   one invoice and of a validated POST that issues an invoice (a fresh Idempotency-Key each).
 *
 * The sandbox runs with --no-rate-limit (the limit would answer 429 after 25 requests) and --quiet.
 * Timings depend on the machine and its load: printed, never asserted.
 */
import {spawn} from 'node:child_process';
import {randomUUID} from 'node:crypto';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import autocannon from 'autocannon';
import {freePort} from './ports.mjs';
import {median} from './stats.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLI = path.join(ROOT, 'sandbox', 'cli.ts');
const AUTH = {Authorization: 'Bearer sk_sandbox_bench'};
const RUNS = 5;

async function start() {
  const port = await freePort();
  const began = performance.now();
  const child = spawn(process.execPath, [CLI, '--port', String(port), '--no-rate-limit', '--quiet'], {stdio: 'ignore'});
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

function load(options) {
  return new Promise((resolve, reject) =>
    autocannon({connections: 10, duration: 5, ...options}, (error, result) =>
      error ? reject(error) : resolve(result),
    ),
  );
}

export async function sandboxBench() {
  const startups = [];
  for (let i = 0; i < RUNS; i++) {
    const {child, ms} = await start();
    startups.push(ms);
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  const {child, base} = await start();
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
      requests: [{setupRequest: (req) => ({...req, headers: {...req.headers, 'Idempotency-Key': randomUUID()}})}],
    });
    const non2xx = get.non2xx + post.non2xx;
    if (non2xx > 0 || get.errors + post.errors > 0)
      throw new Error(`the load run had ${non2xx} non-2xx answers and ${get.errors + post.errors} errors`);
    return {startupMs: median(startups), startups, get, post};
  } finally {
    child.kill('SIGTERM');
  }
}

export function printSandboxTable({startupMs, startups, get, post}) {
  console.log('\n| local sandbox (npm run sandbox) | value | goal |');
  console.log('| --- | ---: | ---: |');
  console.log(
    `| start-up, spawn to first 200 (median of ${startups.length}; ${startups.map((ms) => ms.toFixed(0)).join(', ')} ms) | ${startupMs.toFixed(0)} ms | 1000 ms |`,
  );
  console.log(
    `| GET /v1/invoices/{id}: requests/s (10 connections, 5 s) | ${get.requests.average.toFixed(0)} | 2000 |`,
  );
  console.log(`| GET /v1/invoices/{id}: p99 latency | ${get.latency.p99} ms | 25 ms |`);
  console.log(
    `| POST /v1/invoices (validated, new key each): requests/s | ${post.requests.average.toFixed(0)} | 1000 |`,
  );
  console.log(`| POST /v1/invoices: p99 latency | ${post.latency.p99} ms | 25 ms |`);
}

if (process.argv[1] && import.meta.url === `file://${process.argv[1]}`) {
  printSandboxTable(await sandboxBench());
}
