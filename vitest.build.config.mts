import {defineConfig} from 'vitest/config';

// Tests that read the production build (build/, .docusaurus/): run after `npm run build`.
export default defineConfig({
  test: {
    include: ['tests/after-build/**/*.test.ts'],
    // A hang guard, not a measure: with two busy loops beside it on 2 cores a test that compiles
    // or runs dozens of samples, or waits on a sandbox's scheduled steps, takes several times its
    // idle time; a test that hangs still fails, after two minutes.
    testTimeout: 120_000,
    // A hang guard: hooks here start servers and MCP clients, which a loaded machine may keep
    // waiting for more than Vitest's default 10 s.
    hookTimeout: 60_000,
    // A test left with .only would silently skip every other test: refused, locally and in CI alike.
    allowOnly: false,
  },
});
