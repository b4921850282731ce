/**
 * Values the build reads from the environment, validated so that a bad value fails the build
 * with the variable's name instead of producing a silently wrong site.
 */
import {brand} from './config/brand';

const GTAG_ID = /^G-[A-Z0-9]{4,16}$/;

export function analyticsId(env: NodeJS.ProcessEnv = process.env): string {
  const value = env.KESTREL_GTAG_ID ?? brand.analyticsId;
  if (!GTAG_ID.test(value)) {
    throw new Error(
      `Invalid config: KESTREL_GTAG_ID must be a Google Analytics 4 measurement id like "G-ABC123", got "${value}".`,
    );
  }
  return value;
}

/**
 * KESTREL_LOCAL_SANDBOX=1: the explorer offers the local sandbox (`npm run sandbox`) and the CSP
 * lets the page call it. The bundler reads the same switch for the explorer's server list; this is
 * the config's side (the CSP). Invalid values throw naming the variable.
 */
export {localSandboxEnabled as localSandbox, LOCAL_SANDBOX_ORIGIN} from './sandbox/local-sandbox.mjs';
