/**
 * Wraps @theme-init/MimeTabs so that every media type's panel is rendered, the ones not
 * chosen hidden: a request body offered in several media types shows each one's fields in the
 * page's static HTML, not only the first (the theme asks for lazy tabs there).
 */
import React, {type ComponentProps, type ReactNode} from 'react';
import MimeTabs from '@theme-init/MimeTabs';

export default function MimeTabsWrapper(props: ComponentProps<typeof MimeTabs>): ReactNode {
  return <MimeTabs {...props} lazy={false} />;
}
