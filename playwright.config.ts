import {defineConfig} from '@playwright/test';
import {CHROMIUM_ARGS, CHROMIUM_PATH} from './scripts/chromium.mjs';
import {LOCAL_SANDBOX_ORIGIN} from './scripts/local-sandbox.mjs';

const PORT = Number(process.env.E2E_PORT ?? 4173);

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2, // the machines have 2 cores
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  timeout: 30_000,
  // A 2-core machine hydrating a heavy API page can take a few seconds.
  expect: {timeout: 10_000},
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: {executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS},
    colorScheme: 'light',
  },
  webServer: [
    {
      // With the security headers the build writes (CSP included): every test runs under them.
      command: `node scripts/serve-build.mjs --port ${PORT} --dir build --headers build/_headers`,
      url: `http://127.0.0.1:${PORT}/`,
      reuseExistingServer: !process.env.CI,
    },
    {
      // The local sandbox (`npm run sandbox`) that tests/e2e/sandbox.spec.ts calls from the explorer.
      // Its port opens only once the mock answers. SIGTERM lets it stop Prism, its child, itself.
      command: 'node sandbox/cli.ts',
      port: Number(new URL(LOCAL_SANDBOX_ORIGIN).port),
      reuseExistingServer: !process.env.CI,
      gracefulShutdown: {signal: 'SIGTERM', timeout: 5000},
      timeout: 60_000,
    },
  ],
});
