/**
 * Marks the searched words in a page's article, and takes the marks away again. A word is marked
 * wherever it begins a longer word too, as the search matched it (by prefix): "signatu" marks the
 * start of "signature".
 */

export const HIGHLIGHT_ATTRIBUTE = 'data-search-highlight';

/** The size of the icon of the button that clears the highlight (./SearchHighlight.tsx). */
export const CLOSE_ICON_SIZE = 20;

/** Text inside these is never marked: code the reader copies, and the marks themselves. */
const SKIPPED = new Set(['SCRIPT', 'STYLE', 'MARK', 'BUTTON', 'TEXTAREA', 'INPUT', 'SVG']);

const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Wraps every occurrence of `terms` (case-insensitive, at the start of a word) under `root` in a <mark>; returns how many. */
export function markTerms(root: Element, terms: readonly string[]): number {
  const words = [...new Set(terms.filter(Boolean))].sort((a, b) => b.length - a.length);
  if (words.length === 0) return 0;
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${words.map(escape).join('|')})`, 'giu');
  const doc = root.ownerDocument;
  const walker = doc.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) => {
      for (let el = node.parentElement; el && el !== root; el = el.parentElement)
        if (SKIPPED.has(el.tagName.toUpperCase())) return NodeFilter.FILTER_REJECT;
      return NodeFilter.FILTER_ACCEPT;
    },
  });
  const texts: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node as Text);
  let count = 0;
  for (const text of texts) {
    const value = text.data;
    const matches = [...value.matchAll(pattern)];
    if (matches.length === 0) continue;
    const fragment = doc.createDocumentFragment();
    let from = 0;
    for (const match of matches) {
      fragment.append(value.slice(from, match.index));
      const mark = doc.createElement('mark');
      mark.setAttribute(HIGHLIGHT_ATTRIBUTE, '');
      mark.textContent = match[0];
      fragment.append(mark);
      from = match.index + match[0].length;
      count++;
    }
    fragment.append(value.slice(from));
    text.replaceWith(fragment);
  }
  return count;
}

/**
 * Opens each shut disclosure under `root` that holds a mark, by its summary as a reader would (a
 * disclosure that React draws keeps its own state in step), so that every marked word can be seen:
 * a folded table of test inputs on a phone, a folded list of operations. Document order opens an
 * outer disclosure before one inside it.
 */
export function openAroundMarks(root: Element): void {
  for (const details of Array.from(root.querySelectorAll('details:not([open])')))
    if (details.querySelector(`mark[${HIGHLIGHT_ATTRIBUTE}]`))
      details.querySelector<HTMLElement>(':scope > summary')?.click();
}

/** Removes the marks under `root`, leaving its text as it was. */
export function unmarkTerms(root: Element): void {
  for (const mark of Array.from(root.querySelectorAll(`mark[${HIGHLIGHT_ATTRIBUTE}]`))) {
    const parent = mark.parentNode;
    mark.replaceWith(...Array.from(mark.childNodes));
    parent?.normalize();
  }
}
