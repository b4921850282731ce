/**
 * Docusaurus prefetches a page's chunks when a link to it scrolls into view (except on slow 2G or
 * with data saver, which core's prefetch skips: tests/e2e/runtime.spec.ts checks both). Right after
 * load, every link in view reports at once, and the route matching and `<link rel=prefetch>`
 * insertions of all of them ran as one long task while the reader may already be tapping. Here
 * each link's prefetch waits for idle time, one at a time. Preloading (a hover or touch on a link)
 * stays immediate.
 *
 * `window.docusaurus` is assigned by Docusaurus's client entry after the client modules have run,
 * so the wrapper is installed as it is assigned (tests/unit/upstream-couplings.test.ts fails if core
 * changes that order or stops prefetching through it).
 */
import {whenIdle} from './when-idle';

type Docusaurus = {
  prefetch: (routePath: string) => boolean | Promise<unknown>;
  preload: (routePath: string) => boolean | Promise<unknown>;
};

const nextIdle = (run: () => void) => whenIdle(run, {timeout: 2000, fallbackDelay: 50});

/**
 * A performance mark set each time the queue has been worked through: from then on every link in
 * view has had its prefetch decided, so what was prefetched (or, on a slow or saving connection,
 * not prefetched) can be read.
 */
export const PREFETCH_QUEUE_DONE_MARK = 'kestrel:prefetch-queue-done';

function withIdlePrefetch(docusaurus: Docusaurus): Docusaurus {
  const queue: string[] = [];
  const next = () => {
    const routePath = queue.shift();
    if (routePath === undefined) return;
    void docusaurus.prefetch(routePath);
    if (queue.length > 0) nextIdle(next);
    else performance.mark(PREFETCH_QUEUE_DONE_MARK);
  };
  return Object.freeze({
    ...docusaurus,
    prefetch(routePath: string) {
      if (queue.includes(routePath)) return false;
      queue.push(routePath);
      if (queue.length === 1) nextIdle(next);
      return true;
    },
  });
}

if (typeof window !== 'undefined') {
  let current: Docusaurus | undefined;
  Object.defineProperty(window, 'docusaurus', {
    configurable: true,
    enumerable: true,
    get: () => current,
    set: (value: Docusaurus) => {
      current = value && typeof value.prefetch === 'function' ? withIdlePrefetch(value) : value;
    },
  });
}

export {};
