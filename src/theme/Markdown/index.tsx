/**
 * Replaces the OpenAPI theme's Markdown, its renderer for descriptions in the API definition
 * (react-markdown). Replaced, not wrapped, because what must change is what it imports:
 *
 * - The original runs every description through rehype-raw (raw HTML, ~40 KiB gzip of parser on
 *   every operation page) and an admonition plugin that injects HTML with dangerouslySetInnerHTML.
 *   Our descriptions are plain Markdown: tests/unit/openapi-descriptions.test.ts fails on raw HTML
 *   or `:::` admonitions in the definition, so nothing this drops is ever needed.
 * - Its links were bare <a> elements: a URL in a description (the status page in the 503
 *   response) opened without `rel="noopener noreferrer"`, and internal links bypassed the client
 *   router and the broken-link check. Links render with @docusaurus/Link here.
 *
 * Code blocks keep the original's treatment: fenced code with a language is a CodeBlock, and the
 * <pre> around it becomes a <div> (CodeBlock brings its own <pre>).
 */
import React, {type ComponentProps, type ReactNode} from 'react';
import ReactMarkdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import Link from '@docusaurus/Link';
import CodeBlock from '@theme/CodeBlock';

type NodeProp = {node?: unknown};

function MarkdownLink({node: _node, ...props}: ComponentProps<'a'> & NodeProp): ReactNode {
  return <Link {...props} />;
}

function Pre({node: _node, ...props}: ComponentProps<'pre'> & NodeProp): ReactNode {
  return <div {...(props as ComponentProps<'div'>)} />;
}

function Code({node: _node, className, children, ...props}: ComponentProps<'code'> & NodeProp): ReactNode {
  const language = /language-(\w+)/.exec(className ?? '')?.[1];
  if (!language) {
    return (
      <code className={className} {...props}>
        {children}
      </code>
    );
  }
  return (
    <CodeBlock className={className} language={language}>
      {String(children).replace(/\n$/, '')}
    </CodeBlock>
  );
}

export default function Markdown({children}: {children?: string}): ReactNode {
  return (
    <ReactMarkdown remarkPlugins={[remarkGfm]} components={{a: MarkdownLink, pre: Pre, code: Code}}>
      {children}
    </ReactMarkdown>
  );
}
