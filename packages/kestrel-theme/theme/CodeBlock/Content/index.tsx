/**
 * Ejected from @docusaurus/theme-classic 3.10.2 (CodeBlock/Content/index.tsx). The original imports
 * prism-react-renderer's Highlight at the top, which builds Prism as the page starts, and then
 * tokenises every code block again while the page hydrates, to produce the very markup the server
 * already sent. Here:
 *
 * - a code block rendered during hydration keeps the server's lines: its <code> is hydrated as an
 *   opaque element (React neither compares nor touches the markup inside), so hydration needs no
 *   Prism and no tokens;
 * - a code block the browser draws itself (after a client-side navigation, a tab that mounts late,
 *   or when its code changes) renders as the original, with Prism built on first use (packages/kestrel-theme/prism).
 *   Until Prism exists, a block shows its lines uncoloured and asks for Prism once it is on
 *   screen: a block below the fold (an operation page's samples and examples) costs nothing at load.
 *
 * The colours of the server's tokens follow the reader's mode through CSS (packages/kestrel-theme/html/code-theme-by-mode.ts).
 * tests/unit/upstream-couplings.test.ts fails when the original's imports or class names change.
 */
import React, {useEffect, useLayoutEffect, useRef, useState, type ComponentProps, type ReactNode} from 'react';
import clsx from 'clsx';
import {useCodeBlockContext} from '@docusaurus/theme-common/internal';
import {usePrismTheme} from '@docusaurus/theme-common';
import useIsBrowser from '@docusaurus/useIsBrowser';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import type {Props} from '@theme/CodeBlock/Content';
import type {RenderProps} from 'prism-react-renderer';
import Line from '@theme/CodeBlock/Line';
import {getPrism, isPrismBuilt} from '../../../prism';
import {plainRenderProps} from '../../../prism/plain';
import {whenVisible} from '../../../prism/whenVisible';
// The original's own styles, so the class names match the server's markup.
import styles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Content/styles.module.css';

/** Hydrates <code> without its children; never written afterwards (React compares the string). */
const SERVER_MARKUP = {__html: ''};

const Pre = React.forwardRef<HTMLPreElement, ComponentProps<'pre'>>((props, ref) => (
  // Focusable, as the original is, so that a keyboard can scroll a block wider than the page.
  <pre ref={ref} tabIndex={0} {...props} className={clsx(props.className, styles.codeBlock, 'thin-scrollbar')} />
));

const Code = React.forwardRef<HTMLElement, ComponentProps<'code'>>((props, ref) => {
  const {metadata} = useCodeBlockContext();
  return (
    <code
      ref={ref}
      {...props}
      className={clsx(
        props.className,
        styles.codeBlockLines,
        metadata.lineNumbersStart !== undefined && styles.codeBlockLinesWithNumbering,
      )}
      style={{
        ...props.style,
        counterReset:
          metadata.lineNumbersStart === undefined ? undefined : `line-count ${metadata.lineNumbersStart - 1}`,
      }}
    />
  );
});

/**
 * Whether this code block shows the server's markup: true when it was first rendered during
 * hydration, for as long as its code and language stay those it hydrated with. If the markup turns
 * out to be missing (nothing was hydrated), it renders itself.
 */
function useServerMarkup(source: string, codeRef: React.RefObject<HTMLElement | null>): boolean {
  const isBrowser = useIsBrowser();
  const [hydratedSource, setHydratedSource] = useState<string | null>(() =>
    ExecutionEnvironment.canUseDOM && !isBrowser ? source : null,
  );
  const serverMarkup = hydratedSource !== null && hydratedSource === source;
  useLayoutEffect(() => {
    if (serverMarkup && !codeRef.current?.hasChildNodes()) setHydratedSource(null);
  }, [serverMarkup, codeRef]);
  return serverMarkup;
}

/** Whether this block may use Prism: at once if it is built (or on the server), else once the block is on screen. */
function usePrismWhenVisible(blockRef: React.RefObject<HTMLElement | null>, wanted: boolean): boolean {
  const [ready, setReady] = useState(isPrismBuilt);
  useEffect(() => {
    if (!wanted || ready) return undefined;
    const block = blockRef.current;
    const build = () => {
      getPrism();
      setReady(true);
    };
    if (isPrismBuilt() || !block) {
      build();
      return undefined;
    }
    return whenVisible(block, build);
  }, [wanted, ready, blockRef]);
  return ready || !ExecutionEnvironment.canUseDOM;
}

export default function CodeBlockContent({className: classNameProp}: Props): ReactNode {
  const {metadata, wordWrap} = useCodeBlockContext();
  const prismTheme = usePrismTheme();
  const {code, language, lineNumbersStart, lineClassNames} = metadata;
  const codeRef = useRef<HTMLElement>(null);
  const serverMarkup = useServerMarkup(`${language}\n${code}`, codeRef);
  const highlighted = usePrismWhenVisible(wordWrap.codeBlockRef, !serverMarkup);

  // The <pre> as prism-react-renderer's Highlight attributes it (its class and theme root style),
  // the same whether the lines come from the server, from plain text or from Prism, so that
  // switching between them never replaces the block, only its lines.
  const preProps = {
    ref: wordWrap.codeBlockRef,
    className: clsx(classNameProp, 'prism-code', `language-${language.toLowerCase()}`),
    style: prismTheme.plain,
  };
  if (serverMarkup) {
    return (
      <Pre {...preProps}>
        <Code key="server" ref={codeRef} dangerouslySetInnerHTML={SERVER_MARKUP} />
      </Pre>
    );
  }
  const lines = ({tokens, getLineProps, getTokenProps}: RenderProps) =>
    tokens.map((line, i) => (
      <Line
        key={i}
        line={line}
        getLineProps={getLineProps}
        getTokenProps={getTokenProps}
        classNames={lineClassNames[i]}
        showLineNumbers={lineNumbersStart !== undefined}
      />
    ));
  const Highlight = highlighted ? getPrism().Highlight : null;
  return (
    <Pre {...preProps}>
      <Code key="client" ref={codeRef}>
        {Highlight ? (
          <Highlight theme={prismTheme} code={code} language={language}>
            {lines}
          </Highlight>
        ) : (
          lines(plainRenderProps(code, language, prismTheme))
        )}
      </Code>
    </Pre>
  );
}
