/**
 * One HTTP request, as the reference samples and the Try-it copy write it: the plain parts, with
 * neither the API key (every snippet reads it from the environment) nor, for the reference, the
 * Idempotency-Key (each sample makes its own).
 */
export interface SnippetRequest {
  method: string;
  /** The whole URL, query string included. */
  url: string;
  /** Plain headers, in the order they are sent: neither the key nor a made Idempotency-Key. */
  headers: [name: string, value: string][];
  /** A JSON value; undefined for a request without a body. */
  body?: unknown;
  /** The operation takes an Idempotency-Key, which the sample makes anew on every run. */
  idempotent: boolean;
}

/** The code of one language for a request. */
export type Template = (request: SnippetRequest) => string;
