/**
 * `Kestrel-Sandbox-Simulate`: a request header that makes any operation answer as Kestrel does when
 * something goes wrong on its side (500, 503 with Retry-After, 403 ACCOUNT_RESTRICTED), before the
 * operation runs or (`internal-error-after-work`) after it ran and its answer was kept against the
 * Idempotency-Key, or answer slowly, so that a client's timeouts, retries and idempotent replays
 * can be tried. The values and
 * their answers are the test-input table's (test-inputs.ts).
 */
import {ProblemError} from './problems.ts';
import {RETRY_AFTER_SECONDS, SIMULATE_HEADER, SIMULATIONS, SLOW_SECONDS, type Simulation} from './test-inputs.ts';

export const SLOW_MS = SLOW_SECONDS * 1000;

const DETAILS: Record<Exclude<Simulation, 'slow'>, string> = {
  'internal-error': `Simulated by ${SIMULATE_HEADER}: Kestrel failed unexpectedly. Retry with backoff, reusing the same Idempotency-Key.`,
  'internal-error-after-work': `Simulated by ${SIMULATE_HEADER}: Kestrel failed unexpectedly after the operation ran. Retry with the same Idempotency-Key to receive its result.`,
  'service-unavailable': `Simulated by ${SIMULATE_HEADER}: Kestrel is temporarily unavailable. Retry after the number of seconds in Retry-After.`,
  'account-restricted': `Simulated by ${SIMULATE_HEADER}: your account is restricted pending verification. See the dashboard for what is needed.`,
};

/** What the header asks for: a problem to answer at once, one to answer after the work, a slow answer, or nothing. */
export function simulated(header: string | string[] | undefined): {
  problem?: ProblemError;
  afterWork?: ProblemError;
  slow?: true;
} {
  if (header === undefined) return {};
  const value = String(header).trim().toLowerCase();
  if (!(value in SIMULATIONS)) {
    throw new ProblemError(
      'MALFORMED_REQUEST',
      `The ${SIMULATE_HEADER} header must be one of ${Object.keys(SIMULATIONS).join(', ')}; it was "${String(header)}".`,
    );
  }
  if (value === 'slow') return {slow: true};
  const {code} = SIMULATIONS[value as Exclude<Simulation, 'slow'>];
  const headers: Record<string, string> =
    code === 'SERVICE_UNAVAILABLE' ? {'Retry-After': String(RETRY_AFTER_SECONDS)} : {};
  const problem = new ProblemError(code, DETAILS[value as Exclude<Simulation, 'slow'>], {headers});
  return value === 'internal-error-after-work' ? {afterWork: problem} : {problem};
}
