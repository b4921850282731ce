/**
 * Requests to a started sandbox served as a chosen release (`Kestrel-Version`), each answer checked
 * the way a client generated from that release's definition reads it: the status documented and
 * the body of its schema with closed objects (no field the release does not declare). The latest
 * release's answers are checked against the bundled definition, as every sandbox test checks them.
 */
import type {Definition} from './guide-http';
import {LATEST, RELEASE_VERSIONS, definitionAt, localAnswer} from './sandbox-answers';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are read field by field

export const V1 = RELEASE_VERSIONS[0]!;
export {LATEST};

/** A release's definition, as the answers are checked against it. */
export const releaseDefinition = (version: string): Definition => definitionAt(version);

/**
 * A sender as one API key, served as `version`: each change gets a new Idempotency-Key, and each
 * answer is checked against that release (a test reading an answer the check refuses fails there).
 */
export function versionSender(base: () => string, token: string, version: string) {
  return async (method: string, apiPath: string, body?: unknown): Promise<{status: number; body: Json}> => {
    const res = await fetch(`${base()}${apiPath}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        'Kestrel-Version': version,
        ...(body === undefined ? {} : {'Content-Type': 'application/json'}),
        ...(method === 'GET' ? {} : {'Idempotency-Key': crypto.randomUUID()}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    const served = res.headers.get('kestrel-version');
    if (served !== version) throw new Error(`${method} ${apiPath}: asked for ${version}, served at ${served}`);
    const {parsed, problems} = localAnswer(method, apiPath, res, text);
    if (problems.length > 0)
      throw new Error(`${method} ${apiPath} at ${version} -> ${res.status} ${text}: ${problems.join('; ')}`);
    return {status: res.status, body: parsed as Json};
  };
}
