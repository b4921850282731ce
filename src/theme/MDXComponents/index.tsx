/**
 * Wraps @theme-original/MDXComponents to render Markdown tables with ScrollableTable: a table
 * wider than the column scrolls sideways, and a scrolling region must be reachable by keyboard
 * (axe `scrollable-region-focusable`). Every other element keeps the original component.
 */
import MDXComponents from '@theme-original/MDXComponents';
import ScrollableTable from '@site/src/components/ScrollableTable';

export default {
  ...MDXComponents,
  table: ScrollableTable,
};
