/**
 * The Markdown most API descriptions and the theme's qualifiers use, rendered without a parser:
 * one paragraph of plain words, `code spans` and **bold runs** ("**Possible values:** [`A`,
 * `B`]"). Anything else (lists, tables, links, emphasis, escapes, entities, line breaks, a code
 * span with edge spaces, a bracket that could start a link) returns null and goes to
 * react-markdown. tests/unit/markdown-plain-text.test.ts checks, on every description in the
 * definition and every qualifier the theme writes for it, that the output is react-markdown's.
 */
import {createElement, type ReactNode} from 'react';
import {isPlainText} from './plainText';

type Inline = string | {code: string} | {strong: Inline[]};

/** Text between markup: plain words, where a bracket pair cannot be a link or reference. */
function isPlainRun(text: string): boolean {
  if (/\]\s*[([:]|!\[/.test(text)) return false;
  const withoutBrackets = text.replace(/[[\]]/g, '');
  return withoutBrackets === '' || isPlainText(`x${withoutBrackets}x`);
}

/** Plain runs and code spans. */
function parseCodeSpans(text: string): Inline[] | null {
  const out: Inline[] = [];
  let rest = text;
  while (rest !== '') {
    const open = rest.indexOf('`');
    if (open === -1) {
      if (!isPlainRun(rest)) return null;
      out.push(rest);
      break;
    }
    const close = rest.indexOf('`', open + 1);
    const code = rest.slice(open + 1, close);
    // One backtick on each side only; no edge spaces (CommonMark strips them in some cases).
    if (close === -1 || rest[close + 1] === '`' || code === '' || /^\s|\s$/.test(code)) return null;
    const before = rest.slice(0, open);
    if (before !== '') {
      if (!isPlainRun(before)) return null;
      out.push(before);
    }
    out.push({code});
    rest = rest.slice(close + 1);
  }
  return out;
}

/** Splits on **bold** runs that open after a space (or at the start) and close before one (or at the end). */
function parseInline(text: string): Inline[] | null {
  if (text === '' || /[\n\r\t]|^\s|\s$/.test(text)) return null;
  // A line starting like a list, heading, quote or table is a block, not a paragraph.
  if (/^(\d+[.)]\s|[-+>#|=]|\*(?!\*\S))/.test(text)) return null;
  const parts = text.split('**');
  if (parts.length % 2 === 0) return null;
  const out: Inline[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (i % 2 === 1) {
      const opensAfter = parts[i - 1]!;
      const closesBefore = parts[i + 1]!;
      if (
        part === '' ||
        /^\s|\s$/.test(part) ||
        (opensAfter !== '' && !/ $/.test(opensAfter)) ||
        (closesBefore !== '' && !/^ /.test(closesBefore))
      )
        return null;
      const inner = parseCodeSpans(part);
      if (!inner) return null;
      out.push({strong: inner});
    } else if (part !== '') {
      const inner = parseCodeSpans(part);
      if (!inner) return null;
      out.push(...inner);
    }
  }
  return out;
}

function toElements(nodes: Inline[]): ReactNode[] {
  return nodes.map((node) => {
    if (typeof node === 'string') return node;
    if ('code' in node) return createElement('code', null, node.code);
    return createElement('strong', null, ...toElements(node.strong));
  });
}

/** The paragraph react-markdown would render for `text`, or null when the text needs the parser. */
export function renderInlineMarkdown(text: string): ReactNode | null {
  const nodes = parseInline(text);
  return nodes ? createElement('p', null, ...toElements(nodes)) : null;
}
