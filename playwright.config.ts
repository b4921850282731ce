import {defineConfig} from '@playwright/test';
import {TEST_BROWSER} from './tooling/chromium.mjs';
import {ANALYTICS_PORT, loopbackOnlyArgs} from './tooling/browser-network.mjs';
import {LOCAL_SANDBOX_BUILD_DIR} from './sandbox/local-sandbox.mjs';

// Two builds, two static servers (scripts/test-all.mjs makes both builds):
// - `public`: build/, the build that is deployed. Every browser test but those below runs on it.
// - `local-sandbox`: the build made with KESTREL_LOCAL_SANDBOX=1 (what `npm start` serves). Only
//   the tests of what that switch adds (tests/e2e/local-sandbox/) run on it, each worker with a
//   sandbox of its own on a free port (tests/e2e/local-sandbox/sandbox-fixture.ts), never one
//   already listening on the local sandbox's port.
const PUBLIC_PORT = Number(process.env.E2E_PORT ?? 4173);
const LOCAL_SANDBOX_BUILD_PORT = Number(process.env.E2E_LOCAL_SANDBOX_PORT ?? 4174);
const LOCAL_SANDBOX_TESTS = /[\\/]local-sandbox[\\/]/;
const DEV_SERVER_TESTS = /[\\/]watch-openapi\.spec\.ts$/;

/** Serves a build with the security headers it wrote (CSP included): every test runs under them. */
function staticServer(dir: string, port: number) {
  return {
    command: `node scripts/serve-build.mjs --port ${port} --dir ${dir} --headers ${dir}/_headers`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: !process.env.CI,
  };
}

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  // Three on the machines' two cores: a test waits on the page (loads, network quiet, animations)
  // as much as it computes, and a third worker fills those waits.
  workers: 3,
  retries: 0,
  // A test left with .only would silently skip every other test: refused always (.ci/run does not set CI).
  forbidOnly: true,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  // Hang guards, not measures: a loaded 2-core machine hydrating a heavy API page can take many
  // seconds, and a test waits on conditions, never on these limits.
  timeout: 90_000,
  expect: {timeout: 20_000},
  use: {
    // Only this machine's servers, and the analytics stand-in for the analytics host.
    launchOptions: {executablePath: TEST_BROWSER.executablePath, args: [...TEST_BROWSER.args, ...loopbackOnlyArgs()]},
    colorScheme: 'light',
  },
  projects: [
    // First, because its one test is the run's longest (it starts `docusaurus start` on a copy of
    // the site and serves neither build): started last, it kept one worker busy alone at the end.
    {name: 'dev-server', testMatch: DEV_SERVER_TESTS},
    {
      name: 'public',
      testIgnore: [LOCAL_SANDBOX_TESTS, DEV_SERVER_TESTS],
      use: {baseURL: `http://127.0.0.1:${PUBLIC_PORT}`},
    },
    {
      name: 'local-sandbox',
      testMatch: /[\\/]local-sandbox[\\/][^\\/]+\.spec\.ts$/,
      use: {baseURL: `http://127.0.0.1:${LOCAL_SANDBOX_BUILD_PORT}`},
    },
  ],
  webServer: [
    staticServer('build', PUBLIC_PORT),
    staticServer(LOCAL_SANDBOX_BUILD_DIR, LOCAL_SANDBOX_BUILD_PORT),
    {
      command: `node tooling/analytics-standin.mjs --port ${ANALYTICS_PORT}`,
      url: `https://127.0.0.1:${ANALYTICS_PORT}/`,
      ignoreHTTPSErrors: true,
      reuseExistingServer: !process.env.CI,
    },
  ],
});
