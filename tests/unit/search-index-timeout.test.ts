/**
 * The search index timeout (packages/kestrel-search/theme/SearchBar/indexTimeout.ts), on Node's own fetch types: a
 * request that gets no data for the timeout fails, before or during its body; a slow body that
 * keeps coming loads. Last, the search box's index loading over such a fetch: a silent index
 * becomes an empty one, as tests/e2e/faults.spec.ts shows in Chromium.
 *
 * Time is Vitest's fake clock, moved by the tests: what happens at the timeout, and just before
 * it, does not depend on how busy the machine is.
 */
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import {INDEX_STALL_MS, withIndexTimeout} from '../../packages/kestrel-search/theme/SearchBar/indexTimeout';
import {indexLoader} from '../../packages/kestrel-search/theme/SearchBar/indexFiles';

const MS = 60;
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

/** `promise` is still pending 1 ms before the timeout, and fails with a TimeoutError when it passes. */
async function expectTimeoutAtMs(promise: Promise<unknown>): Promise<void> {
  promise.catch(() => {});
  await vi.advanceTimersByTimeAsync(MS - 1);
  expect(await state(promise)).toBe('pending');
  await vi.advanceTimersByTimeAsync(1);
  await expect(promise).rejects.toMatchObject({name: 'TimeoutError'});
}

describe('search index timeout', () => {
  beforeEach(() => {
    vi.useFakeTimers({toFake: ['setTimeout', 'clearTimeout', 'Date']});
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fails a request that gets no answer within the timeout, and not a moment before', async () => {
    const request = withIndexTimeout(silentFetch, MS)(INDEX_URL);
    await expectTimeoutAtMs(request);
  });

  it('fails a body that stops arriving', async () => {
    const response = await withIndexTimeout(streamingFetch([[0, '{"documents": [']], {stall: true}), MS)(INDEX_URL);
    expect(response.ok).toBe(true);
    const body = response.json();
    await expectTimeoutAtMs(body);
  });

  it('loads a slow body that keeps coming, four times longer in all than the timeout', async () => {
    const parts = ['{"documents": ', '[], ', '"index": ', '{}}'];
    // Each part comes 1 ms before the timeout would end the wait.
    const fetchSlow = streamingFetch(parts.map((p) => [MS - 1, p]));
    const response = await withIndexTimeout(fetchSlow, MS)(INDEX_URL);
    const body = response.json();
    await vi.advanceTimersByTimeAsync(parts.length * (MS - 1));
    expect(await body).toEqual({documents: [], index: {}});
  });

  it("the search box's index loading turns a silent index into an empty one: no hits, no error", async () => {
    const loader = indexLoader(silentFetch);
    const hits = loader
      .searchOf('/', ['default', 'docs-default-current', 'docs-api-current'])
      .then((search) => search.search('webhook').hits);
    await vi.advanceTimersByTimeAsync(INDEX_STALL_MS);
    expect(await hits).toEqual([]);
  });
});
