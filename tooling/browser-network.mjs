/**
 * What the browser tests' browser can reach: the servers on this machine (127.0.0.1), and nothing
 * else. Chromium's resolver does it (--host-resolver-rules), not request interception: a Playwright
 * route sends every request through the test process and turns the browser's cache off, about a
 * tenth of the CPU of a page load in a suite that is bound by CPU.
 * - The analytics script host resolves to the stand-in (analytics-standin.mjs).
 * - 127.0.0.1 resolves to itself.
 * - Every other host is unknown: a page that reached for one would show a failed request.
 */
import {analyticsOrigins} from '../config/brand.ts';

/** The host the site's analytics script comes from. */
export const ANALYTICS_HOST = new URL(analyticsOrigins.script).host;

const RULES = '--host-resolver-rules=';

/** The stand-in's port: scripts/test-all.mjs picks a free one. */
export const ANALYTICS_PORT = Number(process.env.E2E_ANALYTICS_PORT ?? 4175);

/**
 * The launch arguments. The first rule that matches a host applies, so 127.0.0.1 maps to itself
 * before every host maps to nothing.
 * @returns {string[]}
 */
export function loopbackOnlyArgs() {
  const rules = [`MAP ${ANALYTICS_HOST}:443 127.0.0.1:${ANALYTICS_PORT}`, 'MAP 127.0.0.1 127.0.0.1', 'MAP * ~NOTFOUND'];
  // The stand-in's certificate is its own; only hosts on this machine can be reached at all.
  return [`${RULES}${rules.join(', ')}`, '--ignore-certificate-errors'];
}

/**
 * `args` with `rule` applied before the others (Chromium reads one --host-resolver-rules switch,
 * so a second would replace the first).
 * @param {string[]} args
 * @param {string} rule
 * @returns {string[]}
 */
export function withFirstRule(args, rule) {
  if (!args.some((arg) => arg.startsWith(RULES)))
    throw new Error('withFirstRule: the launch arguments have no resolver rules');
  return args.map((arg) => (arg.startsWith(RULES) ? `${RULES}${rule}, ${arg.slice(RULES.length)}` : arg));
}
