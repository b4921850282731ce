/**
 * Wraps @theme-init/CodeBlock so that it, and Prism with it, loads when a code block is first
 * drawn. The MDX components of every doc page import CodeBlock (for fenced code), and importing it
 * built Prism's grammars while the page's route loaded: on a phone's throttled CPU, the largest
 * item of start-up after hydration itself. No page draws one on the server: fenced code is
 * highlighted at build time (src/components/HighlightedCode), and only the explorer, once opened,
 * draws its request and answer with CodeBlock. Until the chunk arrives, the code shows as plain text.
 */
import React, {lazy, Suspense, type ReactNode} from 'react';
import type CodeBlockType from '@theme/CodeBlock';
import type {WrapperProps} from '@docusaurus/types';

type Props = WrapperProps<typeof CodeBlockType>;

const CodeBlock = lazy(() => import('@theme-init/CodeBlock'));

export default function CodeBlockOnFirstUse(props: Props): ReactNode {
  return (
    <Suspense fallback={<pre>{props.children}</pre>}>
      <CodeBlock {...props} />
    </Suspense>
  );
}
