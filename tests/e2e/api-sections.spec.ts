/**
 * The field trees of an operation page below the first screen are not laid out until the reader
 * nears them (`content-visibility: auto` on each `.api-section`), and each holds about its drawn
 * height until then (src/components/ApiPage/sectionSize.ts). Were a section to hold much less, the
 * sections after it would seem to be on the first screen: the browser would lay them out while the
 * page loads (26,804 px of response fields on /api/get-invoices on a phone) only to skip them again.
 */
import type {Locator, Page} from '@playwright/test';
import {test, expect} from './fixtures';
import {PHONE} from './page-checks/phone-tables';

type SectionEvent = {section: string; drawn: boolean};

/** Records, from the first byte, each time a section starts or stops being drawn. */
async function recordSectionDrawing(page: Page): Promise<() => Promise<SectionEvent[]>> {
  await page.addInitScript(() => {
    const events: {section: string; drawn: boolean}[] = [];
    (window as unknown as {sectionEvents: typeof events}).sectionEvents = events;
    document.addEventListener(
      'contentvisibilityautostatechange',
      (event) => {
        const target = event.target as Element;
        if (!target.classList.contains('api-section')) return;
        const section = Array.from(target.classList).find((name) => name !== 'api-section') ?? '';
        events.push({section, drawn: !(event as ContentVisibilityAutoStateChangeEvent).skipped});
      },
      true,
    );
  });
  return () => page.evaluate(() => (window as unknown as {sectionEvents: SectionEvent[]}).sectionEvents);
}

/** Whether a section is drawn (laid out), not skipped as out of view. */
function isDrawn(section: Locator): Promise<boolean> {
  return section.evaluate((el) => el.firstElementChild!.checkVisibility({contentVisibilityAuto: true}));
}

/** The height a section holds until it is drawn: the length of its `contain-intrinsic-block-size`. */
function heldHeight(section: Locator): Promise<number> {
  return section.evaluate((el) => parseFloat(getComputedStyle(el).containIntrinsicBlockSize.replace('auto', '')));
}

test.describe('on a phone', () => {
  test.use({viewport: PHONE});

  test('the responses of /api/get-invoices are not laid out while the page loads, and are drawn once the reader reaches them', async ({
    page,
    problems,
  }) => {
    const sectionEvents = await recordSectionDrawing(page);
    await page.goto('/api/get-invoices');
    // The parameters, on the first screen, are drawn; the responses, a screen and more below, are not.
    await expect.poll(sectionEvents).toContainEqual({section: 'api-parameters', drawn: true});
    const whileLoading = await sectionEvents();
    expect(whileLoading).toContainEqual({section: 'api-responses', drawn: false});
    expect(whileLoading).not.toContainEqual({section: 'api-responses', drawn: true});

    const responses = page.locator('.api-section.api-responses');
    const held = await heldHeight(responses);
    // The reader scrolls down to the section.
    const heading = page.locator('h2#responses');
    await expect(heading).toHaveText('Responses');
    await responses.evaluate((el) => el.scrollIntoView());
    await expect.poll(sectionEvents).toContainEqual({section: 'api-responses', drawn: true});
    await expect(heading).toBeVisible();
    await expect(heading).toBeInViewport();
    const drawn = await responses.evaluate((el) => el.getBoundingClientRect().height);
    // The height held stood in for the drawn one: within a third of it.
    expect(Math.abs(held - drawn), `held ${held} px, drawn ${drawn} px`).toBeLessThanOrEqual(drawn / 3);
    void problems;
  });
});

const SIZED = ['/api/issue-invoice', '/api/find-payout-by-id', '/api/invoice-updated-webhook'];
for (const viewport of [PHONE, {width: 1280, height: 900}]) {
  test(`at ${viewport.width} px, each section and response of ${SIZED.join(', ')} holds about its drawn height until drawn`, async ({
    page,
    problems,
  }) => {
    await page.setViewportSize(viewport);
    for (const route of SIZED) {
      await page.goto(route);
      const boxes = page.locator('.api-section, .api-response');
      const names = await boxes.evaluateAll((els) =>
        els.map((el) => `${el.className} ${el.getAttribute('aria-labelledby') ?? ''}`.trim()),
      );
      expect(names.filter((name) => name.startsWith('api-section')).length, `${route}: sections`).toBeGreaterThan(0);
      for (const [i, name] of names.entries()) {
        const box = boxes.nth(i);
        const held = await heldHeight(box);
        await box.evaluate((el) => el.scrollIntoView());
        await expect.poll(() => isDrawn(box), `${route} ${name}: drawn once in view`).toBe(true);
        const drawn = await box.evaluate((el) => el.getBoundingClientRect().height);
        // A short one is mostly its heading and margins; a long one about a pixel per character.
        expect(Math.abs(held - drawn), `${route} ${name}: held ${held} px, drawn ${drawn} px`).toBeLessThanOrEqual(
          drawn / 3 + 200,
        );
      }
    }
    void problems;
  });
}
