/**
 * Lighthouse's scores of the served build (tooling/lighthouse.mjs), the median of `--runs` runs
 * (default 5) with the lowest and highest performance score. Runs under tsx (it reads the brand
 * module):
 *
 *   npx tsx scripts/lighthouse.mjs [--runs N] [route ...]
 *
 * `--builds DIR,DIR` compares builds in one sitting and prints each page against `/`, with `/`
 * measured a second time as the control (bench/quick-as-home.mjs).
 */
import {comparisonRoutes, quickAsHomeTable} from '../bench/quick-as-home.mjs';
import {lighthouseByBuild, lighthouseScores} from '../tooling/lighthouse.mjs';

/** A bad command line: one line, exit 2. @param {string} message @returns {never} */
function fail(message) {
  console.error(`lighthouse: ${message}`);
  process.exit(2);
}

/**
 * Reads `--name value` from the arguments, removing both.
 * @param {string[]} args
 * @param {string} name
 */
function takeOption(args, name) {
  const at = args.indexOf(name);
  if (at < 0) return undefined;
  const [, value] = args.splice(at, 2);
  if (value === undefined) fail(`${name} needs a value`);
  return value;
}

const routes = process.argv.slice(2);
const runs = Number(takeOption(routes, '--runs') ?? 5);
if (!Number.isInteger(runs) || runs < 1) fail('--runs must be a whole number of at least 1');
const builds = takeOption(routes, '--builds')?.split(',');
if (builds) {
  // The comparison table, on each build, interleaved.
  const pages = comparisonRoutes(routes);
  console.log(quickAsHomeTable(pages, builds, await lighthouseByBuild(pages, builds, {runs})));
  process.exit(0);
}
for (const {
  route,
  scores,
  performanceRange,
  totalBlockingTime,
  largestContentfulPaint,
  failing,
} of await lighthouseScores(routes.length ? routes : ['/'], {runs})) {
  const detail = `performance ${performanceRange.join('-')}, TBT ${totalBlockingTime.toFixed(0)} ms, LCP ${largestContentfulPaint.toFixed(0)} ms`;
  console.log(route, JSON.stringify(scores), detail, failing.length ? `failing: ${failing.join(', ')}` : '');
}
