/** Whether an API page hydrates on the markup the server sent, as it came. */
import type {Page} from '@playwright/test';

/**
 * Records, from the first byte until the page has hydrated, every element removed from the
 * page's main content: hydration that keeps the server's markup removes none. Read the record
 * with `removedDuringHydration`.
 */
export async function recordRemovalsUntilHydrated(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const removed: string[] = [];
    (window as unknown as {removedDuringHydration: string[]}).removedDuringHydration = removed;
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === 'attributes') {
          if (document.documentElement.dataset.hasHydrated === 'true') observer.disconnect();
          continue;
        }
        if (document.documentElement.dataset.hasHydrated === 'true') return;
        if (!(record.target instanceof Element) || !record.target.closest('main')) continue;
        for (const node of Array.from(record.removedNodes)) {
          if (node instanceof HTMLElement) removed.push(`${node.tagName}.${node.classList[0] ?? ''}`);
        }
      }
    });
    observer.observe(document, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['data-has-hydrated'],
    });
  });
}

/** The elements removed from the main content before the page hydrated (see recordRemovalsUntilHydrated). */
export function removedDuringHydration(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as {removedDuringHydration: string[]}).removedDuringHydration);
}

/** Collects React's hydration errors from the console, from now on. */
export function watchHydrationErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (/Minified React error #(418|423|425)|hydrat/i.test(msg.text())) errors.push(msg.text());
  });
  return errors;
}
