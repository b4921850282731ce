/**
 * A site swizzle (the theme package changes Docusaurus, the site places its components): wraps
 * @theme-original/DocItem/Content to put the page actions ("Copy page", "View as Markdown")
 * right above the title, on the guides and the API reference alike. The actions sit outside div.markdown, so neither the search index nor the
 * Markdown twins pick up their labels.
 */
import React, {type ReactNode} from 'react';
import Content from '@theme-original/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type {WrapperProps} from '@docusaurus/types';
import PageActions from '@site/src/components/PageActions';

type Props = WrapperProps<typeof ContentType>;

export default function ContentWrapper(props: Props): ReactNode {
  return (
    <>
      <PageActions />
      <Content {...props} />
    </>
  );
}
