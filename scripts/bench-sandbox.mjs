#!/usr/bin/env node
/**
 * `npm run bench:sandbox`: prints the local sandbox's start-up, throughput and soak tables
 * (tooling/bench-sandbox.mjs). `--soak` runs only the soak; `--from DIR` measures the sandbox of
 * another checkout. Timings depend on the machine and its load: printed, never asserted.
 */
import path from 'node:path';
import {sandboxBench, sandboxSoak, sandboxTable, soakTable} from '../tooling/bench-sandbox.mjs';

const from = process.argv.indexOf('--from');
if (from > 0 && !process.argv[from + 1]) {
  console.error('bench-sandbox: --from needs the folder of a checkout');
  process.exit(2);
}
const root = from > 0 ? path.resolve(process.argv[from + 1] ?? '') : undefined;
if (!process.argv.includes('--soak')) console.log(sandboxTable(await sandboxBench({root})));
console.log(soakTable(await sandboxSoak({root})));
