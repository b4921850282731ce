/**
 * The local sandbox in one place: where `npm run sandbox` listens, the server entry the explorer
 * offers, and the build switch that adds it. Plain JavaScript so that the Node scripts (bundler,
 * sandbox) and the TypeScript config share it without a compile step.
 */

export const LOCAL_SANDBOX_HOST = '127.0.0.1';
export const LOCAL_SANDBOX_PORT = 4010;
/** The API's base path: the same as production's, so a reader only changes the host. */
export const LOCAL_SANDBOX_BASE_PATH = '/v1';
/**
 * The origin of a sandbox listening on `host` and `port`.
 * @param {string} host
 * @param {number} port
 * @returns {string}
 */
export const localSandboxOrigin = (host, port) => `http://${host}:${port}`;
export const LOCAL_SANDBOX_ORIGIN = localSandboxOrigin(LOCAL_SANDBOX_HOST, LOCAL_SANDBOX_PORT);

/** The `servers` entry a build with the switch adds after Production and Sandbox. */
export const LOCAL_SANDBOX_SERVER = Object.freeze({
  url: `${LOCAL_SANDBOX_ORIGIN}${LOCAL_SANDBOX_BASE_PATH}`,
  description: 'Local sandbox',
});

/** The build switch: 1 adds the local sandbox to the explorer and the CSP; 0 or unset leaves it out. */
export const LOCAL_SANDBOX_SWITCH = 'KESTREL_LOCAL_SANDBOX';

/**
 * Where `npm test` writes the build made with the switch on, beside the public `build/`: the
 * browser tests of what the switch adds run against it (tests/e2e/local-sandbox/).
 */
export const LOCAL_SANDBOX_BUILD_DIR = 'build-local-sandbox';

/**
 * Whether the build offers the local sandbox. Only `1` and `0` (or unset / empty) are accepted: a
 * typo such as `true` or `yes` must fail the build, not quietly publish or drop a server.
 * @param {Record<string, string | undefined>} env
 * @returns {boolean}
 */
export function localSandboxEnabled(env = process.env) {
  const value = env[LOCAL_SANDBOX_SWITCH];
  if (value === undefined || value === '' || value === '0') return false;
  if (value === '1') return true;
  throw new Error(
    `Invalid config: ${LOCAL_SANDBOX_SWITCH} must be 1 (offer the local sandbox at ${LOCAL_SANDBOX_SERVER.url}) ` +
      `or 0 / unset (public build), got "${value}".`,
  );
}
