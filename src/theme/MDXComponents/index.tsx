/**
 * The site's own components in Markdown (a site swizzle: the theme package changes Docusaurus,
 * the site places its components). Wraps @theme-original/MDXComponents to render Markdown tables with ScrollableTable: a table
 * wider than the column scrolls sideways, and a scrolling region must be reachable by keyboard
 * (axe `scrollable-region-focusable`). `diagram` is the element plugins/diagrams/remark-diagrams.ts puts
 * where a ```mermaid block was; `highlightedcode` the element plugins/highlight-code/remark-highlight-code.ts
 * puts where any other fenced code block was; `referencefold` the disclosure that
 * plugins/reference-tables/remark-reference-tables.ts folds a long reference table in. Every other
 * element keeps the original component.
 */
import MDXComponents from '@theme-original/MDXComponents';
import ScrollableTable from '@site/src/components/ScrollableTable';
import Diagram from '@site/src/components/Diagram';
import HighlightedCode from '@site/src/components/HighlightedCode';
import ReferenceFold from '@site/src/components/ReferenceFold';

export default {
  ...MDXComponents,
  table: ScrollableTable,
  diagram: Diagram,
  highlightedcode: HighlightedCode,
  referencefold: ReferenceFold,
};
