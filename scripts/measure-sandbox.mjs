#!/usr/bin/env node
/**
 * Start-up time of the local sandbox: from spawning `node scripts/sandbox.mjs` to the first 200
 * answer to GET /v1/invoices, over several runs (default 5), each stopped with SIGINT.
 *
 *   node scripts/measure-sandbox.mjs [runs]
 *
 * Uses static/openapi.json when it is fresh, as `npm run sandbox` does; without it each run also
 * bundles the definition first (a few seconds more).
 */
import {spawn} from 'node:child_process';
import {freePort} from './ports.mjs';
import {median} from './stats.mjs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.argv[2] ?? 5);


async function once() {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/sandbox.mjs'), '--port', String(port)], {stdio: 'ignore'});
  const exited = new Promise((resolve) => child.once('exit', resolve));
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/v1/invoices`, {headers: {Authorization: 'Bearer measure'}});
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`the sandbox exited with ${child.exitCode}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const ms = performance.now() - started;
  child.kill('SIGINT');
  const code = await exited;
  if (code !== 0) throw new Error(`the sandbox exited with ${code} on SIGINT`);
  return ms;
}

const times = [];
for (let i = 0; i < runs; i++) {
  times.push(await once());
  console.log(`run ${i + 1}: ${(times.at(-1) / 1000).toFixed(2)} s`);
}
console.log(`start-up (spawn -> first 200), ${runs} runs: median ${(median(times) / 1000).toFixed(2)} s, ` +
  `min ${(Math.min(...times) / 1000).toFixed(2)} s, max ${(Math.max(...times) / 1000).toFixed(2)} s`);
