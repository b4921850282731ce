/**
 * Wraps @theme-init/SchemaTabs so that every tab's panel is rendered, the ones not chosen
 * hidden: a request body's oneOf/anyOf options and a response's examples are then all in the
 * page's static HTML (for readers without JavaScript, crawlers and search), not only the first.
 * The theme asks for lazy tabs for oneOf/anyOf, which render the chosen panel only.
 */
import React, {type ComponentProps, type ReactNode} from 'react';
import SchemaTabs from '@theme-init/SchemaTabs';

export default function SchemaTabsWrapper(props: ComponentProps<typeof SchemaTabs>): ReactNode {
  return <SchemaTabs {...props} lazy={false} />;
}
