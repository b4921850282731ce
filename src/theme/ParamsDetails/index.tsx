/**
 * Wraps @theme-original/ParamsDetails so that its browser-only content renders on its own turn
 * (src/components/StaggeredBrowserContent), not in one task with the page's other sections.
 */
import React, {type ComponentProps, type ReactNode} from 'react';
import ParamsDetails from '@theme-original/ParamsDetails';
import StaggeredBrowserContent from '@site/src/components/StaggeredBrowserContent';

export default function ParamsDetailsWrapper(props: ComponentProps<typeof ParamsDetails>): ReactNode {
  return (
    <StaggeredBrowserContent>
      <ParamsDetails {...props} />
    </StaggeredBrowserContent>
  );
}
