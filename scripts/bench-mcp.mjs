#!/usr/bin/env node
/**
 * `npm run bench:mcp`: what the MCP server costs, on an existing build (`npm run build` first).
 * Prints one table:
 *
 * - start-up: from spawning the command an MCP client runs to the answer of its first tools/list
 *   (median and worst of --runs), through `npm run --silent mcp` and through `node mcp/cli.ts`,
 *   with the server's CPU time by then (user + system, which the machine's load does not inflate);
 * - the answer of each tool call of an assistant's session (search, page, operation, error code,
 *   sandbox requests, clock, delivery log), in bytes of text;
 * - the server's resident memory (VmRSS) after that session, and its peak (VmHWM).
 *
 * A report, not a test: no thresholds. Times depend on the machine's load; compare runs of one sitting.
 *
 *   node scripts/bench-mcp.mjs [--runs 5]
 */
import {readFileSync} from 'node:fs';
import {createServer} from 'node:http';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js';
import {listenOnFreePort} from '../tooling/ports.mjs';
import {median} from '../bench/stats.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const i = process.argv.indexOf('--runs');
const RUNS = i > 0 ? Number(process.argv[i + 1]) : 5;

/**
 * @param {string} command
 * @param {string[]} args
 */
async function connect(command, args) {
  const started = performance.now();
  const transport = new StdioClientTransport({command, args, cwd: ROOT, stderr: 'ignore'});
  const client = new Client({name: 'bench-mcp', version: '1.0.0'});
  await client.connect(transport);
  await client.listTools();
  return {client, transport, ms: performance.now() - started};
}

/**
 * CPU seconds (user + system) a process has used so far: what start-up costs, whatever the machine's load.
 * @param {number | null} pid
 */
function cpuMs(pid) {
  const fields = (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * @param {string} command
 * @param {string[]} args
 */
async function startUp(command, args) {
  /** @type {number[]} */
  const times = [];
  /** @type {number[]} */
  const cpu = [];
  for (let run = 0; run < RUNS; run++) {
    const {client, transport, ms} = await connect(command, args);
    times.push(ms);
    if (command === process.execPath) cpu.push(cpuMs(transport.pid));
    await client.close();
  }
  return {median: median(times), worst: Math.max(...times), cpu: cpu.length ? median(cpu) : undefined};
}

const kb = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(1)} KB`;
/** @type {[string, string][]} */
const rows = [];

for (const [label, command, args] of /** @type {[string, string, string[]][]} */ ([
  ['npm run --silent mcp', 'npm', ['run', '--silent', 'mcp']],
  ['node mcp/cli.ts', process.execPath, ['mcp/cli.ts']],
])) {
  const t = await startUp(command, args);
  const cpu = t.cpu === undefined ? '' : `; the server's CPU time ${Math.round(t.cpu)} ms`;
  rows.push([
    `start-up to first tools/list: ${label}`,
    `${Math.round(t.median)} ms (worst ${Math.round(t.worst)} ms, ${RUNS} runs${cpu})`,
  ]);
}

const receiver = createServer((req, res) => req.resume().on('end', () => res.writeHead(200).end()));
const receiverUrl = `${await listenOnFreePort(receiver)}/hook`;
const {client, transport} = await connect(process.execPath, ['mcp/cli.ts', '--own-sandbox']);
const call = async (/** @type {string} */ name, /** @type {Record<string, unknown>} */ args) => {
  const result = await client.callTool({name, arguments: args});
  const [first] = /** @type {{type: string, text?: string}[]} */ (result.content);
  const text = first?.text ?? '';
  rows.push([`answer: ${name} ${JSON.stringify(args).slice(0, 60)}`, kb(Buffer.byteLength(text))]);
  return text;
};
await call('search_docs', {query: 'receive a payment'});
await call('read_page', {route: '/walkthrough/receiving-payments'});
await call('read_page', {route: '/webhooks/signature-verification'});
await call('get_operation', {slug: 'issue-invoice'});
await call('lookup_error', {code: 'VALIDATION_FAILED'});
const invoice = JSON.parse(
  await call('sandbox_request', {
    method: 'POST',
    path: '/invoices',
    idempotencyKey: 'bench-1',
    body: {amount: {currency: 'USD', amount: '25.00'}},
  }),
).body;
await call('sandbox_request', {method: 'POST', path: `/invoices/${invoice.id}/quote`, idempotencyKey: 'bench-2'});
await call('sandbox_request', {
  method: 'POST',
  path: '/subscriptions',
  idempotencyKey: 'bench-3',
  body: {
    webhookUrl: receiverUrl,
    webhookVersion: '2025-06-01',
    secret: 'whsec_bench_0123456789abcdef',
    eventTypes: ['invoice.updated'],
  },
});
await call('sandbox_advance_clock', {seconds: 15});
await call('sandbox_deliveries', {});
const status = readFileSync(`/proc/${transport.pid}/status`, 'utf8');
const mem = (/** @type {string} */ key) =>
  `${Math.round(Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1]) / 1024)} MB`;
rows.push(
  ['server memory after the session: resident (VmRSS)', mem('VmRSS')],
  ['server memory: peak resident (VmHWM)', mem('VmHWM')],
);
await client.close();
receiver.close();

const width = Math.max(...rows.map(([k]) => k.length));
for (const [k, v] of rows) console.log(`${k.padEnd(width)}  ${v}`);
