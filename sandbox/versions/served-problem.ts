/**
 * A problem as the release the request is served as wrote it: an earlier release keeps only the
 * extension members its `Problem` declares (1.0.0 has no `paymentId` on QUOTE_ALREADY_EXECUTED).
 */
import {isObject} from '../api-data.ts';
import {ProblemError, type ProblemExtensions} from '../problems.ts';
import type {ServedVersion} from './api-versions.ts';

/** The members the served release's `Problem` schema declares. */
function declaredMembers(served: ServedVersion): Set<string> {
  const problem = served.definition.resolve(served.definition.at('#/components/schemas/Problem'));
  const properties = isObject(problem) ? problem.properties : undefined;
  return new Set(isObject(properties) ? Object.keys(properties) : []);
}

export function servedProblem(served: ServedVersion, error: unknown): unknown {
  if (served.latest || !(error instanceof ProblemError)) return error;
  const declared = declaredMembers(served);
  const extensions = Object.fromEntries(
    Object.entries(error.extensions).filter(([member]) => declared.has(member)),
  ) as ProblemExtensions;
  if (Object.keys(extensions).length === Object.keys(error.extensions).length) return error;
  return new ProblemError(error.code, error.message, {
    validationErrors: error.validationErrors,
    headers: error.headers,
    extensions,
  });
}
