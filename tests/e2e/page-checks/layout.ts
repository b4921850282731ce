/** Whether anything on a page is laid out wider than the viewport. */
import type {Page} from '@playwright/test';
import {expect} from '../fixtures';

/**
 * The elements drawn beyond the viewport's sides that no scroller or clipping box within the
 * viewport holds (the first ten), and the page's own scroll width against the viewport's.
 */
export async function layoutBeyondViewport(page: Page): Promise<{wide: string[]; pageWidth: number; viewport: number}> {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    /** Whether an ancestor that clips or scrolls sideways holds the element, itself within the viewport. */
    const held = (element: Element): boolean => {
      for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== 'visible') {
          const box = up.getBoundingClientRect();
          return box.left >= -1 && box.right <= viewport + 1;
        }
      }
      return false;
    };
    const wide: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      if (!element.checkVisibility({visibilityProperty: true})) continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      // Wholly off screen is off-canvas (the skip link until focused, a closed drawer), not too
      // wide; were it to widen the page, the page's own width below says so.
      if (box.right <= 0 || box.left >= viewport) continue;
      if ((box.right > viewport + 1 || box.left < -1) && !held(element)) {
        const classes = Array.from(element.classList).slice(0, 3).join('.');
        wide.push(
          `${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''} ${Math.round(box.left)}..${Math.round(box.right)}`,
        );
      }
    }
    return {wide: wide.slice(0, 10), pageWidth: document.documentElement.scrollWidth, viewport};
  });
}

/** Nothing on the page is laid out beyond the viewport, and the page does not scroll sideways. */
export async function expectLaidOutWithinViewport(page: Page, label: string): Promise<void> {
  const layout = await layoutBeyondViewport(page);
  expect(layout.wide, `${label}: laid out beyond the viewport`).toEqual([]);
  expect(layout.pageWidth, `${label}: the page scrolls sideways`).toBeLessThanOrEqual(layout.viewport);
}
