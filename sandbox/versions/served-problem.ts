/**
 * A problem as the release the request is served as wrote it: an earlier release keeps only the
 * extension members its `Problem` declares (1.0.0 has no `paymentId` on QUOTE_ALREADY_EXECUTED).
 */
import {isObject} from '../api-data.ts';
import {ProblemError, type ProblemExtensions} from '../problems.ts';
import {isLatest, releaseDocument} from './releases.ts';

function declaredMembers(version: string): Set<string> {
  const components = releaseDocument(version).components;
  const schemas = isObject(components) ? components.schemas : undefined;
  const problem = isObject(schemas) ? schemas.Problem : undefined;
  const properties = isObject(problem) ? problem.properties : undefined;
  return new Set(isObject(properties) ? Object.keys(properties) : []);
}

export function servedProblem(apiVersion: string, error: unknown): unknown {
  if (isLatest(apiVersion) || !(error instanceof ProblemError)) return error;
  const declared = declaredMembers(apiVersion);
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
