/**
 * The one curl command of the reference samples and the Try-it copy. The key reaches curl from
 * printf, a shell builtin, through a file descriptor: it is never in curl's arguments, where every
 * user of the machine could read it (`ps`). Every call ends after TIMEOUT_SECONDS.
 */
import {json, shellQuote} from '../literals.ts';
import type {SnippetRequest} from '../request.ts';
import {API_KEY_VARIABLE, IDEMPOTENCY_KEY_HEADER, TIMEOUT_SECONDS} from '../settings.ts';

export interface CurlCommand {
  method: string;
  url: string;
  /** Sends the key read from API_KEY_VARIABLE. */
  authorized: boolean;
  /** Makes a new Idempotency-Key in the shell, before the command. */
  newIdempotencyKey: boolean;
  /** Plain headers, in order. */
  headers: [name: string, value: string][];
  /** The body as it is sent; undefined for none. */
  body?: string;
}

/** The curl command, one option a line. */
export function curlCommand({method, url, authorized, newIdempotencyKey, headers, body}: CurlCommand): string {
  const lines = [`curl ${shellQuote(url)}`];
  if (method !== 'GET') lines.push(`--request ${method}`);
  if (authorized) lines.push(`--header @<(printf 'Authorization: Bearer %s\\n' "$${API_KEY_VARIABLE}")`);
  if (newIdempotencyKey) lines.push(`--header "${IDEMPOTENCY_KEY_HEADER}: $IDEMPOTENCY_KEY"`);
  for (const [name, value] of headers) lines.push(`--header ${shellQuote(`${name}: ${value}`)}`);
  if (body !== undefined) lines.push(`--data-raw ${shellQuote(body)}`);
  lines.push(`--max-time ${TIMEOUT_SECONDS}`);
  const command = lines.join(' \\\n  ');
  if (!newIdempotencyKey) return command;
  return [
    '# A new key for each new operation. To retry this one (after a timeout, say), run curl again',
    '# with the same key. uuidgen comes with macOS; Linux has the kernel file.',
    'IDEMPOTENCY_KEY=$(uuidgen 2>/dev/null || cat /proc/sys/kernel/random/uuid)',
    command,
  ].join('\n');
}

/** The reference sample: the documented request, its body as indented JSON. */
export function curl({method, url, headers, body, idempotent}: SnippetRequest): string {
  return curlCommand({
    method,
    url,
    authorized: true,
    newIdempotencyKey: idempotent,
    headers,
    body: body === undefined ? undefined : json(body),
  });
}
