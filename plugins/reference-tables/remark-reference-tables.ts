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
 * A long list of entries can be folded on a phone behind its count, naming what the rows are:
 * `<ReferenceTable fold="test inputs">` draws a disclosure reading "6 test inputs" around the
 * table (src/components/ReferenceFold), shut on a phone and never shown as one on a wider screen,
 * where the table stands open as before. A shut disclosure is neither laid out nor drawn, so a
 * page of many such tables (the sandbox's test inputs) costs a phone only the tables a reader opens.
 *
 * A long list of links in one column can be folded the same way, cell by cell:
 * `<ReferenceTable foldColumn="Operations">` puts each cell of that column that lists more than
 * UNFOLDED_LIST_LENGTH links in a disclosure reading "6 operations" (the column's name, in lower
 * case), as the error catalogue folds the operations that answer a code. On a phone the entry's
 * other cells then share the screen, and the links a reader has not opened are not drawn, so the
 * site does not fetch their pages ahead (Docusaurus prefetches the pages of the links it draws).
 *
 * A `<ReferenceTable>` that holds no table, folds fewer than two rows, names a column its table
 * does not have or whose cells are all short, or has another attribute fails the build, naming
 * the file.
 */
import {UNFOLDED_LIST_LENGTH} from '../../config/reference-tables';

type Data = {hName?: string; hProperties?: Record<string, string>};
type Attribute = {type: string; name?: string; value?: unknown};
type Node = {
  type: string;
  name?: string;
  value?: string;
  attributes?: Attribute[];
  children?: Node[];
  data?: Data;
};

/** The element a page wraps its reference tables in. */
export const WRAPPER = 'ReferenceTable';
/** Its attribute that folds the table on a phone, naming what its rows are ("test inputs"). */
export const FOLD = 'fold';
/** Its attribute that folds, on a phone, each long list of links in the column it names. */
export const FOLD_COLUMN = 'foldColumn';
/** The element the fold becomes, drawn by src/components/ReferenceFold. */
const FOLD_ELEMENT = 'referencefold';

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

/** The body rows of a table: every row after its header. */
const bodyRows = (table: Node): number => Math.max(0, (table.children ?? []).length - 1);

type Options = {fold?: string; foldColumn?: string};

/** The wrapper's `fold` and `foldColumn`, each when given; throws on any other attribute. */
function optionsOf(wrapper: Node, file: string): Options {
  const options: Options = {};
  for (const attribute of wrapper.attributes ?? []) {
    const name = attribute.name;
    if (
      attribute.type !== 'mdxJsxAttribute' ||
      (name !== FOLD && name !== FOLD_COLUMN) ||
      typeof attribute.value !== 'string'
    )
      throw new Error(
        `remark-reference-tables: ${file} has a <${WRAPPER}> with ${name ? `the attribute "${name}"` : 'an expression'}; it takes only ${FOLD}="what its rows are" and ${FOLD_COLUMN}="a column's name"`,
      );
    const value = attribute.value.trim();
    if (!value) throw new Error(`remark-reference-tables: ${file} has a <${WRAPPER}> whose ${name} is empty`);
    options[name] = value;
  }
  return options;
}

/** The links a cell lists. */
const linksIn = (node: Node): number =>
  (node.type === 'link' ? 1 : 0) + (node.children ?? []).reduce((sum, child) => sum + linksIn(child), 0);

/**
 * Folds each cell of the column named `column` that lists more than UNFOLDED_LIST_LENGTH links
 * behind their count ("6 operations"). The summary names the column, so the folded cell drops its
 * label. Throws when the table has no such column, or no cell of it is long enough to fold.
 */
function foldColumn(table: Node, column: string, file: string): void {
  const [header, ...rows] = table.children ?? [];
  const index = (header?.children ?? []).findIndex((cell) => text(cell).trim() === column);
  if (index < 0)
    throw new Error(`remark-reference-tables: ${file} folds the column "${column}", which its table does not have`);
  let foldedCells = 0;
  for (const row of rows) {
    const cell = row.children?.[index];
    const links = cell ? linksIn(cell) : 0;
    if (!cell || links <= UNFOLDED_LIST_LENGTH) continue;
    cell.children = [
      {
        type: 'referenceFold',
        data: {hName: FOLD_ELEMENT, hProperties: {summary: `${links} ${column.toLowerCase()}`}},
        children: cell.children ?? [],
      },
    ];
    const properties = {...cell.data?.hProperties};
    delete properties['data-label'];
    cell.data = {...cell.data, hProperties: properties};
    foldedCells++;
  }
  if (foldedCells === 0)
    throw new Error(
      `remark-reference-tables: ${file} folds the column "${column}", but none of its cells lists more than ${UNFOLDED_LIST_LENGTH} links`,
    );
}

/** `table` inside the disclosure that folds it, whose summary counts its rows: "6 test inputs". */
function folded(table: Node, what: string, file: string): Node {
  const rows = bodyRows(table);
  if (rows < 2)
    throw new Error(
      `remark-reference-tables: ${file} folds a table of ${rows} row${rows === 1 ? '' : 's'}; fold only a list of at least two`,
    );
  return {
    type: 'referenceFold',
    data: {hName: FOLD_ELEMENT, hProperties: {summary: `${rows} ${what}`}},
    children: [table],
  };
}

export default function remarkReferenceTables() {
  return (tree: Node, vfile: {path?: string}) => {
    const file = vfile.path ?? 'a page';
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
            `remark-reference-tables: ${file} has a <${WRAPPER}> with no Markdown table in it (leave a blank line after the opening tag)`,
          );
        tables.forEach(markTable);
        const {fold, foldColumn: column} = optionsOf(child, file);
        if (column !== undefined) for (const table of tables) foldColumn(table, column, file);
        if (fold === undefined) return child.children ?? [];
        return (child.children ?? []).map((inner) => (inner.type === 'table' ? folded(inner, fold, file) : inner));
      });
    };
    walk(tree);
  };
}
