/**
 * The releases the sandbox can answer as (oldest first) and each one's definition, as the
 * version pipeline reads them (api-versions.ts: openapi/releases/, read once per process).
 */
import type {JsonObject} from '../api-data.ts';
import {sandboxReleases} from './api-versions.ts';

function releaseVersions(): string[] {
  return sandboxReleases().map((release) => release.version);
}

/** Whether a version is the newest release: answers at it are the working definition's, unchanged. */
export const isLatest = (version: string) => version === releaseVersions().at(-1);

/** The definition a release was published with, as its JSON document. */
export function releaseDocument(version: string): JsonObject {
  const release = sandboxReleases().find((r) => r.version === version);
  if (!release) throw new Error(`sandbox: ${version} is not a release of the API`);
  return release.definition as JsonObject;
}
