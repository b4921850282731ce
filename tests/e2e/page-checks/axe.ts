/** axe-core on a page as a reader sees it (WCAG 2.0/2.1 A and AA). */
import AxeBuilder from '@axe-core/playwright';
import type {Page} from '@playwright/test';
import {expect, pageHeading, expectDiagramsShown} from '../fixtures';

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * An axe run on the page with our tags, in one pass inside the page (axe.run). AxeBuilder's
 * default runs each frame apart and merges the parts in a second, blank page with its own copy of
 * axe: about twice the time on our pages, for frames from other origins, which our pages never
 * have. Were one to appear, the audit fails here rather than leave it unchecked.
 */
export function axeAudit(page: Page): AxeBuilder {
  const origin = new URL(page.url()).origin;
  const foreign = page
    .frames()
    .map((frame) => frame.url())
    .filter((url) => url !== 'about:blank' && new URL(url).origin !== origin);
  expect(foreign, 'frames from another origin, which this audit would not enter').toEqual([]);
  return new AxeBuilder({page}).setLegacyMode().withTags(AXE_TAGS);
}

/** One line per violated rule: id, impact, node count and the first few targets with the reason. */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await axeAudit(page).analyze();
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
