/**
 * Ejected from @docusaurus/theme-classic 3.10.2 (CodeBlock/index.tsx) to drop one line: the
 * original keys the block on `isBrowser`, so every code block on a page mounts a second time right
 * after hydration, tokenised again and its DOM replaced, only to apply the reader's colour mode.
 * Our Prism theme (packages/kestrel-theme/html/code-theme-by-mode.ts) is the same in both modes, with the colours in CSS,
 * so the server HTML is already right and one mount is enough. A wrapper cannot remove the key.
 * tests/unit/upstream-couplings.test.ts fails when the original changes beyond that key.
 */
import React, {isValidElement, type ReactNode} from 'react';
import ElementContent from '@theme/CodeBlock/Content/Element';
import StringContent from '@theme/CodeBlock/Content/String';
import type {Props} from '@theme/CodeBlock';

/** The children as one string when they are only strings, so the copy button can copy them. */
function maybeStringifyChildren(children: ReactNode): ReactNode {
  if (React.Children.toArray(children).some((el) => isValidElement(el))) {
    return children;
  }
  return Array.isArray(children) ? children.join('') : (children as string);
}

export default function CodeBlock({children: rawChildren, ...props}: Props): ReactNode {
  const children = maybeStringifyChildren(rawChildren);
  const CodeBlockComp = typeof children === 'string' ? StringContent : ElementContent;
  return <CodeBlockComp {...props}>{children as string}</CodeBlockComp>;
}
