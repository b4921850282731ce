/** axe-core on a page as a reader sees it (WCAG 2.0/2.1 A and AA). */
import AxeBuilder from '@axe-core/playwright';
import type {Page} from '@playwright/test';
import {expect, pageHeading, expectDiagramsShown} from '../fixtures';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** One line per violated rule: id, impact, node count and the first few targets with the reason. */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({page}).withTags(AXE_TAGS).analyze();
  return results.violations.map(
    (v) =>
      `${v.id} (${v.impact}) x${v.nodes.length}: ${v.nodes
        .slice(0, 3)
        .map((n) => `${n.target.join(' ')}: ${n.any.map((c) => c.message).join('; ')}`.slice(0, 300))
        .join(' | ')}`,
  );
}

/** The page as a reader sees it: dark theme, content rendered, diagrams drawn, network quiet. */
export async function readyForAxe(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(pageHeading(page)).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectDiagramsShown(page);
}
