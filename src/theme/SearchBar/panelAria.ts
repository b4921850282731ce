/**
 * Two repairs to the markup of the open search panel, found by axe (tests/e2e/a11y.spec.ts). The
 * markup comes from the search plugin's result template and from autocomplete-js, and neither
 * takes an option that would change it:
 *
 * 1. nested-interactive. autocomplete-js makes each result an option (role=option); inside it the
 *    plugin's template puts a link (<a href>) and a "Select" <button>. An option's children are
 *    presentational: assistive technology never announces them, yet they are focusable. A
 *    tabindex of -1 is not enough (they stay focusable by script, and axe still flags them), so
 *    the link gives up its href (kept in data-href) and the button is disabled and hidden from
 *    assistive technology. Nothing a person uses is lost: the plugin's own click handler on the
 *    link navigates (it never relied on the href), and the keyboard path (arrows, Enter, and
 *    Ctrl/Cmd+Enter for a new tab) goes through autocomplete-js's navigator, not the link.
 * 2. aria-valid-attr-value. autocomplete-core sets the input's aria-activedescendant from its
 *    active item id even when the list is empty ("No results found."), naming an option that does
 *    not exist; with no list its aria-controls is "". Here aria-activedescendant names the option
 *    the panel shows as selected (aria-selected=true), and is removed when there is none; an empty
 *    aria-controls is removed.
 *
 * Why patch the DOM, and why it holds: autocomplete-js renders every panel update into a new
 * React root, so each render brings fresh nodes; a MutationObserver on the panel re-applies the
 * repairs after each one. Its callback runs as a microtask, before the browser paints, and every
 * repair is idempotent (an attribute is written only when it differs, so the repairs do not wake
 * the observer again). Reading the selected option instead of the attribute also settles the
 * order of the two writers: autocomplete-js sets the input's attributes at once and React draws
 * the options a moment later; whichever comes last, the attribute ends on the drawn selection.
 */

const OPTION = '[role="option"]';

/** Applies both repairs to the panel under `root` and to its search input. */
export function repairSearchPanel(root: ParentNode, input: Element | null): void {
  for (const link of Array.from(root.querySelectorAll<HTMLAnchorElement>(`${OPTION} a[href]`))) {
    link.setAttribute('data-href', link.getAttribute('href')!);
    link.removeAttribute('href');
  }
  for (const button of Array.from(root.querySelectorAll<HTMLButtonElement>(`${OPTION} button:not([disabled])`))) {
    button.disabled = true;
    button.setAttribute('aria-hidden', 'true');
  }
  if (!input) return;
  const selected = root.querySelector(`${OPTION}[aria-selected="true"][id]`);
  const wanted = selected?.id ?? null;
  if (wanted === null) input.removeAttribute('aria-activedescendant');
  else if (input.getAttribute('aria-activedescendant') !== wanted) input.setAttribute('aria-activedescendant', wanted);
  if (input.getAttribute('aria-controls') === '') input.removeAttribute('aria-controls');
}

/** autocomplete-js appends this overlay to <body> while the detached panel is open. */
const OVERLAY = '.aa-DetachedOverlay';

/**
 * Watches <body> for the search overlay and keeps the repairs applied while it is open.
 * Returns the function that stops watching.
 */
export function watchSearchPanel(body: HTMLElement): () => void {
  let panelObserver: MutationObserver | null = null;
  let watched: Element | null = null;

  const repair = () => {
    if (watched) repairSearchPanel(watched, watched.querySelector('input.aa-Input'));
  };
  const follow = () => {
    const overlay = body.querySelector(`:scope > ${OVERLAY}`);
    if (overlay === watched) return;
    panelObserver?.disconnect();
    panelObserver = null;
    watched = overlay;
    if (!overlay) return;
    panelObserver = new MutationObserver(repair);
    panelObserver.observe(overlay, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['href', 'disabled', 'aria-selected', 'aria-activedescendant', 'aria-controls'],
    });
    repair();
  };
  // Only <body>'s own children: the overlay is one of them, and the page's content is not watched.
  const bodyObserver = new MutationObserver(follow);
  bodyObserver.observe(body, {childList: true});
  follow();
  return () => {
    bodyObserver.disconnect();
    panelObserver?.disconnect();
  };
}
