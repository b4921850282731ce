/**
 * Marks the Markdown tables a page wraps in `<ReferenceTable>` as reference tables, the ones a
 * reader looks a row up in (the sandbox's test inputs, the idempotency outcomes): the table gets
 * `data-stacked` and each body cell `data-label`, its column's header text, so that on a phone
 * src/css/tables.css draws each row as an entry with every cell under its column's name, instead
 * of a table that scrolls sideways. The wrapper itself is removed: the page keeps a plain table,
 * and its Markdown twin and search see only that.
 *
 *   <ReferenceTable>
 *
 *   | Input | Request to type | What happens |
 *   | --- | --- | --- |
 *   | ... | ... | ... |
 *
 *   </ReferenceTable>
 *
 * A `<ReferenceTable>` that holds no table fails the build, naming the file.
 */
type Data = {hProperties?: Record<string, string>};
type Node = {type: string; name?: string; value?: string; children?: Node[]; data?: Data};

/** The element a page wraps its reference tables in. */
export const WRAPPER = 'ReferenceTable';

/** The text of a node, as its header reads. */
function text(node: Node): string {
  if (typeof node.value === 'string') return node.value;
  return (node.children ?? []).map(text).join('');
}

function setProperty(node: Node, name: string, value: string): void {
  node.data ??= {};
  node.data.hProperties = {...node.data.hProperties, [name]: value};
}

/** Gives `table` its stacked marker, and each body cell its column's name. */
export function markTable(table: Node): void {
  setProperty(table, 'data-stacked', '');
  const [header, ...rows] = table.children ?? [];
  const labels = (header?.children ?? []).map((cell) => text(cell).trim());
  for (const row of rows)
    (row.children ?? []).forEach((cell, column) => {
      if (labels[column]) setProperty(cell, 'data-label', labels[column]);
    });
}

export default function remarkReferenceTables() {
  return (tree: Node, vfile: {path?: string}) => {
    const walk = (node: Node) => {
      if (!node.children) return;
      node.children = node.children.flatMap((child) => {
        if (child.type !== 'mdxJsxFlowElement' || child.name !== WRAPPER) {
          walk(child);
          return [child];
        }
        const tables = (child.children ?? []).filter((inner) => inner.type === 'table');
        if (tables.length === 0)
          throw new Error(
            `remark-reference-tables: ${vfile.path ?? 'a page'} has a <${WRAPPER}> with no Markdown table in it (leave a blank line after the opening tag)`,
          );
        tables.forEach(markTable);
        return child.children ?? [];
      });
    };
    walk(tree);
  };
}
