/**
 * Wraps theme-classic's code block buttons (copy, word wrap). They are drawn in the browser only,
 * right after hydration, in the same task as everything else that changes once the page knows it
 * runs in a browser: on an operation page that is 32 button groups with their icons. Here they are
 * drawn a moment later as a deferred render, which React splits into short slices.
 */
import React, {useDeferredValue, type ReactNode} from 'react';
import Buttons from '@theme-init/CodeBlock/Buttons';
import type ButtonsType from '@theme/CodeBlock/Buttons';
import type {WrapperProps} from '@docusaurus/types';
import useIsBrowser from '@docusaurus/useIsBrowser';

type Props = WrapperProps<typeof ButtonsType>;

export default function ButtonsWrapper(props: Props): ReactNode {
  const isBrowser = useDeferredValue(useIsBrowser());
  return isBrowser ? <Buttons {...props} /> : null;
}
