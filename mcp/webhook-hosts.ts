/**
 * Webhooks the tools set up go to this machine's loopback only, whichever sandbox answers (one this
 * server started, or one started elsewhere without that limit): a subscription written through
 * sandbox_request, and a test event sent with sandbox_send_test_event, are refused before the
 * sandbox sees them when the webhook URL is on another host, unless the user opted in.
 */
import {loopbackRefusal} from '../sandbox/loopback.ts';

export const REMOTE_WEBHOOKS_OPT_IN =
  'start the MCP server with --remote-webhooks, or set KESTREL_MCP_REMOTE_WEBHOOKS=1, to allow other hosts';

/** `/subscriptions` or `/subscriptions/{id}` under the API base, with or without a query. */
const SUBSCRIPTION_PATH = /^\/subscriptions(?:\/[^/?#]+)?\/?(?:[?#]|$)/;

/** Null when `webhookUrl` may receive deliveries; otherwise why not and how to allow it. */
export function webhookUrlRefusal(webhookUrl: string): string | null {
  const refusal = loopbackRefusal(webhookUrl);
  return (
    refusal &&
    `Refused: webhookUrl ${webhookUrl}: ${refusal}; webhooks set up through these tools go to loopback URLs only (${REMOTE_WEBHOOKS_OPT_IN}).`
  );
}

function parsed(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch {
    // Not JSON: the sandbox answers it with a problem, and stores nothing.
    return undefined;
  }
}

/**
 * Null unless the request writes a subscription whose `webhookUrl` is off the loopback.
 * `apiPath` is the path under the API base (`/subscriptions/sub_1`).
 */
export function subscriptionWriteRefusal(method: string, apiPath: string, body: unknown): string | null {
  if (method === 'GET' || method === 'DELETE' || !SUBSCRIPTION_PATH.test(apiPath)) return null;
  const value = parsed(body);
  if (typeof value !== 'object' || value === null || !('webhookUrl' in value)) return null;
  const {webhookUrl} = value as {webhookUrl: unknown};
  return typeof webhookUrl === 'string' ? webhookUrlRefusal(webhookUrl) : null;
}
