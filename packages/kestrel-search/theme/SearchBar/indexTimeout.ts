/**
 * A timeout for the search index requests (a failed index fetch gives an empty index,
 * with no error shown).
 *
 * The search plugin fetches `{baseUrl}search-index-{tag}.json` with a bare fetch() inside its own
 * component and turns a failed or non-OK fetch into an empty index. A request that never answers
 * (a stalled proxy, a dead connection) never fails, so the index stays "loading" and the panel
 * shows its spinner for ever. fetch() has no timeout of its own, and the plugin takes no option
 * for one, so window.fetch is wrapped for those URLs only: a request that receives nothing for
 * INDEX_STALL_MS is aborted, which the plugin sees as a failed fetch (empty index, "No results
 * found."). The clock restarts with every chunk of the body: a large index on a slow but live
 * connection still loads; only silence counts.
 */

/** How long an index request may go without receiving anything. */
export const INDEX_STALL_MS = 10_000;

/** The path of an index file, `{baseUrl}search-index-{tag}.json`. */
export const INDEX_PATH = /\/search-index-[^/]+\.json$/;

type Fetch = typeof fetch;

function urlOf(input: Parameters<Fetch>[0]): string {
  if (typeof input === 'string') return input;
  if (input instanceof URL) return input.href;
  return input.url;
}

/** Wraps `fetchImpl` so that requests `isIndex` accepts are aborted after `ms` without data. */
export function withIndexTimeout(fetchImpl: Fetch, isIndex: (url: string) => boolean, ms = INDEX_STALL_MS): Fetch {
  return async (input, init) => {
    // A caller with its own signal decides for itself.
    if (!isIndex(urlOf(input)) || init?.signal) return fetchImpl(input, init);
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => clearTimeout(timer);
    const restart = () => {
      stop();
      timer = setTimeout(() => controller.abort(new DOMException(`No data for ${ms} ms`, 'TimeoutError')), ms);
    };
    restart();
    let response: Response;
    try {
      response = await fetchImpl(input, {...init, signal: controller.signal});
    } catch (error) {
      stop();
      throw error;
    }
    // The plugin never reads the body of a non-OK answer.
    if (!response.ok || !response.body) {
      stop();
      return response;
    }
    restart();
    // Aborting errors the original body, and so this one: response.json() rejects.
    const body = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, out) {
          restart();
          out.enqueue(chunk);
        },
        flush: stop,
      }),
    );
    return new Response(body, {status: response.status, statusText: response.statusText, headers: response.headers});
  };
}

const INSTALLED = Symbol.for('kestrel.searchIndexTimeout');

/** Wraps window.fetch once for the index files of this origin. */
export function installIndexTimeout(win: Window & typeof globalThis = window): void {
  const current = win.fetch as Fetch & {[INSTALLED]?: true};
  if (current[INSTALLED]) return;
  const isIndex = (url: string) => {
    const parsed = new URL(url, win.location.href);
    return parsed.origin === win.location.origin && INDEX_PATH.test(parsed.pathname);
  };
  const wrapped = Object.assign(withIndexTimeout(current.bind(win), isIndex), {[INSTALLED]: true as const});
  win.fetch = wrapped;
}
