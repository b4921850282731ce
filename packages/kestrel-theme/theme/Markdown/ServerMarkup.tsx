/**
 * A `display: contents` <div> around content that is costly to render in the browser (here, the
 * API descriptions that need the Markdown parser). Rendered on the server, and in the browser once
 * hydrated or after a client-side navigation, it holds `render()`. During hydration it keeps the
 * server's markup instead: its children are hydrated as opaque HTML (React neither compares nor
 * touches them), so `render` is not called. If the markup turns out to be missing, it renders.
 * The same technique as ../CodeBlock/Content. `display: contents` leaves the layout as if
 * the content had no wrapper.
 */
import React, {useLayoutEffect, useRef, useState, type ReactNode} from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

/** Hydrates the <div> without its children; never written afterwards (React compares the string). */
const SERVER_MARKUP = {__html: ''};
const CONTENTS = {display: 'contents'} as const;

export default function ServerMarkup({render}: {render: () => ReactNode}): ReactNode {
  const isBrowser = useIsBrowser();
  const [keep, setKeep] = useState(() => ExecutionEnvironment.canUseDOM && !isBrowser);
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (keep && !ref.current?.hasChildNodes()) setKeep(false);
  }, [keep]);
  if (keep) return <div ref={ref} style={CONTENTS} dangerouslySetInnerHTML={SERVER_MARKUP} />;
  return <div style={CONTENTS}>{render()}</div>;
}
