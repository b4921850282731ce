/**
 * CORS for pages on this machine only (the portal from `npm start`, `npm run serve` or a local
 * build), with the headers the API explorer sends; other sites get no CORS headers, so the browser
 * keeps them from reading answers.
 */
export function isLoopbackOrigin(origin: string | undefined): boolean {
  if (!origin) return false;
  try {
    const {protocol, hostname} = new URL(origin);
    return /^https?:$/.test(protocol) && ['127.0.0.1', 'localhost', '[::1]'].includes(hostname);
  } catch {
    return false;
  }
}

const ALLOW_METHODS = 'GET, POST, PUT, PATCH, DELETE';
const ALLOW_HEADERS = 'Authorization, Content-Type, Accept, Idempotency-Key, Kestrel-Version, Kestrel-Sandbox-Simulate';
/** Headers the explorer may show: the rate-limit headers every answer documents, why credentials were refused, the mark of a replayed answer, the version that served it, and the dates of what is deprecated. */
const EXPOSE_HEADERS =
  'RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, WWW-Authenticate, Idempotent-Replayed, Kestrel-Version, Deprecation, Sunset';

export function corsHeaders(origin: string | undefined): Record<string, string> {
  if (!isLoopbackOrigin(origin)) return {};
  return {'Access-Control-Allow-Origin': origin!, 'Access-Control-Expose-Headers': EXPOSE_HEADERS, Vary: 'Origin'};
}

export function preflightHeaders(origin: string | undefined): Record<string, string> {
  if (!isLoopbackOrigin(origin)) return {};
  return {
    ...corsHeaders(origin),
    'Access-Control-Allow-Methods': ALLOW_METHODS,
    'Access-Control-Allow-Headers': ALLOW_HEADERS,
    'Access-Control-Max-Age': '600',
  };
}
