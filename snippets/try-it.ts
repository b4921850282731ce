/**
 * The Try-it explorer's "copy as curl": the request it sent, written by the reference's curl
 * command (./reference/curl.ts). The token the reader typed is left out: the command reads the key
 * from KESTREL_API_KEY, as every other sample does, so a pasted command holds no secret and shows
 * none in `ps`. Everything else is as sent: the method, the URL, each other header in order (the
 * Idempotency-Key the explorer made among them) and the body as the reader wrote it.
 */
import {curlCommand} from './reference/curl.ts';

export interface SentRequest {
  method: string;
  url: string;
  headers: [name: string, value: string][];
  /** The body as the reader wrote it; absent for a request without one. */
  body?: string;
}

const isAuthorization = ([name]: [string, string]) => name.toLowerCase() === 'authorization';

export function tryItCurl(request: SentRequest): string {
  return curlCommand({
    method: request.method,
    url: request.url,
    authorized: request.headers.some(isAuthorization),
    newIdempotencyKey: false,
    headers: request.headers.filter((header) => !isAuthorization(header)),
    body: request.body,
  });
}
