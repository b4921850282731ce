/**
 * What a table looks like on a phone, measured in the page: the functions scripts/phone-tables.mjs
 * prints its figures from and tests/e2e/phone-tables.spec.ts asserts on. They run in the browser
 * (Playwright serialises each one, so each is self-contained).
 */
/* global document, window, getComputedStyle, Node, HTMLElement */

/** The phone the figures are for: a 390 px wide screen (an iPhone 12 to 15). */
export const PHONE = {width: 390, height: 844};

/** The tallest row a reader can take in at once on that phone, in CSS pixels. */
export const TALLEST_ROW = 600;

/**
 * Runs in the page (self-contained: Playwright serialises it). Every table of the page, measured
 * as laid out now.
 * @returns {{
 *   index: number, heading: string, stacked: boolean, visible: boolean, columns: number,
 *   scrolls: boolean, scrollWidth: number, clientWidth: number, tallestRow: number,
 *   firstTwoColumnsRight: number, visibleRight: number,
 * }[]}
 */
export function tablesOnPage() {
  /** The table's own box, or the nearest ancestor that scrolls sideways and overflows. */
  const scroller = (/** @type {HTMLElement} */ table) => {
    if (table.scrollWidth > table.clientWidth + 1) return table;
    for (let el = table.parentElement; el && el !== document.body; el = el.parentElement) {
      const overflow = getComputedStyle(el).overflowX;
      if ((overflow === 'auto' || overflow === 'scroll') && el.scrollWidth > el.clientWidth + 1) return el;
    }
    return null;
  };
  const headingBefore = (/** @type {HTMLElement} */ table) => {
    const headings = Array.from(document.querySelectorAll('article h2, article h3, article h4, main h1'));
    const before = headings.filter((h) => h.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING);
    return (
      before
        .at(-1)
        ?.textContent?.replace(/#$/, '')
        .replace(/\u200b/g, '')
        .trim() ?? ''
    );
  };
  return Array.from(document.querySelectorAll('table')).map((table, index) => {
    const scrolling = scroller(table);
    const rows = Array.from(table.rows);
    const firstRow = rows[0];
    const cells = firstRow ? Array.from(firstRow.cells) : [];
    const box = table.getBoundingClientRect();
    const second = cells[Math.min(1, cells.length - 1)];
    return {
      index,
      heading: headingBefore(table),
      stacked: table.hasAttribute('data-stacked'),
      visible: table.checkVisibility(),
      columns: cells.length,
      scrolls: scrolling !== null,
      scrollWidth: scrolling ? scrolling.scrollWidth : table.scrollWidth,
      clientWidth: scrolling ? scrolling.clientWidth : table.clientWidth,
      tallestRow: Math.max(0, ...rows.map((row) => Math.round(row.getBoundingClientRect().height))),
      // Where the second column ends, and where the part of the table a reader sees ends.
      firstTwoColumnsRight: second ? Math.round(second.getBoundingClientRect().right) : 0,
      visibleRight: Math.round(Math.min(window.innerWidth, box.left + table.clientWidth)),
    };
  });
}

/**
 * Runs in the page: shows every tab panel and opens every disclosure that is not inside a table,
 * so every table is laid out; a fold inside a table stays as a reader first sees it.
 */
export function showEveryTable() {
  for (const details of Array.from(document.querySelectorAll('details')))
    if (!details.closest('table')) details.open = true;
  for (const panel of Array.from(document.querySelectorAll('[role="tabpanel"][hidden]')))
    if (panel instanceof HTMLElement) panel.hidden = false;
}
