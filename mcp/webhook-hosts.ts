/**
 * Webhooks the tools set up go to this machine's loopback only, whichever sandbox answers (one this
 * server started, or one started elsewhere without that limit): a request of sandbox_request or of
 * a workflow's step whose body names a `webhookUrl`, and a test event sent with
 * sandbox_send_test_event, are refused before the sandbox sees them when the webhook URL is on
 * another host, unless the user opted in. The body decides, not the path: a path can be spelled many
 * ways (`/%73ubscriptions`), and only a subscription has a `webhookUrl`.
 */
import {loopbackRefusal} from '../sandbox/loopback.ts';

export const REMOTE_WEBHOOKS_OPT_IN =
  'start the MCP server with --remote-webhooks, or set KESTREL_MCP_REMOTE_WEBHOOKS=1, to allow other hosts';

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

/** Null unless the request's JSON body names a `webhookUrl` off the loopback (a write of a subscription). */
export function webhookBodyRefusal(method: string, body: unknown): string | null {
  if (method === 'GET' || method === 'HEAD') return null;
  const value = parsed(body);
  if (typeof value !== 'object' || value === null || !('webhookUrl' in value)) return null;
  const {webhookUrl} = value as {webhookUrl: unknown};
  return typeof webhookUrl === 'string' ? webhookUrlRefusal(webhookUrl) : null;
}
