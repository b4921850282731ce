import {defineConfig} from 'vitest/config';

export default defineConfig({
  // tsconfig.json preserves JSX for Docusaurus' bundler; tests that render a component need it compiled.
  oxc: {jsx: {runtime: 'automatic'}},
  test: {
    include: ['tests/unit/**/*.test.ts'],
    testTimeout: 20_000,
    // A test left with .only would silently skip every other test: refused, locally and in CI alike.
    allowOnly: false,
  },
});
