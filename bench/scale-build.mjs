/**
 * The site built with its definition multiplied (./scale-definition.mjs), measured: what
 * `npm run bench:scale` prints and the memory budget test (tests/scale/) asserts.
 *
 * The site is copied to a temporary folder (its node_modules linked), so the checkout's own
 * build/, api/ and static/openapi.* are never touched. Then, each step timed and its process
 * tree's memory sampled (./process-tree.mjs): the definition bundled, multiplied, the API pages
 * generated (gen-api), and the site built as `npm run build` builds it.
 */
import {cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {stringify} from 'yaml';
import {LOCAL_SANDBOX_BUILD_DIR} from '../sandbox/local-sandbox.mjs';
import {runMeasured} from './process-tree.mjs';
import {operationCount, scaleDefinition} from './scale-definition.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Build output, caches and reports: never copied (a copy of build-local-sandbox/ alone is hundreds of MiB).
const SKIP = new Set([
  'node_modules',
  'build',
  LOCAL_SANDBOX_BUILD_DIR,
  '.docusaurus',
  '.cache-loader',
  '.git',
  'test-results',
  'playwright-report',
  'reports',
]);

/**
 * Builds `from` (default: this checkout) with its definition's paths copied `times` times.
 * With `trace` ({sample(t, bytes), output(t, line)}), the build's memory samples and log lines are
 * passed on as they come; `env` is added to the build's environment. Resolves with the temporary
 * site (the caller removes it with `remove()`, which `keep` turns into saying where it is), the
 * operation count, each step's {seconds, peakBytes}, and the whole build's peak (`peakBytes`, the
 * largest of the steps', which run one after the other) and `seconds`; a failed step rejects, naming it, after
 * `remove()`.
 * @param {{times: number, from?: string, env?: Record<string, string>, trace?: import('./process-tree.mjs').Trace, keep?: boolean, log?: (line: string) => void}} options
 */
export async function buildScaled({
  times,
  from = ROOT,
  env = {},
  trace = undefined,
  keep = false,
  log = console.error,
}) {
  const site = mkdtempSync(path.join(tmpdir(), 'kestrel-scale-'));
  const remove = () => (keep ? log(`bench-scale: kept ${site}`) : rmSync(site, {recursive: true, force: true}));
  try {
    cpSync(from, site, {
      recursive: true,
      filter: (src) => !SKIP.has(path.relative(from, src).split(path.sep)[0] ?? ''),
    });
    const modules = existsSync(path.join(from, 'node_modules'))
      ? path.join(from, 'node_modules')
      : path.join(ROOT, 'node_modules');
    symlinkSync(modules, path.join(site, 'node_modules'));
    log(`bench-scale: building ${site} with the definition's paths copied ${times} times`);

    const run = (/** @type {string} */ command, /** @type {string[]} */ args) =>
      runMeasured(command, args, {cwd: site, env: process.env});
    const bundled = await run('node', ['scripts/bundle-openapi.mjs']);
    const definitionFile = path.join(site, 'static', 'openapi.json');
    const scaled = scaleDefinition(JSON.parse(readFileSync(definitionFile, 'utf8')), times);
    writeFileSync(definitionFile, JSON.stringify(scaled, null, 2));
    writeFileSync(path.join(site, 'static', 'openapi.yaml'), stringify(scaled));
    const generated = await run('node', ['plugins/api-reference/cli.ts']);

    // The build as `npm run build` makes it after gen-api (in two processes: scripts/build-site.mjs),
    // or a plain `docusaurus build` for a checkout from before that script.
    /** @type {[string, string[]]} */
    const buildCommand = existsSync(path.join(site, 'scripts', 'build-site.mjs'))
      ? ['node', ['scripts/build-site.mjs']]
      : ['npx', ['docusaurus', 'build']];
    const startedAt = Date.now();
    const built = await runMeasured(...buildCommand, {cwd: site, env: {...process.env, ...env}}, trace);
    // `npm run build` runs these one after the other: its peak is the largest of theirs.
    const peakBytes = Math.max(bundled.peakBytes, generated.peakBytes, built.peakBytes);
    const seconds = bundled.seconds + generated.seconds + built.seconds;
    return {site, remove, operations: operationCount(scaled), bundled, generated, built, peakBytes, seconds, startedAt};
  } catch (error) {
    remove();
    throw error;
  }
}
