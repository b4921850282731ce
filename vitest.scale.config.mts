import {defineConfig} from 'vitest/config';

// The build's memory budget at ten times our definition (tests/scale/): one site build, a few
// minutes on a 2-core machine, so a step of `npm test` of its own rather than a unit test.
export default defineConfig({
  test: {
    include: ['tests/scale/**/*.test.ts'],
    // A hang guard, not a measure: the build takes about 1.5 minutes on an idle 2-core machine.
    testTimeout: 600_000,
    hookTimeout: 60_000,
    // A test left with .only would silently skip every other test: refused, locally and in CI alike.
    allowOnly: false,
  },
});
