import {defineConfig} from 'vitest/config';

// Tests that read the production build (build/, .docusaurus/): run after `npm run build`.
export default defineConfig({
  test: {
    include: ['tests/after-build/**/*.test.ts'],
    testTimeout: 20_000,
    // A test left with .only would silently skip every other test: refused, locally and in CI alike.
    allowOnly: false,
  },
});
