/**
 * Memory of a measured build by phase, for `npm run bench:scale -- K --trace FILE`: joins
 * Docusaurus's phase timings (its [PERF] log lines, DOCUSAURUS_PERF_LOGGER=true) with the samples
 * that ./memory-sampler.cjs wrote from inside the build (one per thread every 500 ms), and says
 * for each top-level phase, at the moment the build process's RSS peaked in it: the RSS, the V8
 * heaps of all its threads (main thread and SSG workers apart), Buffers outside the heaps, and the
 * rest, native memory (Rspack's Rust side, compiled code, the allocators' free lists).
 */
import {readFileSync} from 'node:fs';

// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-9;]*m/g;
const PERF_END = /^\[PERF\](?:\[KO\])? (.+?) - ([\d.]+) (seconds!|ms) - \(Heap/;
// The phases of one locale's build: "Build > en > Bundling with rspack", "Build > en > SSG", ...
const PHASE = /^Build > [^>]+ > ([^>]+)$/;

/**
 * Top-level phases from the build's log lines: [{label, start, end}] in seconds since the build started.
 * @param {{t: number, line: string}[]} lines
 */
export function phasesOf(lines) {
  /** @type {{label: string, start: number, end: number}[]} */
  const phases = [];
  for (const {t, line} of lines) {
    const m = line.replace(ANSI, '').match(PERF_END);
    const phase = m?.[1]?.match(PHASE);
    if (!m || !phase?.[1]) continue;
    const seconds = Number(m[2]) / (m[3] === 'ms' ? 1000 : 1);
    phases.push({label: phase[1], start: t - seconds, end: t});
  }
  return phases;
}

/**
 * Samples of the build process (the one running docusaurus), grouped per main-thread tick.
 * @param {string} memoryLog
 * @param {number} startedAt
 */
export function ticksOf(memoryLog, startedAt) {
  const rows = readFileSync(memoryLog, 'utf8')
    .trim()
    .split('\n')
    .map((l) => l.split('\t'))
    .map(([at, pid, thread, rss, heapTotal, heapUsed, external, , script]) => ({
      t: (Number(at) - startedAt) / 1000,
      pid: Number(pid),
      thread: Number(thread),
      rss: Number(rss),
      heapTotal: Number(heapTotal),
      heapUsed: Number(heapUsed),
      external: Number(external),
      script: script ?? '',
    }));
  // Worker threads see no script name of their own: take every thread of each docusaurus process
  // (the build runs in two, one after the other: scripts/build-site.mjs).
  const pids = new Set(rows.filter((r) => r.thread === 0 && /docusaurus/.test(r.script)).map((r) => r.pid));
  const own = rows.filter((r) => pids.has(r.pid));
  /** @type {Map<string, (typeof rows)[number]>} */
  const latestWorker = new Map();
  const ticks = [];
  for (const row of own) {
    if (row.thread !== 0) {
      latestWorker.set(`${row.pid}:${row.thread}`, row);
      continue;
    }
    const workers = [...latestWorker.values()].filter((w) => w.pid === row.pid && row.t - w.t < 1);
    const workerHeaps = workers.reduce((s, w) => s + w.heapTotal, 0);
    const external = row.external + workers.reduce((s, w) => s + w.external, 0);
    ticks.push({
      t: row.t,
      rss: row.rss,
      mainHeap: row.heapTotal,
      mainHeapUsed: row.heapUsed,
      workerHeaps,
      workers: workers.length,
      external,
      native: row.rss - row.heapTotal - workerHeaps - external,
    });
  }
  return ticks;
}

const mib = (/** @type {number} */ b) => (b / 2 ** 20).toFixed(0);

/**
 * Where the peak is: the figures of the tick with the highest RSS.
 * @param {string} memoryLog
 * @param {number} startedAt
 */
export function peakTick(memoryLog, startedAt) {
  return ticksOf(memoryLog, startedAt).reduce((a, b) => (b.rss > a.rss ? b : a));
}

/**
 * A Markdown table: one row per phase, figures in MiB at the RSS peak within the phase.
 * @param {{t: number, line: string}[]} lines
 * @param {string} memoryLog
 * @param {number} startedAt
 */
export function memoryByPhase(lines, memoryLog, startedAt) {
  const ticks = ticksOf(memoryLog, startedAt);
  const out = [
    '| phase | seconds | build process RSS peak (MiB) | V8 heap, main thread (used / total) | V8 heaps, SSG workers | Buffers (external) | native (RSS − heaps − Buffers) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const phase of phasesOf(lines)) {
    const inside = ticks.filter((k) => k.t >= phase.start - 0.25 && k.t <= phase.end + 0.25);
    if (inside.length === 0) continue;
    const peak = inside.reduce((a, b) => (b.rss > a.rss ? b : a));
    out.push(
      `| ${phase.label} | ${(phase.end - phase.start).toFixed(1)} | ${mib(peak.rss)} | ${mib(peak.mainHeapUsed)} / ${mib(peak.mainHeap)} | ${peak.workers ? `${mib(peak.workerHeaps)} (${peak.workers} threads)` : '–'} | ${mib(peak.external)} | ${mib(peak.native)} |`,
    );
  }
  return out.join('\n');
}

// node bench/memory-phases.mjs TRACE: the table again, from a trace written by bench-scale --trace.
if (import.meta.url === `file://${process.argv[1]}`) {
  const trace = process.argv[2];
  if (!trace) {
    console.error('usage: node bench/memory-phases.mjs TRACE [started-at-ms]');
    process.exit(1);
  }
  const [header = '', ...rest] = readFileSync(trace, 'utf8').split('\n');
  const startedAt = Number(header.match(/^# started (\d+)/)?.[1] ?? process.argv[3]);
  const lines = rest
    .map((row) => row.split('\t'))
    .filter((cells) => cells[2])
    .map(([t, , line = '']) => ({t: Number(t), line}));
  console.log(memoryByPhase(lines, `${trace}.memory.tsv`, startedAt));
}
