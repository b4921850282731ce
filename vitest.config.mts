import {defineConfig} from 'vitest/config';

export default defineConfig({
  // tsconfig.json preserves JSX for Docusaurus' bundler; tests that render a component need it compiled.
  oxc: {jsx: {runtime: 'automatic'}},
  test: {
    include: ['tests/unit/**/*.test.ts'],
    testTimeout: 20_000,
  },
});
