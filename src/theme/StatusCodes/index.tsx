/**
 * Wraps @theme-original/StatusCodes so that its browser-only content renders on its own turn
 * (src/components/StaggeredBrowserContent), not in one task with the page's other sections.
 */
import React, {type ComponentProps, type ReactNode} from 'react';
import StatusCodes from '@theme-original/StatusCodes';
import StaggeredBrowserContent from '@site/src/components/StaggeredBrowserContent';

export default function StatusCodesWrapper(props: ComponentProps<typeof StatusCodes>): ReactNode {
  return (
    <StaggeredBrowserContent>
      <StatusCodes {...props} />
    </StaggeredBrowserContent>
  );
}
