/**
 * Checks a sandbox answer against the definition the way a client generated from it would: the
 * status must be one the operation documents, and the body must match that response's schema,
 * with closed objects (no undocumented fields) and readOnly/writeOnly applied. The validator is
 * the guide tests' one (guide-http.ts), not the sandbox's own.
 */
import {definition} from './guide-http';

const def = definition();

/** Problems with an answer to `method apiPath` (apiPath under /v1); empty when it conforms. */
export function answerProblems(
  method: string,
  apiPath: string,
  status: number,
  contentType: string | null,
  body: unknown,
): string[] {
  const found = def.findOperation(method, apiPath.split('?')[0]!);
  if (!found) return [`no operation ${method} ${apiPath}`];
  const responses = found.op.node.responses as Record<string, unknown>;
  const declared = responses[String(status)];
  if (!declared) return [`${found.op.operationId} does not document status ${status}`];
  const content = def.content(declared as never, found.op.at);
  const media = content?.media ?? {};
  if (Object.keys(media).length === 0) return body === undefined ? [] : [`status ${status} documents no body`];
  const type = (contentType ?? '').split(';')[0]!.trim();
  const entry = media[type] as {schema?: unknown} | undefined;
  if (!entry?.schema)
    return [`${found.op.operationId} ${status} does not document ${type || 'a missing Content-Type'}`];
  return def.validate(entry.schema as never, content!.at, body, 'response');
}

export {def as guideDefinition};
