/** Choosing a tab shows its panel and hides the one shown before, for every tab group of a page. */
import type {Page} from '@playwright/test';
import {expect} from '../fixtures';
import {tabGroups} from './tab-groups';

/**
 * Chooses, in each tab group on screen with two tabs or more, the tab after the one shown, and
 * checks that its panel alone is shown. A page with tab groups must have had one to choose from.
 */
export async function expectEveryTabChoosable(page: Page, route: string): Promise<void> {
  const count = (await tabGroups(page)).length;
  let chosen = 0;
  for (let index = 0; index < count; index++) {
    // Read afresh: choosing a tab of an outer group hides the groups of its other panels.
    const group = (await tabGroups(page))[index]!;
    if (!group.shown || group.tabs.length < 2) continue;
    const target = (group.visiblePanels[0]! + 1) % group.tabs.length;
    // By DOM order, as tabGroups counts them (getByRole would skip the hidden ones).
    const tab = page.locator('[role="tablist"]').nth(index).locator('[role="tab"]').nth(target);
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect
      .poll(async () => (await tabGroups(page))[index]!.visiblePanels, {
        message: `${route}: ${group.name}, after choosing ${group.tabs[target]}`,
      })
      .toEqual([target]);
    chosen++;
  }
  if (count > 0) expect(chosen, `${route}: a tab group to choose from`).toBeGreaterThan(0);
}
