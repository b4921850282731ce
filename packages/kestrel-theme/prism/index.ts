/**
 * prism-react-renderer, evaluated on first use rather than at start-up.
 *
 * Building Prism and its grammars (Prism walks every grammar for each one it adds) was half of the
 * start-up script's run time on every page, and a page's code blocks do not need it: they hydrate
 * on the server's markup (packages/kestrel-theme/theme/CodeBlock/Content). The first code block the browser draws
 * itself (after a client-side navigation, a tab that mounts late) calls `getPrism()`; the module is
 * already in the bundle, so this is synchronous. packages/kestrel-theme/bundler/lazy-prism.ts keeps Docusaurus's
 * start-up grammar registration from evaluating it at load.
 */
import type * as PrismRenderer from 'prism-react-renderer';

export type PrismModule = typeof PrismRenderer;

/** A performance mark set when Prism is first built, so tests and the bench can see when. */
export const PRISM_READY_MARK = 'kestrel:prism-ready';

let prism: PrismModule | undefined;

/** Whether Prism has been built (a later `getPrism()` costs nothing). */
export function isPrismBuilt(): boolean {
  return prism !== undefined;
}

export function getPrism(): PrismModule {
  if (!prism) {
    // Inside the function so that bundling it does not evaluate it.
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- synchronous, evaluated on first call: import() would make every caller async
    const module: PrismModule = require('prism-react-renderer');
    // The site's `prism.additionalLanguages`, registered the way Docusaurus does it at start-up.
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- as above
    const includeLanguages: (p: PrismModule['Prism']) => void = require('@theme/prism-include-languages').default;
    includeLanguages(module.Prism);
    prism = module;
    if (typeof performance !== 'undefined') performance.mark(PRISM_READY_MARK);
  }
  return prism;
}
