#!/usr/bin/env node
/**
 * `npm run bench:scale -- K`: builds the site with the API definition multiplied K times (every
 * path copied K times with distinct operationIds, summaries and paths: K times the operations) and
 * prints, as a table, the build's wall time and the peak memory of its whole process tree, the
 * HTML written (all pages, the operation pages, the largest operation page gzip), the search
 * index and llms-full.txt.
 *
 *   npm run bench:scale -- 10
 *   npm run bench:scale -- 10 --from /path/to/other/checkout   (measure another checkout)
 *   npm run bench:scale -- 10 --heap-prof /tmp/heap          (V8 heap profiles of the build)
 *   npm run bench:scale -- 10 --keep                          (keep the scaled site to look at)
 *   npm run bench:scale -- 10 --trace /tmp/trace.tsv          (the build's memory over time, with
 *                                                              its log lines and phase timings, and
 *                                                              a table of memory by phase: V8 heaps,
 *                                                              Buffers and native, from
 *                                                              bench/memory-sampler.cjs in the build)
 *
 * The site is built in a temporary copy (bench/scale-build.mjs), so the checkout's own build/, api/
 * and static/openapi.* are never touched. Timings are printed, never asserted; the peak memory at
 * 10 times is asserted by `npm test` (tests/scale/memory-budget.test.ts, bench/memory-budget.mjs).
 */
import {existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {gzipSync} from 'node:zlib';
import {memoryByPhase} from '../bench/memory-phases.mjs';
import {buildScaled} from '../bench/scale-build.mjs';
import {API_SIDEBAR} from '../config/api-sidebar.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  console.error(`bench-scale: ${message}`);
  process.exit(1);
}

/**
 * @param {string[]} argv
 * @returns {{times: number, from: string, heapProf?: string, keep: boolean, trace?: string}}
 */
function parseArgs(argv) {
  /** @type {{times?: number, from: string, heapProf?: string, keep: boolean, trace?: string}} */
  const options = {from: ROOT, keep: false};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--from') options.from = path.resolve(argv[++i] ?? fail('--from needs a folder'));
    else if (arg === '--heap-prof') options.heapProf = path.resolve(argv[++i] ?? fail('--heap-prof needs a folder'));
    else if (arg === '--keep') options.keep = true;
    else if (arg === '--trace') options.trace = path.resolve(argv[++i] ?? fail('--trace needs a file'));
    else if (options.times === undefined && /^\d+$/.test(arg) && Number(arg) >= 1) options.times = Number(arg);
    else fail(`K must be a positive integer (how many times to copy the definition's paths), got "${arg}"`);
  }
  const {times} = options;
  if (times === undefined) fail('usage: npm run bench:scale -- K  (K: a positive integer)');
  if (!existsSync(path.join(options.from, 'docusaurus.config.ts')))
    fail(`--from ${options.from} holds no docusaurus.config.ts`);
  return {...options, times};
}

/**
 * @param {string} dir
 * @param {(file: string) => boolean} test
 * @returns {string[]}
 */
function filesUnder(dir, test) {
  /** @type {string[]} */
  const found = [];
  for (const entry of readdirSync(dir, {withFileTypes: true})) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...filesUnder(file, test));
    else if (test(file)) found.push(file);
  }
  return found;
}

const sum = (/** @type {string[]} */ files) => files.reduce((total, file) => total + statSync(file).size, 0);
const gzipSum = (/** @type {string[]} */ files) =>
  files.reduce((total, file) => total + gzipSync(readFileSync(file)).length, 0);
const mib = (/** @type {number} */ bytes) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
const kib = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

const options = parseArgs(process.argv.slice(2));
/** @type {Record<string, string>} */
const env = {};
// With --trace, Docusaurus logs each phase of the build (bundling, SSG, postBuild) with its time.
if (options.trace) env.DOCUSAURUS_PERF_LOGGER = 'true';
const memoryLog = options.trace ? `${options.trace}.memory.tsv` : undefined;
let nodeOptions = process.env.NODE_OPTIONS ?? '';
if (memoryLog) {
  rmSync(memoryLog, {force: true});
  env.KESTREL_MEMORY_LOG = memoryLog;
  nodeOptions = `${nodeOptions} --require ${path.join(ROOT, 'bench', 'memory-sampler.cjs')}`.trim();
}
if (options.heapProf) nodeOptions = `${nodeOptions} --heap-prof --heap-prof-dir=${options.heapProf}`.trim();
if (nodeOptions) env.NODE_OPTIONS = nodeOptions;

const rows = ['seconds\tprocess tree RSS (MiB)\tlog line'];
/** @type {{t: number, line: string}[]} */
const lines = [];
/** @type {import('../bench/process-tree.mjs').Trace | undefined} */
const trace = options.trace
  ? {
      sample: (t, bytes) => rows.push(`${t.toFixed(1)}\t${(bytes / 2 ** 20).toFixed(0)}\t`),
      output: (t, line) => {
        lines.push({t, line});
        rows.push(`${t.toFixed(1)}\t\t${line.replace(/\t/g, ' ')}`);
      },
    }
  : undefined;
const {site, remove, operations, bundled, generated, built, peakBytes, seconds, startedAt} = await buildScaled({
  times: options.times,
  from: options.from,
  env,
  trace,
  keep: options.keep,
}).catch((error) => fail(/** @type {Error} */ (error).message));

try {
  if (options.trace) writeFileSync(options.trace, `# started ${startedAt}\n${rows.join('\n')}\n`);

  const build = path.join(site, 'build');
  const html = filesUnder(build, (f) => f.endsWith('.html'));
  // Past the sidebar's open limit each group has a page of its own: not an operation's.
  const groupPages = path.join(build, 'api', ...API_SIDEBAR.groupPagePrefix.split('/').filter(Boolean)) + path.sep;
  const operationPages = filesUnder(path.join(build, 'api'), (f) => f.endsWith('index.html')).filter(
    (f) =>
      path.dirname(f) !== path.join(build, 'api') &&
      !/introduction|-webhook$/.test(path.basename(path.dirname(f))) &&
      !f.startsWith(groupPages),
  );
  const largestOperation = Math.max(0, ...operationPages.map((f) => gzipSync(readFileSync(f)).length));
  const pageData = filesUnder(path.join(site, 'api'), (f) => f.endsWith('.json'));
  const searchIndex = filesUnder(build, (f) => /search-index.*\.json$/.test(path.basename(f)));
  const llmsFull = path.join(build, 'llms-full.txt');

  console.log(`\n| scale bench, definition x${options.times} | value |`);
  console.log('| --- | ---: |');
  const gib = (/** @type {number} */ bytes) => `${(bytes / 2 ** 30).toFixed(2)} GiB`;
  console.log(`| operations | ${operations} |`);
  console.log(
    `| **peak memory**, \`npm run build\` (gen-api, then the site build; process tree RSS) | **${gib(peakBytes)}** |`,
  );
  console.log(
    `| peak of gen-api / of the site build | ${gib(Math.max(bundled.peakBytes, generated.peakBytes))} / ${gib(built.peakBytes)} |`,
  );
  console.log(`| **build time**, wall (gen-api + site build) | **${seconds.toFixed(1)} s** |`);
  console.log(
    `| of which gen-api / site build | ${(bundled.seconds + generated.seconds).toFixed(1)} s / ${built.seconds.toFixed(1)} s |`,
  );
  console.log(`| HTML, all ${html.length} pages (raw / gzip) | ${mib(sum(html))} / ${mib(gzipSum(html))} |`);
  console.log(
    `| HTML, ${operationPages.length} operation pages (raw / gzip) | ${mib(sum(operationPages))} / ${mib(gzipSum(operationPages))} |`,
  );
  const perPage = (/** @type {number} */ bytes) => kib(bytes / Math.max(1, operationPages.length));
  console.log(
    `| HTML per operation page, mean (raw / gzip) | ${perPage(sum(operationPages))} / ${perPage(gzipSum(operationPages))} |`,
  );
  console.log(`| largest operation page HTML (gzip) | ${kib(largestOperation)} |`);
  console.log(`| page data bundled, ${pageData.length} files api/*.json (raw) | ${mib(sum(pageData))} |`);
  console.log(
    `| search index, ${searchIndex.length} files (raw / gzip) | ${mib(sum(searchIndex))} / ${mib(gzipSum(searchIndex))} |`,
  );
  console.log(
    `| llms-full.txt (raw / gzip) | ${existsSync(llmsFull) ? `${mib(sum([llmsFull]))} / ${mib(gzipSum([llmsFull]))}` : 'not written'} |`,
  );
  if (memoryLog) {
    console.log(`\nMemory by phase, at each phase's RSS peak of the build process (MiB; process tree peak above):\n`);
    console.log(memoryByPhase(lines, memoryLog, startedAt));
    console.log(`\nMemory over time, with the build's log: ${options.trace} (per thread: ${memoryLog})`);
  }
  if (options.heapProf) console.log(`\nHeap profiles: ${options.heapProf} (open in Chrome DevTools, Memory tab)`);
} finally {
  remove();
}
