/**
 * Checks a sandbox answer against the definition the way a client generated from it would: the
 * status must be one the operation documents, and the body must match that response's schema,
 * with closed objects (no undocumented fields) and readOnly/writeOnly applied. The definition is
 * the one of the version that served the answer (its `Kestrel-Version` header): the working
 * definition at the latest release, as the sandbox serves it, else the release's own
 * (`openapi/releases/<version>.json`). The validator is the guide tests' one (guide-http.ts), not
 * the sandbox's own.
 */
import path from 'node:path';
import {RELEASES_DIR, readReleases} from '../../definition/index.ts';
import {Definition, definition} from './guide-http';

const def = definition();
/** The releases' versions, oldest first, read once for every sandbox test. */
export const RELEASE_VERSIONS = readReleases().map((release) => release.version);
export const LATEST = RELEASE_VERSIONS.at(-1)!;
const released = new Map<string, Definition>();

/** The definition an answer served at `version` (its `Kestrel-Version` header) is checked against. */
export function definitionAt(version: string | null): Definition {
  if (!version) throw new Error('the answer names no Kestrel-Version: the sandbox names the version on every answer');
  if (version === LATEST) return def;
  let found = released.get(version);
  if (!found) released.set(version, (found = new Definition(path.join(RELEASES_DIR, `${version}.json`))));
  return found;
}

/**
 * Problems with an answer to `method apiPath` (apiPath under /v1) served at `version` (the answer's
 * `Kestrel-Version`); empty when it conforms.
 */
export function answerProblems(
  method: string,
  apiPath: string,
  status: number,
  contentType: string | null,
  body: unknown,
  version: string | null,
): string[] {
  const served = definitionAt(version);
  const found = served.findOperation(method, apiPath.split('?')[0]!);
  if (!found) return [`no operation ${method} ${apiPath}`];
  const responses = found.op.node.responses as Record<string, unknown>;
  const declared = responses[String(status)];
  if (!declared) return [`${found.op.operationId} does not document status ${status}`];
  const content = served.content(declared as never, found.op.at);
  const media = content?.media ?? {};
  if (Object.keys(media).length === 0) return body === undefined ? [] : [`status ${status} documents no body`];
  const type = (contentType ?? '').split(';')[0]!.trim();
  const entry = media[type] as {schema?: unknown} | undefined;
  if (!entry?.schema)
    return [`${found.op.operationId} ${status} does not document ${type || 'a missing Content-Type'}`];
  return served.validate(entry.schema as never, content!.at, body, 'response');
}

export {def as guideDefinition};

/**
 * A local sandbox answer read from its text, and its problems against the definition. The one
 * documented difference: the local sandbox accepts http webhook URLs on loopback, where the
 * definition documents https.
 */
export function localAnswer(
  method: string,
  apiPath: string,
  res: Response,
  text: string,
): {parsed: unknown; problems: string[]} {
  const parsed = text ? JSON.parse(text) : undefined;
  const asDocumented =
    typeof parsed?.webhookUrl === 'string'
      ? {...parsed, webhookUrl: parsed.webhookUrl.replace(/^http:\/\/127\.0\.0\.1:\d+/, 'https://shop.example')}
      : parsed;
  return {
    parsed,
    problems: answerProblems(
      method,
      apiPath,
      res.status,
      res.headers.get('content-type'),
      asDocumented,
      res.headers.get('kestrel-version'),
    ),
  };
}

/** A US business bank account the sandbox tests pay out to and deposit from. */
export const US_BANK_ACCOUNT = {
  currency: 'USD',
  country: 'US',
  accountHolderName: 'Acme',
  accountHolderType: 'BUSINESS',
  bankCode: '021000021',
  accountNumber: '000123456789',
} as const;

/** A UK business bank account; the ending of `accountNumber` picks how its deposits end. */
export const GB_BANK_ACCOUNT = {
  currency: 'GBP',
  country: 'GB',
  accountHolderName: 'Acme',
  accountHolderType: 'BUSINESS',
  bankCode: '040004',
  accountNumber: '12340004',
} as const;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are read field by field

/**
 * A sender of requests to one sandbox (`base` ends in /v1) as one API key: each change (any
 * method but GET) gets a new Idempotency-Key, and every answer is checked against the definition of the version that served it (the status documented,
 * the body of its schema) unless `checked` is false, for a test that reads what a restart left.
 */
export function checkedSender(base: () => string, token: string, checked = true) {
  return async (method: string, apiPath: string, body?: unknown): Promise<{status: number; body: Json}> => {
    const res = await fetch(`${base()}${apiPath}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : {'Content-Type': 'application/json'}),
        ...(method === 'GET' ? {} : {'Idempotency-Key': crypto.randomUUID()}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    const parsed = text ? JSON.parse(text) : undefined;
    if (checked) {
      const version = res.headers.get('kestrel-version');
      const problems = answerProblems(method, apiPath, res.status, res.headers.get('content-type'), parsed, version);
      if (problems.length > 0) throw new Error(`${method} ${apiPath} -> ${res.status} ${text}: ${problems.join('; ')}`);
    }
    return {status: res.status, body: parsed};
  };
}

/**
 * Funds the BTC balance of the sender's account: an invoice of `amount` BTC, quoted, then paid by
 * the sandbox once the clock has moved past its payment delay (a sandbox started with the default
 * `--pay-after` of 10 s).
 */
export async function fundBtcByInvoice(
  send: ReturnType<typeof checkedSender>,
  advance: (seconds: number) => Promise<void>,
  amount = '0.10000000',
): Promise<void> {
  const invoice = await send('POST', '/invoices', {amount: {amount, currency: 'BTC'}});
  await send('POST', `/invoices/${invoice.body.id}/quote`);
  await advance(12);
}

const STATUSES = def.errorStatuses();

/** The status a test-input step expects: its own for a success, the error catalogue's for a problem's code. */
export function expectedStatus(step: {status?: number; code?: string}): number {
  const status = step.code ? STATUSES.get(step.code) : step.status;
  if (status === undefined)
    throw new Error(`a step names neither a status nor a code the catalogue has: ${JSON.stringify(step)}`);
  return status;
}
