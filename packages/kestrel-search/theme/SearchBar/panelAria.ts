/**
 * Repairs to the markup of the open search panel, found by axe (tests/e2e/a11y.spec.ts), with each
 * result a real link. autocomplete-js draws the panel's list and items and takes no option that
 * would change their roles:
 *
 * 1. nested-interactive, with the result still a real link. autocomplete-js makes each result's
 *    <li> an option (role=option); inside it our result template (./LoadedSearchBar.tsx) puts the
 *    result's link (<a href>). An option's children are presentational, so a focusable link
 *    inside one fails axe, and taking its href away would take away what a person does with a
 *    link: middle-click, Ctrl/Cmd+click, "Open in new tab", "Copy link".
 *    Instead the link itself becomes the option (an <a href> may take role=option): the option's
 *    role, id and aria-selected move from the <li> to its link, and the <li> becomes role=none.
 *    The link leaves the Tab order (tabindex=-1): focus stays in the search input, which names
 *    the active option with aria-activedescendant.
 * 2. aria-valid-attr-value. autocomplete-core sets the input's aria-activedescendant from its
 *    active item id even when the list is empty ("No results found."), naming an option that does
 *    not exist; with no list its aria-controls is "". Here aria-activedescendant names the option
 *    the panel shows as selected (aria-selected=true), and is removed when there is none; an empty
 *    aria-controls is removed.
 * 3. Link actions. autocomplete-js's item takes every click as the choice of that item, and our
 *    link's handler opens it in this page; a click that opens a new tab or window is no choice:
 *    this page stays as it is, its panel open. A click with a
 *    modifier key, or with another button than the main one, is stopped on its way down to the
 *    panel (a capture listener on the overlay, above the React root that holds the handlers), so
 *    the browser does with the link what it does with any link. A plain click still goes through
 *    our link's handler (navigation in the page, with the search terms highlighted).
 * 4. Focus stays in the open panel. autocomplete-js keeps it in the input for a press on its list
 *    of results, but a press elsewhere in the panel that takes no focus (the edge around its search
 *    form) leaves focus on the page's <body> behind the panel, where the reader's typing goes
 *    nowhere; so does a press that lands on the search button as the panel replaces it. Focus that
 *    falls out of the open panel to nothing returns to its search input, once the press is over.
 *    Focus that moves somewhere (the Cancel button, another window) is left where it went.
 *
 * Why patch the DOM, and why it holds: React updates the panel after every change (new results,
 * a new active option; one root per panel, ./LoadedSearchBar.tsx), writing the option
 * attributes back onto the <li> or drawing new items; a MutationObserver on the panel re-applies
 * the repairs after each update. Its callback runs as a microtask, before the browser paints, and every
 * repair is idempotent (an attribute is written only when it differs, so the repairs do not wake
 * the observer again). Reading the selected option instead of the attribute also settles the
 * order of the two writers: autocomplete-js sets the input's attributes at once and React draws
 * the options a moment later; whichever comes last, the attribute ends on the drawn selection.
 * autocomplete-js finds the active item by id only to scroll it into view, and the link is
 * inside the <li>, so that still works. tests/e2e/search.spec.ts and a11y.spec.ts fail if the
 * markup of autocomplete-js changes under these repairs.
 */

const OPTION = '[role="option"]';
/** autocomplete-js's item, whose option role moves to the link inside. */
const ITEM = 'li.aa-Item';
/** Our result link. */
const LINK = 'a.aa-ItemLink[href]';

const OPTION_ATTRIBUTES = ['id', 'aria-selected'] as const;

function setAttribute(element: Element, name: string, value: string): void {
  if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}

/** Makes the link of an item its option (idempotent; also after React updates the item). */
function linkAsOption(item: Element): void {
  const link = item.querySelector(`:scope ${LINK}`);
  if (!link) return;
  setAttribute(link, 'role', 'option');
  setAttribute(link, 'tabindex', '-1');
  for (const name of OPTION_ATTRIBUTES) {
    const value = item.getAttribute(name);
    if (value === null) continue;
    setAttribute(link, name, value);
    item.removeAttribute(name);
  }
  setAttribute(item, 'role', 'none');
}

/** Applies the repairs to the panel under `root` and to its search input. */
export function repairSearchPanel(root: ParentNode, input: Element | null): void {
  for (const item of Array.from(root.querySelectorAll(`${ITEM}[role="option"], ${ITEM}[aria-selected], ${ITEM}[id]`)))
    linkAsOption(item);
  if (!input) return;
  const selected = root.querySelector(`${OPTION}[aria-selected="true"][id]`);
  const wanted = selected?.id ?? null;
  if (wanted === null) input.removeAttribute('aria-activedescendant');
  else if (input.getAttribute('aria-activedescendant') !== wanted) input.setAttribute('aria-activedescendant', wanted);
  if (input.getAttribute('aria-controls') === '') input.removeAttribute('aria-controls');
}

/** True for a click the browser should handle as a link action (new tab, new window, download). */
export function isLinkActionClick(
  event: Pick<MouseEvent, 'button' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>,
): boolean {
  return event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey;
}

/** Lets the browser act on a modified click on a result link (see 3 above). */
function passLinkActions(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest(LINK) && isLinkActionClick(event)) event.stopPropagation();
}

/** autocomplete-js appends this overlay to <body> while the detached panel is open. */
const OVERLAY = '.aa-DetachedOverlay';
const INPUT = 'input.aa-Input';

/** Puts focus back in the open panel's input when it fell to nothing (see 4 above). */
function refocusInput(overlay: Element, event: FocusEvent): void {
  if (event.relatedTarget) return;
  setTimeout(() => {
    const doc = overlay.ownerDocument;
    if (!overlay.isConnected || doc.activeElement !== doc.body || !doc.hasFocus()) return;
    overlay.querySelector<HTMLInputElement>(INPUT)?.focus({preventScroll: true});
  });
}

/**
 * Watches <body> for the search overlay and keeps the repairs applied while it is open.
 * Returns the function that stops watching.
 */
export function watchSearchPanel(body: HTMLElement): () => void {
  let panelObserver: MutationObserver | null = null;
  let watched: Element | null = null;

  const repair = () => {
    if (watched) repairSearchPanel(watched, watched.querySelector(INPUT));
  };
  const keepFocus = (event: Event) => {
    if (watched) refocusInput(watched, event as FocusEvent);
  };
  const unwatch = () => {
    panelObserver?.disconnect();
    panelObserver = null;
    watched?.removeEventListener('click', passLinkActions as EventListener, true);
    watched?.removeEventListener('focusout', keepFocus);
    watched = null;
  };
  const follow = () => {
    const overlay = body.querySelector(`:scope > ${OVERLAY}`);
    if (overlay === watched) return;
    unwatch();
    if (!overlay) return;
    watched = overlay;
    overlay.addEventListener('click', passLinkActions as EventListener, true);
    overlay.addEventListener('focusout', keepFocus);
    panelObserver = new MutationObserver(repair);
    panelObserver.observe(overlay, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['role', 'id', 'disabled', 'aria-selected', 'aria-activedescendant', 'aria-controls'],
    });
    repair();
  };
  // Only <body>'s own children: the overlay is one of them, and the page's content is not watched.
  const bodyObserver = new MutationObserver(follow);
  bodyObserver.observe(body, {childList: true});
  follow();
  return () => {
    bodyObserver.disconnect();
    unwatch();
  };
}
