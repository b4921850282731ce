/**
 * Runs `run` in the browser's next idle period, at the latest after `timeout` ms. Where there is no
 * requestIdleCallback (Safari), after `fallbackDelay` ms instead.
 */
export function whenIdle(run: () => void, {timeout, fallbackDelay}: {timeout: number; fallbackDelay: number}): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, {timeout});
  else setTimeout(run, fallbackDelay);
}
