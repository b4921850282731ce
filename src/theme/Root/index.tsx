/**
 * Wraps @theme-original/Root to hand out `useIsBrowser()` from a state that turns true in a
 * transition. Docusaurus flips it in a plain effect once hydration is done, and every component
 * keyed on it (the API theme's tabs, schema and code blocks) then re-renders in one synchronous
 * pass: on an operation page, over half a second of blocked main thread on a mid-range phone. As a
 * transition the same work runs in slices the browser can interleave with input.
 *
 * The context is Docusaurus's own (the one `useIsBrowser` reads), provided closer to the page.
 *
 * Still needed with the API reference rendered on the server: the whole page now hydrates at once,
 * and the flip re-renders every Details, tab list and code block on it. Measured on
 * /api/create-lightning-payment-quote without this wrapper: Lighthouse mobile (median of 5)
 * performance 96, total blocking time 234 ms; a Chromium trace at 4x CPU slowdown shows the flip
 * as two script tasks of 392 ms and 516 ms after hydration, which this turns into slices.
 */
import React, {startTransition, useEffect, useState, type ReactNode} from 'react';
import Root from '@theme-original/Root';
import type RootType from '@theme/Root';
import type {WrapperProps} from '@docusaurus/types';
import {Context as BrowserContext} from '@docusaurus/core/lib/client/browserContext';

type Props = WrapperProps<typeof RootType>;

export default function RootWrapper(props: Props): ReactNode {
  const [isBrowser, setIsBrowser] = useState(false);
  useEffect(() => startTransition(() => setIsBrowser(true)), []);
  return (
    <BrowserContext.Provider value={isBrowser}>
      <Root {...props} />
    </BrowserContext.Provider>
  );
}
