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
 * - Speed: an operation page renders a few hundred descriptions, and parsing each with micromark
 *   and GFM (whose extensions are rebuilt on every parse) was most of the time a click between
 *   operation pages took. Text with nothing Markdown would change, or only code spans and bold
 *   runs (./inlineMarkdown.ts: nine descriptions in ten, and the theme's qualifiers), is rendered
 *   as the paragraph react-markdown makes of it, and parsed results are kept per text (the same
 *   field descriptions recur across operations: Money, Problem, pagination). The parser itself
 *   (react-markdown, micromark, GFM) is evaluated only when a text needs it: on a phone, setting
 *   it up was the largest single task of loading an operation page.
 *
 * - Hydration: a text that needs the parser (about 25 in the definition, among them the
 *   Idempotency-Key header and the 503 response that most operation pages show) is rendered in a
 *   `display: contents` <div>, and during hydration that <div> keeps the server's markup
 *   (./ServerMarkup.tsx): the parser is neither evaluated nor run as the page comes alive. On a
 *   throttled phone that was about 35 ms of main-thread work in two of hydration's slices (the
 *   parser's set-up and first parse), about 140 ms of Lighthouse's simulated timeline. A text first
 *   rendered in the browser (after a client-side navigation) is parsed as before.
 *
 * Code blocks keep the original's treatment: fenced code with a language is a CodeBlock, and the
 * <pre> around it becomes a <div> (CodeBlock brings its own <pre>).
 */
import React, {type ComponentProps, type ReactNode} from 'react';
import type ReactMarkdownType from 'react-markdown';
import Link from '@docusaurus/Link';
import CodeBlock from '@theme/CodeBlock';
import {renderInlineMarkdown} from './inlineMarkdown';
import ServerMarkup from './ServerMarkup';
import {MARKDOWN_PARSER_MARK} from './parserMark';

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

const COMPONENTS = {a: MarkdownLink, pre: Pre, code: Code};

const rendered = new Map<string, ReactNode>();
const MAX_CACHED = 2000;

type Options = ComponentProps<typeof ReactMarkdownType>;
let parser: {render: (options: Options) => ReactNode; plugins: Options['remarkPlugins']} | undefined;

/**
 * react-markdown with GFM, evaluated on first use (required inside the function, the bundler
 * evaluates it then). Its component is a plain function of its options (no hooks), so its output,
 * the element tree, can be computed once per text and reused wherever that text is shown again.
 */
function parsed(children: string): ReactNode {
  if (!parser) {
    parser = {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- synchronous, evaluated on first use: import() would make rendering async
      render: require('react-markdown').default as (options: Options) => ReactNode,
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- as above
      plugins: [require('remark-gfm').default],
    };
    if (typeof performance !== 'undefined' && typeof window !== 'undefined') performance.mark(MARKDOWN_PARSER_MARK);
  }
  return parser.render({children, remarkPlugins: parser.plugins, components: COMPONENTS});
}

/** The parser's element tree for `text` in a ServerMarkup, parsed the first time the browser draws it, then reused. */
function parsedOnce(text: string): ReactNode {
  let tree: ReactNode | undefined;
  return <ServerMarkup render={() => (tree ??= parsed(text))} />;
}

export default function Markdown({children}: {children?: string}): ReactNode {
  if (typeof children !== 'string' || children === '') return null;
  let element = rendered.get(children);
  if (element === undefined) {
    element = renderInlineMarkdown(children) ?? parsedOnce(children);
    if (rendered.size >= MAX_CACHED) rendered.delete(rendered.keys().next().value!);
    rendered.set(children, element);
  }
  return element;
}
