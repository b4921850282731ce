/**
 * `react-dom/client` as the search plugin's SearchBar sees it (packages/kestrel-search/bundler/one-panel-root.ts
 * swaps it in for that one module): `createRoot` returns the root it made before for the same
 * container.
 *
 * Why: the plugin renders each update of the results panel with `createRoot(container).render(...)`,
 * a new React root per render. Every new root clears the container and draws fresh nodes, so moving
 * the pointer over a result (which makes it the active one) replaced every result link under the
 * pointer. A click whose press landed on the old link and whose release landed on the new one went
 * to neither: the panel stayed open and nothing opened. With one root per container React updates
 * the nodes in place (the active result changes an attribute, not the element), as autocomplete-js
 * documents for React 18 and later.
 */
import {createRoot as createReactRoot, type Root, type RootOptions} from 'react-dom/client';

export * from 'react-dom/client';

const roots = new WeakMap<Element | DocumentFragment, Root>();

export function createRoot(container: Element | DocumentFragment, options?: RootOptions): Root {
  let root = roots.get(container);
  if (!root) {
    root = createReactRoot(container, options);
    roots.set(container, root);
  }
  return root;
}
