/**
 * Wraps @theme-original/RequestSchema so that its browser-only content renders on its own turn
 * (src/components/StaggeredBrowserContent), not in one task with the page's other sections.
 */
import React, {type ComponentProps, type ReactNode} from 'react';
import RequestSchema from '@theme-original/RequestSchema';
import StaggeredBrowserContent from '@site/src/components/StaggeredBrowserContent';

export default function RequestSchemaWrapper(props: ComponentProps<typeof RequestSchema>): ReactNode {
  return (
    <StaggeredBrowserContent>
      <RequestSchema {...props} />
    </StaggeredBrowserContent>
  );
}
