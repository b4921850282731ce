/**
 * One webhook delivery on the wire, as Kestrel sends it: a JSON POST of the raw body with its
 * signature header, redirects not followed, given up at the timeout. The sandbox delivers with it
 * and the webhook check (webhook-check/) sends its cases with it, so an endpoint the check passes
 * receives the same request from the sandbox.
 */

/** What came back: a status, or why there was none, and how long it took. */
export interface DeliveryAnswer {
  status: number | null;
  /** Why there is no status; null when there is one. */
  error: string | null;
  /** Whether the endpoint did not answer within the timeout. */
  timedOut: boolean;
  latencyMs: number;
}

export interface DeliveryRequest {
  url: string;
  rawBody: string;
  /** The signature header's name, such as `Kestrel-Signature`. */
  signatureHeader: string;
  /** Its value; null sends no signature header at all. */
  signature: string | null;
  timeoutMs: number;
}

export async function postDelivery({
  url,
  rawBody,
  signatureHeader,
  signature,
  timeoutMs,
}: DeliveryRequest): Promise<DeliveryAnswer> {
  const started = performance.now();
  const latencyMs = () => Math.round(performance.now() - started);
  try {
    const res = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
      headers: {
        'Content-Type': 'application/json',
        ...(signature !== null && {[signatureHeader]: signature}),
        'User-Agent': 'Kestrel-Webhooks/1.0',
      },
      body: rawBody,
    });
    await res.arrayBuffer().catch(() => undefined);
    return {status: res.status, error: null, timedOut: false, latencyMs: latencyMs()};
  } catch (error) {
    const e = error as Error;
    const timedOut = e.name === 'TimeoutError';
    // fetch says only "fetch failed"; its cause says why, such as ECONNREFUSED.
    const cause = (e.cause as {code?: unknown} | undefined)?.code;
    const why = typeof cause === 'string' ? `${e.message} (${cause})` : e.message;
    return {status: null, error: timedOut ? 'no answer in time' : why, timedOut, latencyMs: latencyMs()};
  }
}
