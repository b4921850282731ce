/**
 * The build's memory budget (bench/memory-budget.mjs): the site built with its definition ten
 * times ours (bench/scale-build.mjs, in a temporary copy: the checkout's build/ and api/ are not
 * touched), and its peak memory against the figure measured on this machine. What grows a build's
 * memory grows with its pages (the page data each bundles, what the renderer or a postBuild step
 * holds across pages), so ten times ours shows it where one times hides it in the runtime's own.
 */
import {readdirSync} from 'node:fs';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {MEMORY_BUDGET, memoryLimitBytes} from '../../bench/memory-budget.mjs';
import {buildScaled} from '../../bench/scale-build.mjs';

const GIB = 2 ** 30;
const gib = (bytes: number) => `${(bytes / GIB).toFixed(2)} GiB`;

describe(`npm run build with the definition ${MEMORY_BUDGET.times} times ours`, () => {
  let remove = () => {};
  afterAll(() => remove());

  it(`peaks at most ${MEMORY_BUDGET.headroom * 100} % above the ${MEMORY_BUDGET.measuredGiB} GiB measured`, async () => {
    const built = await buildScaled({times: MEMORY_BUDGET.times, log: () => {}});
    remove = built.remove;
    const limit = memoryLimitBytes();
    console.log(
      `memory budget: ${built.operations} operations, peak ${gib(built.peakBytes)} ` +
        `(gen-api ${gib(Math.max(built.bundled.peakBytes, built.generated.peakBytes))}, site build ${gib(built.built.peakBytes)}); ` +
        `measured ${MEMORY_BUDGET.measuredGiB} GiB, limit ${gib(limit)}; ${built.seconds.toFixed(0)} s`,
    );
    // A measure of a build that made its pages: one folder per operation under api/ (and more,
    // for the webhooks and the introduction).
    const apiPages = readdirSync(path.join(built.site, 'build', 'api'), {withFileTypes: true}).filter((e) =>
      e.isDirectory(),
    );
    expect(built.operations % MEMORY_BUDGET.times).toBe(0);
    expect(apiPages.length).toBeGreaterThan(built.operations);
    expect(built.peakBytes, `peak ${gib(built.peakBytes)}, limit ${gib(limit)}`).toBeLessThanOrEqual(limit);
  });
});
