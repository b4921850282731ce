/**
 * The "every page as quick as `/`" table: a page more than 3 points below `/`, or with more than
 * 1.5 times its blocking time, is marked OVER; `/` measured again under another address is the
 * control, named as such, and the line under the table says whether the sitting's noise alone
 * went past the limits; each row gives the machine's speed while it was measured, and the last
 * line how far that speed moved over the sitting.
 */
import {describe, it, expect} from 'vitest';
import {CONTROL_ROUTE, comparedWithHome, comparisonRoutes, quickAsHomeTable} from '../../bench/quick-as-home.mjs';

const summary = (performance: number, totalBlockingTime: number, benchmarkIndex = 2000) => ({
  scores: {performance},
  performanceRange: [performance - 2, performance + 1],
  totalBlockingTime,
  benchmarkIndex,
  benchmarkRange: [benchmarkIndex - 100, benchmarkIndex + 50],
});

describe('every page against /', () => {
  it('allows 3 points below / and 1.5 times its blocking time, and no more', () => {
    const home = summary(95, 200);
    expect(comparedWithHome(home, summary(92, 300))).toEqual({points: 3, ratio: 1.5, ok: true});
    expect(comparedWithHome(home, summary(91, 200)).ok).toBe(false);
    expect(comparedWithHome(home, summary(99, 301)).ok).toBe(false);
  });

  it('names the control row and says when the control is within the limits', () => {
    const routes = ['/', CONTROL_ROUTE, '/sandbox/'];
    const table = quickAsHomeTable(
      routes,
      ['build'],
      [[summary(95, 200), summary(94, 250, 2150), summary(90, 320, 1240.4)]],
    );
    expect(table.split('\n')).toEqual([
      '| page | build: performance (range) | build: TBT ms | build: machine | build: vs `/` |',
      '| --- | ---: | ---: | ---: | --- |',
      '| / | 95 (93-96) | 200 | 2000 | - |',
      '| /?again (control: `/` again) | 94 (92-95) | 250 | 2150 | -1 pts, TBT ×1.25 |',
      '| /sandbox/ | 90 (88-91) | 320 | 1240 | -5 pts, TBT ×1.60 OVER |',
      '',
      'build: `/` against itself, -1 pts, TBT ×1.25.',
      '',
      "Machine (Lighthouse's benchmark index, higher is faster) over the sitting: 1140 to 2200.",
    ]);
  });

  it('says when the noise of the sitting alone is past the limits', () => {
    const routes = ['/', CONTROL_ROUTE];
    const table = quickAsHomeTable(
      routes,
      ['a', 'b'],
      [
        [summary(96, 230), summary(90, 417)],
        [summary(93, 336), summary(93, 333)],
      ],
    );
    expect(table.split('\n').slice(-4, -2)).toEqual([
      'a: `/` against itself, -6 pts, TBT ×1.81 OVER. The noise of this sitting alone exceeds the limits: its OVER rows do not tell pages apart.',
      'b: `/` against itself, -0 pts, TBT ×0.99.',
    ]);
  });

  it('puts / first and its control second, and every other route once', () => {
    expect(comparisonRoutes(['/sandbox/', '/', '/rate-limits/', '/sandbox/', CONTROL_ROUTE])).toEqual([
      '/',
      CONTROL_ROUTE,
      '/sandbox/',
      '/rate-limits/',
    ]);
  });

  it('refuses a table whose first route is not /', () => {
    expect(() => quickAsHomeTable(['/sandbox/'], ['build'], [[summary(90, 300)]])).toThrow(
      'the first route must be /, not /sandbox/',
    );
  });
});
