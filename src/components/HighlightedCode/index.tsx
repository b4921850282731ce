/**
 * A guide's code block, highlighted at build time (plugins/highlight-code): the code arrives as
 * finished HTML, packed (config/packed-code.ts, undone here by one regular expression), and is set
 * as the `<code>`'s inner HTML, which React neither compares while hydrating nor builds into a
 * tree, so a page of long example files costs the browser no Prism and no component per token.
 * Colours are CSS for both modes (packages/kestrel-theme/html/code-token-css.ts).
 *
 * The markup keeps the classic theme's landmarks that other readers rely on: `theme-code-block`
 * and `language-x` on the block, a `codeBlockTitle_…` title (plugins/llms-txt/docusaurus-html.ts).
 * The copy button copies the code as the reader sees it (the `<code>`'s text).
 *
 * A block out of view is not laid out (`content-visibility: auto` in styles.module.css): long
 * example files are most of a guide's elements. Its line count sizes the space it holds meanwhile,
 * so the page's height, and the place a link to a later heading lands, do not jump.
 */
import React, {useEffect, useRef, useState, type CSSProperties, type ReactNode} from 'react';
import clsx from 'clsx';
import IconCopy from '@theme/Icon/Copy';
import IconSuccess from '@theme/Icon/Success';
import {unpackHighlighted} from '@site/config/packed-code';
import styles from './styles.module.css';

type Props = {language: string; packed: string; title?: string};

/** How long the button says "Copied" after a copy. */
const COPIED_MS = 1000;

function CopyButton({code}: {code: React.RefObject<HTMLElement | null>}): ReactNode {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const copy = () => {
    void navigator.clipboard.writeText(code.current?.textContent ?? '').then(() => {
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), COPIED_MS);
    });
  };
  return (
    <button
      type="button"
      aria-label={copied ? 'Copied' : 'Copy code to clipboard'}
      title="Copy"
      className={clsx('clean-btn', styles.copyButton, copied && styles.copied)}
      onClick={copy}
    >
      <span className={styles.icons} aria-hidden="true">
        <IconCopy className={styles.copyIcon} />
        <IconSuccess className={styles.successIcon} />
      </span>
    </button>
  );
}

export default function HighlightedCode({language, packed, title}: Props): ReactNode {
  const code = useRef<HTMLElement>(null);
  const html = unpackHighlighted(packed);
  const languageClass = `language-${language.toLowerCase()}`;
  const lines = {'--code-lines': html.split('\n').length} as CSSProperties;
  return (
    <div className={clsx('theme-code-block', 'highlighted-code', languageClass, styles.block)}>
      {title && <div className={styles.codeBlockTitle}>{title}</div>}
      <div className={styles.content}>
        {/* Focusable, so that a keyboard can scroll a block wider than the page. */}
        <pre tabIndex={0} className={clsx('prism-code', languageClass, styles.pre, 'thin-scrollbar')} style={lines}>
          <code ref={code} className={styles.lines} dangerouslySetInnerHTML={{__html: html}} />
        </pre>
        <CopyButton code={code} />
      </div>
    </div>
  );
}
