/**
 * The sandbox's rate limit, in figures: SANDBOX_LIMIT requests per API key in fixed WINDOW_MS
 * windows. The one place they live: the limiter (rate-limit.ts), the CLI, the docs' test inputs,
 * the guides' figures (plugins/prose-facts) and the tests read them here. The production limit is
 * the definition's (`x-rate-limit`). A module with no imports, so that the browser tests' CommonJS loading
 * of the sandbox starter can read it too.
 */
export const SANDBOX_LIMIT = 25;
export const WINDOW_MS = 10_000;
