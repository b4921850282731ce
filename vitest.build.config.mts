import {defineConfig} from 'vitest/config';

// Tests that read the production build (build/, .docusaurus/): run after `npm run build`.
export default defineConfig({
  test: {
    include: ['tests/after-build/**/*.test.ts'],
    testTimeout: 20_000,
    // A hang guard: hooks here start servers and MCP clients, which a loaded machine may keep
    // waiting for more than Vitest's default 10 s.
    hookTimeout: 60_000,
    // A test left with .only would silently skip every other test: refused, locally and in CI alike.
    allowOnly: false,
  },
});
