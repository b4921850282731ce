/**
 * A timeout for the search index requests (a failed index load gives an empty index, with no
 * error shown: ./indexFiles.ts).
 *
 * A request that never answers (a stalled proxy, a dead connection) never fails, so the index
 * would stay "loading" and the panel would show its spinner for ever; fetch() has no timeout of its
 * own. A request that receives nothing for INDEX_STALL_MS is aborted, which counts as a failed
 * load ("No results found."). The clock restarts with every chunk of the body: a large index on a
 * slow but live connection still loads; only silence counts.
 */

/** How long an index request may go without receiving anything. */
export const INDEX_STALL_MS = 10_000;

type Fetch = typeof fetch;

/** Wraps `fetchImpl` so that its requests are aborted after `ms` without data. */
export function withIndexTimeout(fetchImpl: Fetch, ms = INDEX_STALL_MS): Fetch {
  return async (input, init) => {
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
    // The body of a non-OK answer is never read.
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
