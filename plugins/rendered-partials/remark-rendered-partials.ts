/**
 * Puts each rendered part a page asks for (partials.ts) in place of its line,
 * `<RenderedMarkdown of="NAME" />`, as Markdown parsed by the page's own parser. It runs before
 * Docusaurus's own remark plugins (docusaurus.config.ts, `beforeDefaultRemarkPlugins`), so the
 * part's headings get their ids and join the table of contents, and the plugins after it
 * (reference tables, highlighting) see the part as if it were written in the page. An unknown
 * part, an element with other attributes or one inside a paragraph fails the build, naming the file.
 */
import {PARTIAL_ATTRIBUTE, PARTIAL_ELEMENT, PARTIALS, renderPartial, type Partials} from './partials.ts';

type Attribute = {type: string; name?: string; value?: unknown};
type Node = {type: string; name?: string | null; attributes?: Attribute[]; children?: Node[]; position?: unknown};
/** The part of the unified processor this plugin uses: the page's Markdown parser. */
type Parser = {parse(markdown: string): Node};

/** The part's name, from the element's only attribute. */
function partName(element: Node, file: string): string {
  const [attribute, ...others] = element.attributes ?? [];
  if (
    others.length > 0 ||
    attribute?.type !== 'mdxJsxAttribute' ||
    attribute.name !== PARTIAL_ATTRIBUTE ||
    typeof attribute.value !== 'string'
  )
    throw new Error(
      `rendered-partials: ${file} has a <${PARTIAL_ELEMENT}> that does not name its part with only ${PARTIAL_ATTRIBUTE}="NAME"`,
    );
  return attribute.value;
}

/** Drops the positions the part's own parse gave, which would point into the page at wrong lines. */
function withoutPositions(node: Node): Node {
  delete node.position;
  node.children?.forEach(withoutPositions);
  return node;
}

export default function remarkRenderedPartials(this: Parser, options: {partials?: Partials} = {}) {
  const partials = options.partials ?? PARTIALS;
  const parse = (markdown: string): Node[] => (this.parse(markdown).children ?? []).map(withoutPositions);
  return (tree: Node, vfile: {path?: string}) => {
    const file = vfile.path ?? 'a page';
    const walk = (node: Node): void => {
      if (!node.children) return;
      node.children = node.children.flatMap((child) => {
        if (child.type === 'mdxJsxTextElement' && child.name === PARTIAL_ELEMENT)
          throw new Error(
            `rendered-partials: ${file} has a <${PARTIAL_ELEMENT}> inside a paragraph; give it a line of its own`,
          );
        if (child.type !== 'mdxJsxFlowElement' || child.name !== PARTIAL_ELEMENT) {
          walk(child);
          return [child];
        }
        return parse(renderPartial(partName(child, file), file, partials));
      });
    };
    walk(tree);
  };
}
