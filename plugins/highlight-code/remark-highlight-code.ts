/**
 * Turns every fenced code block of a page into a `highlightedcode` element holding its code
 * highlighted at build time (./highlight.ts), packed (config/packed-code.ts):
 * src/components/HighlightedCode renders that HTML as it is, so the browser neither builds Prism
 * nor hydrates a React tree per token. A guide that embeds whole example files used to write about
 * 600 KB of HTML per page and hydrate every token.
 *
 * Runs after plugins/remark-code-file.ts (which fills `file=` blocks) and
 * plugins/diagrams/remark-diagrams.ts (which takes the ```mermaid blocks). The fence may carry a
 * `title="..."`; any other meta (line numbers, highlighted lines) fails the build, naming it, since
 * nothing would show it.
 */
import {highlightCodePacked} from './highlight.ts';

type Node = {
  type: string;
  lang?: string | null;
  meta?: string | null;
  value?: string;
  children?: Node[];
  data?: unknown;
};

const TITLE = /(?:^|\s)title=(["'])(.*?)\1/;

/** The fence's title, or an error naming any other meta. */
export function titleOf(meta: string | null | undefined, where: string): string | undefined {
  if (!meta) return undefined;
  const title = TITLE.exec(meta);
  const rest = meta.replace(TITLE, '').trim();
  if (rest)
    throw new Error(`remark-highlight-code: ${where}: unsupported code block meta "${rest}" (only title="...")`);
  return title?.[2];
}

export function highlightedCodeNode(node: Node, where: string): Node {
  const language = node.lang ?? 'text';
  const title = titleOf(node.meta, where);
  return {
    type: 'highlightedCode',
    data: {
      hName: 'highlightedcode',
      hProperties: {language, packed: highlightCodePacked(node.value ?? '', language), ...(title ? {title} : {})},
    },
  };
}

export default function remarkHighlightCode() {
  return (tree: Node, vfile: {path?: string}) => {
    const walk = (node: Node) => {
      if (!node.children) return;
      node.children = node.children.map((child) =>
        child.type === 'code' ? highlightedCodeNode(child, vfile.path ?? 'a page') : (walk(child), child),
      );
    };
    walk(tree);
  };
}
