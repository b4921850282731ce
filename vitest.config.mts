import {defineConfig} from 'vitest/config';

export default defineConfig({
  // tsconfig.json preserves JSX for Docusaurus' bundler; tests that render a component need it compiled.
  oxc: {jsx: {runtime: 'automatic'}},
  test: {
    include: ['tests/unit/**/*.test.ts'],
    // A hang guard, not a measure: with two busy loops beside it on 2 cores a test that compiles
    // or runs dozens of samples, or waits on a sandbox's scheduled steps, takes several times its
    // idle time; a test that hangs still fails, after two minutes.
    testTimeout: 120_000,
    // A hang guard, not a measure: a hook that starts or stops sandboxes, receivers and MCP
    // clients waits on other processes, which a loaded 2-core machine may keep waiting for more
    // than Vitest's default 10 s.
    hookTimeout: 60_000,
    // Vitest's default is one file at a time on a 2-core machine (cores - 1). Most suites spend
    // their time waiting on child processes (sandboxes, compilers, the samples they run, a sample
    // waiting out its timeout), so three files at once keep both cores busy: the 3,097 tests took
    // 156 s with three, 172 s with two (one core in five idle).
    maxWorkers: 3,
    // A worker keeps the modules it has loaded from one file to the next, instead of loading the
    // definition model, the sandbox and the site's config again for each of the 98 files: 98 s and
    // 166 s of CPU instead of 156 s and 291 s. What a file changes it puts back (vi.stubEnv with
    // vi.unstubAllEnvs, a spy's mockRestore), and a module mocked with vi.mock is imported by that
    // file alone (@docusaurus/useBaseUrl, for the Diagram component).
    isolate: false,
    // A test left with .only would silently skip every other test: refused, locally and in CI alike.
    allowOnly: false,
  },
});
