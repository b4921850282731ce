/**
 * "Every page as quick as `/`": each page's Lighthouse median against that of `/` in the same
 * sitting, at most 3 points below it, with a total blocking time at most 1.5 times its.
 *
 * Every table also measures `/` a second time, under another address (CONTROL_ROUTE), as a page of
 * its own. The two are the same page, so whatever separates them is the machine: on a shared
 * 2-core machine one page's median of 3 moves by several points and its blocking time by up to
 * twice from one sitting to the next. The control row says how far this sitting's noise reaches;
 * when the control itself is over, the other rows that are over do not tell pages apart.
 *
 * Each row also gives the machine's speed while it was measured: Lighthouse's benchmark index (a
 * fixed piece of work timed before each run; higher is faster), median of the row's runs. On a
 * shared machine it moves by nearly twice within minutes, and a page measured while it is low
 * reads slower for that reason alone: a row over the limits with a lower index than `/`'s does not
 * tell the page from `/`.
 */

/** `/` again: the same page (the router ignores the query), measured as a page of its own. */
export const CONTROL_ROUTE = '/?again';

/**
 * The routes of a comparison in the order the table needs: `/` first, its control next, then the
 * routes given, each once.
 * @param {string[]} routes
 */
export function comparisonRoutes(routes) {
  return ['/', CONTROL_ROUTE, ...new Set(routes.filter((r) => r !== '/' && r !== CONTROL_ROUTE))];
}

/**
 * One page's Lighthouse summary over its runs (scripts/lighthouse.mjs): medians and ranges.
 * @typedef {{
 *   scores: {performance: number},
 *   performanceRange: number[],
 *   totalBlockingTime: number,
 *   benchmarkIndex: number,
 *   benchmarkRange: number[],
 * }} PageSummary
 */

/**
 * The summary of the route at `index`, which every build measured.
 * @param {PageSummary[]} results
 * @param {number} index
 */
function summaryAt(results, index) {
  const summary = results[index];
  if (!summary) throw new Error(`quickAsHomeTable: a build has no summary for route ${index}`);
  return summary;
}

const MAX_POINTS_BELOW_HOME = 3;
const MAX_BLOCKING_RATIO = 1.5;

/**
 * A page's summary against that of `/`: points below it (negative when above), blocking-time
 * ratio, and whether both are within the limits.
 * @param {PageSummary} home
 * @param {PageSummary} page
 */
export function comparedWithHome(home, page) {
  const points = home.scores.performance - page.scores.performance;
  const ratio = page.totalBlockingTime / Math.max(home.totalBlockingTime, 1);
  return {points, ratio, ok: points <= MAX_POINTS_BELOW_HOME && ratio <= MAX_BLOCKING_RATIO};
}

/** @param {{points: number, ratio: number, ok: boolean}} compared */
function verdict({points, ratio, ok}) {
  return `${points >= 0 ? '-' : '+'}${Math.abs(points)} pts, TBT ×${ratio.toFixed(2)}${ok ? '' : ' OVER'}`;
}

/**
 * The table, per build (`labels`, `byBuild`: one summary per route, as `routes`): each page's
 * median performance (lowest-highest), blocking time and machine speed, against `/` of the same
 * build; then a line per build on the control, and the machine's lowest and highest speed over the
 * sitting. `/` must be the first route.
 * @param {string[]} routes
 * @param {string[]} labels
 * @param {PageSummary[][]} byBuild
 */
export function quickAsHomeTable(routes, labels, byBuild) {
  if (routes[0] !== '/') throw new Error(`quickAsHomeTable: the first route must be /, not ${routes[0]}`);
  const head = labels
    .map((l) => `${l}: performance (range) | ${l}: TBT ms | ${l}: machine | ${l}: vs \`/\``)
    .join(' | ');
  const lines = [`| page | ${head} |`, `| --- |${' ---: | ---: | ---: | --- |'.repeat(labels.length)}`];
  for (const [r, route] of routes.entries()) {
    const cells = byBuild.map((results) => {
      const page = summaryAt(results, r);
      const against = r === 0 ? '-' : verdict(comparedWithHome(summaryAt(results, 0), page));
      return `${page.scores.performance} (${page.performanceRange.join('-')}) | ${page.totalBlockingTime.toFixed(0)} | ${page.benchmarkIndex.toFixed(0)} | ${against}`;
    });
    const name = route === CONTROL_ROUTE ? `${route} (control: \`/\` again)` : route;
    lines.push(`| ${name} | ${cells.join(' | ')} |`);
  }
  const control = routes.indexOf(CONTROL_ROUTE);
  if (control > 0) {
    lines.push('');
    for (const [b, results] of byBuild.entries()) {
      const against = comparedWithHome(summaryAt(results, 0), summaryAt(results, control));
      lines.push(
        `${labels[b]}: \`/\` against itself, ${verdict(against)}.${
          against.ok
            ? ''
            : ' The noise of this sitting alone exceeds the limits: its OVER rows do not tell pages apart.'
        }`,
      );
    }
  }
  const speeds = byBuild.flat().flatMap((page) => page.benchmarkRange);
  lines.push(
    '',
    `Machine (Lighthouse's benchmark index, higher is faster) over the sitting: ${Math.min(...speeds).toFixed(0)} to ${Math.max(...speeds).toFixed(0)}.`,
  );
  return lines.join('\n');
}
