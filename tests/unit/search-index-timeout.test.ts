/**
 * The search index timeout (packages/kestrel-search/theme/SearchBar/indexTimeout.ts), on Node's own fetch types: a
 * request that gets no data for the timeout fails, before or during its body; a slow body that
 * keeps coming loads; other requests pass untouched. Last, the plugin's own client code over such
 * a fetch: a silent index becomes an empty one, as tests/e2e/faults.spec.ts shows in Chromium.
 *
 * Time is Vitest's fake clock, moved by the tests: what happens at the timeout, and just before
 * it, does not depend on how busy the machine is.
 */
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import {withIndexTimeout} from '../../packages/kestrel-search/theme/SearchBar/indexTimeout';
import {configuredPluginData, loadPluginSearch} from '../search-client';

const MS = 60;
const isIndex = (url: string) => /\/search-index-[^/]+\.json$/.test(url);
const INDEX_URL = '/search-index-docs-default-current.json';

/** A fetch that never answers, but honours its signal as a browser does. */
const silentFetch: typeof fetch = (_input, init) =>
  new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)));

/** A fetch that answers 200 at once and sends `chunks`, each after its delay, then maybe stalls. */
function streamingFetch(chunks: [delayMs: number, text: string][], {stall = false} = {}): typeof fetch {
  return async (_input, init) => {
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        init?.signal?.addEventListener('abort', () => controller.error(init.signal!.reason));
        for (const [delay, text] of chunks) {
          await new Promise((r) => setTimeout(r, delay));
          if (init?.signal?.aborted) return;
          controller.enqueue(encoder.encode(text));
        }
        if (!stall) controller.close();
      },
    });
    return new Response(body, {status: 200, headers: {'content-type': 'application/json'}});
  };
}

/** Where a promise stands now, without waiting for it. */
async function state(promise: Promise<unknown>): Promise<'pending' | 'fulfilled' | 'rejected'> {
  const pending = Symbol('pending');
  try {
    return (await Promise.race([promise, Promise.resolve(pending)])) === pending ? 'pending' : 'fulfilled';
  } catch {
    return 'rejected';
  }
}

describe('search index timeout', () => {
  beforeEach(() => {
    vi.useFakeTimers({toFake: ['setTimeout', 'clearTimeout', 'Date']});
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fails a request that gets no answer within the timeout, and not a moment before', async () => {
    const request = withIndexTimeout(silentFetch, isIndex, MS)(INDEX_URL);
    request.catch(() => {});
    await vi.advanceTimersByTimeAsync(MS - 1);
    expect(await state(request)).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    await expect(request).rejects.toMatchObject({name: 'TimeoutError'});
  });

  it('fails a body that stops arriving', async () => {
    const response = await withIndexTimeout(
      streamingFetch([[0, '{"documents": [']], {stall: true}),
      isIndex,
      MS,
    )(INDEX_URL);
    expect(response.ok).toBe(true);
    const body = response.json();
    body.catch(() => {});
    await vi.advanceTimersByTimeAsync(MS - 1);
    expect(await state(body)).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    await expect(body).rejects.toMatchObject({name: 'TimeoutError'});
  });

  it('loads a slow body that keeps coming, four times longer in all than the timeout', async () => {
    const parts = ['{"documents": ', '[], ', '"index": ', '{}}'];
    // Each part comes 1 ms before the timeout would end the wait.
    const fetchSlow = streamingFetch(parts.map((p) => [MS - 1, p]));
    const response = await withIndexTimeout(fetchSlow, isIndex, MS)(INDEX_URL);
    const body = response.json();
    await vi.advanceTimersByTimeAsync(parts.length * (MS - 1));
    expect(await body).toEqual({documents: [], index: {}});
  });

  it('leaves other requests, and callers with a signal of their own, alone', async () => {
    const seen: (RequestInit | undefined)[] = [];
    const recording: typeof fetch = async (_input, init) => {
      seen.push(init);
      return new Response('{}');
    };
    const wrapped = withIndexTimeout(recording, isIndex, MS);
    const own = {signal: new AbortController().signal};
    await wrapped('/api/openapi.json');
    await wrapped(INDEX_URL, own);
    expect(seen).toEqual([undefined, own]);
  });

  it('the plugin client turns a silent index into an empty one: no hits, no error', async () => {
    const fetchWithTimeout = withIndexTimeout(silentFetch, isIndex, MS);
    const search = loadPluginSearch({
      pluginData: configuredPluginData(),
      tags: ['default', 'docs-default-current', 'docs-api-current'],
      fetch: (url) => fetchWithTimeout(url),
    });
    const hits = search.search('webhook');
    await vi.advanceTimersByTimeAsync(MS);
    expect(await hits).toEqual([]);
  });
});
