/**
 * Repairs two accessibility defects in the DOM that docusaurus-theme-openapi-docs 5.2.0 renders,
 * which no prop or CSS can reach and which sit in too many components (ApiTabs, MimeTabs,
 * SchemaTabs, DiscriminatorTabs, OperationTabs; ParamsDetails, RequestSchema, ResponseSchema,
 * ResponseHeaders) for thin wrappers, short of forking each one:
 *
 * - the arrow buttons that scroll an overflowing tab list have no text (axe `button-name`):
 *   they get an aria-label;
 * - parameter and schema lists are <ul> elements whose children are <div>s (axe `list`): when
 *   every child is a theme list item, the list gets role=list and its items role=listitem;
 *   otherwise the <ul> is presentational.
 *
 * Runs after each route renders (so hydration has finished), in the browser's next idle period,
 * and watches the DOM for tabs and schema sections the theme mounts later (lazy tabs, a page drawn
 * after a client-side navigation). Run at once, the first repair of an operation page (about 130
 * attributes set) was about 12 ms of the hydration's last task on a throttled phone's timeline, the
 * share that made that task a long one; in an idle period of its own it blocks nothing.
 */
import type {ClientModule} from '@docusaurus/types';
import {whenIdle} from './when-idle';

/** A performance mark set once a route's first repair is done, so tests can wait for it. */
export const A11Y_REPAIRED_MARK = 'kestrel:openapi-a11y-repaired';

const ITEM_CLASSES = ['openapi-schema__list-item', 'openapi-params__list-item'];

function repair(root: ParentNode): void {
  for (const button of Array.from(
    root.querySelectorAll<HTMLButtonElement>('button.openapi-tabs__arrow:not([aria-label])'),
  )) {
    button.setAttribute('aria-label', button.classList.contains('left') ? 'Scroll tabs left' : 'Scroll tabs right');
  }
  for (const list of Array.from(root.querySelectorAll<HTMLUListElement>('.theme-api-markdown ul:not([role])'))) {
    const children = Array.from(list.children);
    if (children.length === 0 || children.every((child) => child.tagName === 'LI')) continue;
    if (children.every((child) => ITEM_CLASSES.some((c) => child.classList.contains(c)))) {
      list.setAttribute('role', 'list');
      for (const child of children) child.setAttribute('role', 'listitem');
    } else {
      list.setAttribute('role', 'none');
    }
  }
}

let observer: MutationObserver | null = null;
let scheduled = false;

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  queueMicrotask(() => {
    scheduled = false;
    repair(document);
  });
}

const clientModule: ClientModule = {
  onRouteDidUpdate() {
    whenIdle(
      () => {
        repair(document);
        performance.mark(A11Y_REPAIRED_MARK);
        if (!observer && typeof MutationObserver !== 'undefined') {
          observer = new MutationObserver(schedule);
          observer.observe(document.body, {childList: true, subtree: true});
        }
      },
      {timeout: 1000, fallbackDelay: 50},
    );
  },
};

export default clientModule;
