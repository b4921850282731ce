#!/usr/bin/env node
/**
 * `npm run bench:scale -- K`: builds the site with the API definition multiplied K times (every
 * path copied K times with distinct operationIds, summaries and paths: 49 * K operations) and
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
 * The site is copied to a temporary folder (its node_modules linked), so the checkout's own
 * build/, api/ and static/openapi.* are never touched. Timings are printed, never asserted.
 */
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {gzipSync} from 'node:zlib';
import {stringify} from 'yaml';
import {memoryByPhase} from '../bench/memory-phases.mjs';
import {runMeasured} from '../bench/process-tree.mjs';
import {operationCount, scaleDefinition} from '../bench/scale-definition.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SKIP = new Set(['node_modules', 'build', '.docusaurus', '.git', 'test-results', 'playwright-report', 'reports']);

function fail(message) {
  console.error(`bench-scale: ${message}`);
  process.exit(1);
}

function parseArgs(argv) {
  const options = {times: undefined, from: ROOT, heapProf: undefined, keep: false, trace: undefined};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--from') options.from = path.resolve(argv[++i] ?? fail('--from needs a folder'));
    else if (arg === '--heap-prof') options.heapProf = path.resolve(argv[++i] ?? fail('--heap-prof needs a folder'));
    else if (arg === '--keep') options.keep = true;
    else if (arg === '--trace') options.trace = path.resolve(argv[++i] ?? fail('--trace needs a file'));
    else if (options.times === undefined && /^\d+$/.test(arg) && Number(arg) >= 1) options.times = Number(arg);
    else fail(`K must be a positive integer (how many times to copy the definition's paths), got "${arg}"`);
  }
  if (options.times === undefined) fail('usage: npm run bench:scale -- K  (K: a positive integer)');
  if (!existsSync(path.join(options.from, 'docusaurus.config.ts')))
    fail(`--from ${options.from} holds no docusaurus.config.ts`);
  return options;
}

function filesUnder(dir, test) {
  const found = [];
  for (const entry of readdirSync(dir, {withFileTypes: true})) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...filesUnder(file, test));
    else if (test(file)) found.push(file);
  }
  return found;
}

const sum = (files) => files.reduce((total, file) => total + statSync(file).size, 0);
const gzipSum = (files) => files.reduce((total, file) => total + gzipSync(readFileSync(file)).length, 0);
const mib = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

const options = parseArgs(process.argv.slice(2));
const site = mkdtempSync(path.join(tmpdir(), 'kestrel-scale-'));
cpSync(options.from, site, {
  recursive: true,
  filter: (src) => !SKIP.has(path.relative(options.from, src).split(path.sep)[0]),
});
const modules = existsSync(path.join(options.from, 'node_modules'))
  ? path.join(options.from, 'node_modules')
  : path.join(ROOT, 'node_modules');
symlinkSync(modules, path.join(site, 'node_modules'));

const env = {...process.env};
// With --trace, Docusaurus logs each phase of the build (bundling, SSG, postBuild) with its time.
if (options.trace) env.DOCUSAURUS_PERF_LOGGER = 'true';
const memoryLog = options.trace && `${options.trace}.memory.tsv`;
if (memoryLog) {
  rmSync(memoryLog, {force: true});
  env.KESTREL_MEMORY_LOG = memoryLog;
  env.NODE_OPTIONS = `${env.NODE_OPTIONS ?? ''} --require ${path.join(ROOT, 'bench', 'memory-sampler.cjs')}`.trim();
}
if (options.heapProf)
  env.NODE_OPTIONS = `${env.NODE_OPTIONS ?? ''} --heap-prof --heap-prof-dir=${options.heapProf}`.trim();
const run = (command, args, extraEnv = process.env) => runMeasured(command, args, {cwd: site, env: extraEnv});

try {
  console.error(`bench-scale: building ${site} with the definition's paths copied ${options.times} times`);
  const bundled = await run('node', ['scripts/bundle-openapi.mjs']);
  const definitionFile = path.join(site, 'static', 'openapi.json');
  const scaled = scaleDefinition(JSON.parse(readFileSync(definitionFile, 'utf8')), options.times);
  writeFileSync(definitionFile, JSON.stringify(scaled, null, 2));
  writeFileSync(path.join(site, 'static', 'openapi.yaml'), stringify(scaled));
  const generated = await run('node', ['plugins/api-reference/cli.ts']);
  const rows = ['seconds\tprocess tree RSS (MiB)\tlog line'];
  const lines = [];
  const trace = options.trace && {
    sample: (t, bytes) => rows.push(`${t.toFixed(1)}\t${(bytes / 2 ** 20).toFixed(0)}\t`),
    output: (t, line) => {
      lines.push({t, line});
      rows.push(`${t.toFixed(1)}\t\t${line.replace(/\t/g, ' ')}`);
    },
  };
  const buildStartedAt = Date.now();
  // The build as `npm run build` makes it after gen-api (in two processes: scripts/build-site.mjs),
  // or a plain `docusaurus build` for a checkout from before that script.
  const buildCommand = existsSync(path.join(site, 'scripts', 'build-site.mjs'))
    ? ['node', ['scripts/build-site.mjs']]
    : ['npx', ['docusaurus', 'build']];
  const built = await runMeasured(...buildCommand, {cwd: site, env}, trace);
  if (options.trace) writeFileSync(options.trace, `# started ${buildStartedAt}\n${rows.join('\n')}\n`);

  const build = path.join(site, 'build');
  const html = filesUnder(build, (f) => f.endsWith('.html'));
  const operationPages = filesUnder(path.join(build, 'api'), (f) => f.endsWith('index.html')).filter(
    (f) =>
      path.dirname(f) !== path.join(build, 'api') && !/introduction|-webhook$/.test(path.basename(path.dirname(f))),
  );
  const largestOperation = Math.max(0, ...operationPages.map((f) => gzipSync(readFileSync(f)).length));
  const searchIndex = filesUnder(build, (f) => /search-index.*\.json$/.test(path.basename(f)));
  const llmsFull = path.join(build, 'llms-full.txt');

  console.log(`\n| scale bench, definition x${options.times} | value |`);
  console.log('| --- | ---: |');
  console.log(`| operations | ${operationCount(scaled)} |`);
  console.log(
    `| build time (gen-api + docusaurus build) | ${(bundled.seconds + generated.seconds + built.seconds).toFixed(1)} s |`,
  );
  console.log(`| of which docusaurus build | ${built.seconds.toFixed(1)} s |`);
  console.log(`| peak memory of docusaurus build (process tree RSS) | ${(built.peakBytes / 2 ** 30).toFixed(2)} GiB |`);
  console.log(`| HTML, all ${html.length} pages (raw / gzip) | ${mib(sum(html))} / ${mib(gzipSum(html))} |`);
  console.log(
    `| HTML, ${operationPages.length} operation pages (raw / gzip) | ${mib(sum(operationPages))} / ${mib(gzipSum(operationPages))} |`,
  );
  console.log(`| largest operation page HTML (gzip) | ${kib(largestOperation)} |`);
  console.log(
    `| search index, ${searchIndex.length} files (raw / gzip) | ${mib(sum(searchIndex))} / ${mib(gzipSum(searchIndex))} |`,
  );
  console.log(
    `| llms-full.txt (raw / gzip) | ${existsSync(llmsFull) ? `${mib(sum([llmsFull]))} / ${mib(gzipSum([llmsFull]))}` : 'not written'} |`,
  );
  if (options.trace) {
    console.log(`\nMemory by phase, at each phase's RSS peak of the build process (MiB; process tree peak above):\n`);
    console.log(memoryByPhase(lines, memoryLog, buildStartedAt));
    console.log(`\nMemory over time, with the build's log: ${options.trace} (per thread: ${memoryLog})`);
  }
  if (options.heapProf) console.log(`\nHeap profiles: ${options.heapProf} (open in Chrome DevTools, Memory tab)`);
} finally {
  if (options.keep) console.error(`bench-scale: kept ${site}`);
  else rmSync(site, {recursive: true, force: true});
}
