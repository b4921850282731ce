/**
 * Wraps @theme-original/Markdown, the OpenAPI theme's renderer for descriptions in the API
 * definition (react-markdown). Its links are bare <a> elements: a URL in a description
 * (e.g. the status page in the 503 response) opened without `rel="noopener noreferrer"`, and
 * internal links bypassed the client router and the broken-link check. This renders them with
 * @docusaurus/Link instead, by adding an `a` entry to the components the original passes to
 * react-markdown. The original has no hooks and returns one <ReactMarkdown> element; if a future
 * version returns anything else, its output is used unchanged.
 */
import React, {cloneElement, isValidElement, type ComponentProps, type ReactElement, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import OriginalMarkdown from '@theme-original/Markdown';

type Props = ComponentProps<typeof OriginalMarkdown>;

function MarkdownLink({node: _node, ...props}: ComponentProps<'a'> & {node?: unknown}): ReactNode {
  return <Link {...props} />;
}

export default function Markdown(props: Props): ReactNode {
  const element = (OriginalMarkdown as (p: Props) => ReactNode)(props);
  if (!isValidElement(element)) return element;
  const {components} = (element as ReactElement<{components?: Record<string, unknown>}>).props;
  if (!components || typeof components !== 'object') return element;
  return cloneElement(element as ReactElement<{components?: Record<string, unknown>}>, {
    components: {...components, a: MarkdownLink},
  });
}
