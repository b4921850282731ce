/**
 * Wraps theme-classic's mobile navbar sidebar (the drawer behind the hamburger). On a phone the
 * stock drawer, with the whole docs sidebar inside, is drawn right after hydration in the same
 * task as everything else that changes once the page knows it runs in a browser, although it stays
 * hidden until the hamburger is pressed. Here it is drawn a moment later as a deferred render,
 * which React splits into short slices, or at once if the reader opens it first.
 *
 * `useNavbarMobileSidebar` is an internal of @docusaurus/theme-common; the unit test
 * tests/unit/theme-internals.test.ts fails if it stops exporting it with `shouldRender` and `shown`.
 */
import React, {useDeferredValue, type ReactNode} from 'react';
import MobileSidebar from '@theme-init/Navbar/MobileSidebar';
import type MobileSidebarType from '@theme/Navbar/MobileSidebar';
import type {WrapperProps} from '@docusaurus/types';
import {useNavbarMobileSidebar} from '@docusaurus/theme-common/internal';

type Props = WrapperProps<typeof MobileSidebarType>;

export default function MobileSidebarWrapper(props: Props): ReactNode {
  const {shouldRender, shown} = useNavbarMobileSidebar();
  const deferredShouldRender = useDeferredValue(shouldRender);
  return deferredShouldRender || shown ? <MobileSidebar {...props} /> : null;
}
