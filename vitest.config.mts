import {defineConfig} from 'vitest/config';

export default defineConfig({
  // tsconfig.json preserves JSX for Docusaurus' bundler; tests that render a component need it compiled.
  oxc: {jsx: {runtime: 'automatic'}},
  test: {
    include: ['tests/unit/**/*.test.ts'],
    testTimeout: 20_000,
    // Vitest's default is one file at a time on a 2-core machine (cores - 1). Most suites spend
    // their time waiting on child processes (sandboxes, compilers, the samples they run), so two
    // files at once keep both cores busy: 893 tests of eight such files took 113 s instead of 145 s.
    maxWorkers: 2,
    // A test left with .only would silently skip every other test: refused, locally and in CI alike.
    allowOnly: false,
  },
});
