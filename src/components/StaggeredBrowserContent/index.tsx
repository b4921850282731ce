/**
 * Renders the browser-only parts of its children one section at a time.
 *
 * The API theme draws an operation's parameters, request body and response schemas only in the
 * browser (BrowserOnly, a skeleton on the server), all in the same update right after hydration:
 * on a phone, one long task to render, commit and restyle the whole page. Wrapped in this
 * component (src/theme/ParamsDetails, RequestSchema, StatusCodes), each section sees
 * `useIsBrowser()` turn true on its own turn (./turns.ts), in document order, so each is a short
 * task and the reader can scroll and tap in between.
 */
import React, {startTransition, useCallback, useEffect, useState, type ReactNode} from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {Context as BrowserContext} from '@docusaurus/core/lib/client/browserContext';
import {releaseTurn, requestTurn} from './turns';

export default function StaggeredBrowserContent({children}: {children: ReactNode}): ReactNode {
  const isBrowser = useIsBrowser();
  const [turn, setTurn] = useState(false);
  const start = useCallback(() => startTransition(() => setTurn(true)), []);
  useEffect(() => (isBrowser ? requestTurn(start) : undefined), [isBrowser, start]);
  useEffect(() => {
    if (turn) releaseTurn(start);
  }, [turn, start]);
  return <BrowserContext.Provider value={isBrowser && turn}>{children}</BrowserContext.Provider>;
}
