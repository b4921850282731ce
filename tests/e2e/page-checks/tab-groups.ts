/** The tab groups of a page as a reader sees them, for the checks that every group shows one panel. */
import type {Page} from '@playwright/test';

export type TabGroup = {
  /** The tab strip's place on the page and its tabs' names, for messages. */
  name: string;
  tabs: string[];
  /** Whether the tab strip itself is on screen. */
  shown: boolean;
  /** The indexes of the panels a person sees. */
  visiblePanels: number[];
};

/**
 * Every tab group of the page, every disclosure opened first so that groups in collapsed sections
 * count too. A group is a tab strip and the panels of its nearest container that has any, not those
 * of a group nested in one of them. A group whose strip is not on screen (inside another group's hidden panel) is judged
 * by its panels' own display.
 */
export async function tabGroups(page: Page): Promise<TabGroup[]> {
  return page.evaluate(() => {
    // Not the disclosures inside a table: they fold a cell's long list, and hold no tab group.
    for (const details of Array.from(document.querySelectorAll('details')))
      if (!details.closest('table')) details.open = true;
    return Array.from(document.querySelectorAll('[role="tablist"]')).map((list, index) => {
      // The tab strip's nearest ancestor that holds panels.
      let container = list.parentElement!;
      while (!container.querySelector('[role="tabpanel"]') && container.parentElement)
        container = container.parentElement;
      const panels = Array.from(container.querySelectorAll<HTMLElement>('[role="tabpanel"]')).filter((panel) => {
        const outer = panel.parentElement?.closest('[role="tabpanel"]');
        return !outer || !container.contains(outer);
      });
      const tabs = Array.from(list.querySelectorAll('[role="tab"]')).map((tab) => tab.textContent!.trim());
      const shown = list.checkVisibility();
      const visiblePanels = panels.flatMap((panel, i) =>
        (shown ? panel.checkVisibility() : !panel.hidden && getComputedStyle(panel).display !== 'none') ? [i] : [],
      );
      return {name: `tab strip ${index + 1} (${tabs.join(', ')})`, tabs, shown, visiblePanels};
    });
  });
}
