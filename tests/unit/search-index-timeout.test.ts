/**
 * The search index timeout (src/theme/SearchBar/indexTimeout.ts), on Node's own fetch types: a
 * request that gets no data for the timeout fails, before or during its body; a slow body that
 * keeps coming loads; other requests pass untouched. Last, the plugin's own client code over such
 * a fetch: a silent index becomes an empty one (spec 8), as tests/e2e/faults.spec.ts shows in Chromium.
 */
import {describe, expect, it} from 'vitest';
import {withIndexTimeout} from '../../src/theme/SearchBar/indexTimeout';
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

describe('search index timeout', () => {
  it('fails a request that gets no answer within the timeout', async () => {
    const started = Date.now();
    await expect(withIndexTimeout(silentFetch, isIndex, MS)(INDEX_URL)).rejects.toMatchObject({name: 'TimeoutError'});
    expect(Date.now() - started).toBeGreaterThanOrEqual(MS - 5);
  });

  it('fails a body that stops arriving', async () => {
    const response = await withIndexTimeout(streamingFetch([[0, '{"documents": [']], {stall: true}), isIndex, MS)(INDEX_URL);
    expect(response.ok).toBe(true);
    await expect(response.json()).rejects.toMatchObject({name: 'TimeoutError'});
  });

  it('loads a slow body that keeps coming, longer in all than the timeout', async () => {
    const parts = ['{"documents": ', '[], ', '"index": ', '{}}'];
    const fetchSlow = streamingFetch(parts.map((p) => [MS * 0.6, p]));
    const response = await withIndexTimeout(fetchSlow, isIndex, MS)(INDEX_URL);
    expect(await response.json()).toEqual({documents: [], index: {}});
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
    expect(await search.search('webhook')).toEqual([]);
  });
});
