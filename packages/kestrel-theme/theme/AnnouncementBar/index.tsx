/**
 * Wraps @theme-init/AnnouncementBar. The stock inline script hides the bar before hydration
 * when the dismissal flag is set, without looking at the bar id; so after the id changes, the
 * reset flag shows the bar only on the next page load. This lifts the pre-hydration hiding once
 * the bar is active, so a new announcement shows on the first visit (a new bar id resets the dismissal).
 * The attribute is private to theme-classic: tests/unit/upstream-couplings.test.ts fails if it changes.
 */
import React, {useEffect, type ReactNode} from 'react';
import AnnouncementBar from '@theme-init/AnnouncementBar';
import type AnnouncementBarType from '@theme/AnnouncementBar';
import type {WrapperProps} from '@docusaurus/types';
import {useAnnouncementBar} from '@docusaurus/theme-common/internal';

type Props = WrapperProps<typeof AnnouncementBarType>;

export default function AnnouncementBarWrapper(props: Props): ReactNode {
  const {isActive} = useAnnouncementBar();
  useEffect(() => {
    if (isActive) document.documentElement.setAttribute('data-announcement-bar-initially-dismissed', 'false');
  }, [isActive]);
  return <AnnouncementBar {...props} />;
}
