/** Sends the explorer's request and reads the whole answer, or says in words why none came. */
import type {ExplorerRequest} from './request';

export interface Answer {
  status: number;
  statusText: string;
  /** Milliseconds from sending to the last byte of the body. */
  time: number;
  headers: [name: string, value: string][];
  /** The body as text; pretty-printed when it is JSON. */
  body: string;
  /** Whether the body is JSON (then `body` is pretty-printed). */
  json: boolean;
}

export interface NetworkFailure {
  /** What the reader can do about it, in words. */
  message: string;
}

/** The body pretty-printed with two spaces when it parses as JSON; as it came otherwise. */
export function prettyBody(text: string): {body: string; json: boolean} {
  try {
    return {body: JSON.stringify(JSON.parse(text), null, 2), json: true};
  } catch {
    return {body: text, json: false};
  }
}

/**
 * Why a request got no answer. A browser gives the same TypeError for every network failure (it
 * hides the reason from the page), so the message names the likely causes in order.
 */
export function networkFailure(request: ExplorerRequest, online: boolean): NetworkFailure {
  const origin = new URL(request.url).origin;
  if (!online) return {message: `No answer: this browser is offline. Connect to the network and send again.`};
  return {
    message:
      `No answer from ${origin}: the server could not be reached (refused, unknown host or down), ` +
      `or it did not allow this page's origin (CORS). Check the server you chose and that it runs, then send again.`,
  };
}

export async function send(request: ExplorerRequest, signal?: AbortSignal): Promise<Answer | NetworkFailure> {
  const started = performance.now();
  let response: Response;
  let text: string;
  try {
    response = await fetch(request.url, {method: request.method, headers: request.headers, body: request.body, signal});
    text = await response.text();
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    return networkFailure(request, navigator.onLine);
  }
  const time = Math.round(performance.now() - started);
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => headers.push([name, value]));
  return {
    status: response.status,
    statusText: response.statusText,
    time,
    headers,
    ...prettyBody(text),
  };
}
