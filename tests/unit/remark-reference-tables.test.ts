/**
 * plugins/reference-tables/remark-reference-tables.ts on the Markdown tree MDX gives it: a table
 * inside <ReferenceTable> gets `data-stacked` and each body cell its column's name, the wrapper
 * goes, other tables are left alone, and a wrapper with no table fails naming the file. With
 * `fold="…"` the table goes inside the fold element, whose summary counts its rows; a fold of one
 * row, an empty fold or another attribute fails naming the file. With `foldColumn="…"` each cell of
 * that column listing more than three links goes inside a fold counting them, and loses its label;
 * a column the table lacks, or one with no such cell, fails naming the file.
 */
import {describe, it, expect} from 'vitest';
import remarkReferenceTables from '../../plugins/reference-tables/remark-reference-tables';

type Node = {
  type: string;
  name?: string;
  value?: string;
  attributes?: {type: string; name?: string; value?: unknown}[];
  children?: Node[];
  data?: {hName?: string; hProperties?: Record<string, string>};
};

const cell = (text: string): Node => ({type: 'tableCell', children: [{type: 'text', value: text}]});
const codeCell = (code: string): Node => ({type: 'tableCell', children: [{type: 'inlineCode', value: code}]});
const row = (...cells: Node[]): Node => ({type: 'tableRow', children: cells});
const table = (rows = 1): Node => ({
  type: 'table',
  children: [
    row(cell('Input'), cell('Request to type'), cell('What happens')),
    ...Array.from({length: rows}, () => row(codeCell('0.01'), cell('POST /invoices'), cell('Paid at once'))),
  ],
});
const links = (count: number): Node[] =>
  Array.from({length: count}, (_, i) => [
    ...(i > 0 ? [{type: 'text', value: ', '}] : []),
    {type: 'link', children: [{type: 'text', value: `operation ${i + 1}`}]},
  ]).flat();
const linksCell = (count: number): Node => ({type: 'tableCell', children: links(count)});
const walkthroughs = (...operations: number[]): Node => ({
  type: 'table',
  children: [
    row(cell('Walkthrough'), cell('Operations'), cell('Events')),
    ...operations.map((count) => row(cell('Receiving payments'), linksCell(count), codeCell('invoice.updated'))),
  ],
});
const wrapped = (...children: Node[]): Node => ({type: 'mdxJsxFlowElement', name: 'ReferenceTable', children});
const attribute = (name: string, value: unknown) => ({type: 'mdxJsxAttribute', name, value});
const wrappedWith = (attributes: Node['attributes'], ...children: Node[]): Node => ({
  ...wrapped(...children),
  attributes,
});

function run(tree: Node, file = 'docs/sandbox.md'): Node {
  remarkReferenceTables()(tree, {path: file});
  return tree;
}

describe('remark-reference-tables', () => {
  it('marks a wrapped table and labels each body cell with its column, and removes the wrapper', () => {
    const tree = run({type: 'root', children: [{type: 'paragraph', children: []}, wrapped(table())]});
    expect(tree.children!.map((n) => n.type)).toEqual(['paragraph', 'table']);
    const [marked] = tree.children!.filter((n) => n.type === 'table');
    expect(marked!.data?.hProperties).toEqual({'data-stacked': ''});
    const [header, body] = marked!.children!;
    expect(header!.children!.map((c) => c.data?.hProperties)).toEqual([undefined, undefined, undefined]);
    expect(body!.children!.map((c) => c.data?.hProperties)).toEqual([
      {'data-label': 'Input'},
      {'data-label': 'Request to type'},
      {'data-label': 'What happens'},
    ]);
  });

  it('leaves a table outside the wrapper as it is', () => {
    const tree = run({type: 'root', children: [table()]});
    expect(tree.children![0]!.data).toBeUndefined();
    expect(tree.children![0]!.children![1]!.children![0]!.data).toBeUndefined();
  });

  it('fails, naming the file, on a wrapper that holds no table', () => {
    expect(() => run({type: 'root', children: [wrapped({type: 'paragraph', children: []})]}, 'docs/x.md')).toThrow(
      /docs\/x\.md has a <ReferenceTable> with no Markdown table/,
    );
  });

  it('folds a wrapped table behind its count when the wrapper names what its rows are', () => {
    const tree = run({type: 'root', children: [wrappedWith([attribute('fold', 'test inputs')], table(6))]});
    expect(tree.children).toHaveLength(1);
    const [fold] = tree.children!;
    expect(fold!.data).toEqual({hName: 'referencefold', hProperties: {summary: '6 test inputs'}});
    expect(fold!.children!.map((n) => n.type)).toEqual(['table']);
    expect(fold!.children![0]!.data?.hProperties).toEqual({'data-stacked': ''});
  });

  it('fails, naming the file, on a fold of fewer than two rows, an empty fold or another attribute', () => {
    const page = (attributes: Node['attributes'], rows: number) => ({
      type: 'root',
      children: [wrappedWith(attributes, table(rows))],
    });
    expect(() => run(page([attribute('fold', 'test inputs')], 1), 'docs/x.md')).toThrow(
      /docs\/x\.md folds a table of 1 row; fold only a list of at least two/,
    );
    expect(() => run(page([attribute('fold', '  ')], 3), 'docs/x.md')).toThrow(
      /docs\/x\.md has a <ReferenceTable> whose fold is empty/,
    );
    expect(() => run(page([attribute('folded', 'yes')], 3), 'docs/x.md')).toThrow(
      /docs\/x\.md has a <ReferenceTable> with the attribute "folded"; it takes only fold=".*" and foldColumn=/,
    );
    expect(() => run(page([{type: 'mdxJsxExpressionAttribute', value: '{...x}'}], 3), 'docs/x.md')).toThrow(
      /docs\/x\.md has a <ReferenceTable> with an expression/,
    );
  });

  it('folds each cell of the named column that lists more than three links behind their count', () => {
    const tree = run({
      type: 'root',
      children: [wrappedWith([attribute('foldColumn', 'Operations')], walkthroughs(6, 3, 4))],
    });
    const [marked] = tree.children!;
    const [, six, three, four] = marked!.children!;
    const operations = (r: Node) => r.children![1]!;
    expect(operations(six!).data?.hProperties).toEqual({});
    expect(operations(six!).children!.map((n) => n.data)).toEqual([
      {hName: 'referencefold', hProperties: {summary: '6 operations'}},
    ]);
    expect(operations(six!).children![0]!.children).toEqual(links(6));
    expect(operations(four!).children![0]!.data?.hProperties).toEqual({summary: '4 operations'});
    // Three links read as they are, under their column's name.
    expect(operations(three!).data?.hProperties).toEqual({'data-label': 'Operations'});
    expect(operations(three!).children).toEqual(links(3));
    // The other cells keep their labels.
    expect(six!.children![0]!.data?.hProperties).toEqual({'data-label': 'Walkthrough'});
    expect(six!.children![2]!.data?.hProperties).toEqual({'data-label': 'Events'});
  });

  it('fails, naming the file, on a folded column the table lacks, one with no long list, or an empty name', () => {
    const page = (name: string, ...operations: number[]) => ({
      type: 'root',
      children: [wrappedWith([attribute('foldColumn', name)], walkthroughs(...operations))],
    });
    expect(() => run(page('Operation', 6), 'docs/x.md')).toThrow(
      /docs\/x\.md folds the column "Operation", which its table does not have/,
    );
    expect(() => run(page('Operations', 3, 2), 'docs/x.md')).toThrow(
      /docs\/x\.md folds the column "Operations", but none of its cells lists more than 3 links/,
    );
    expect(() => run(page(' ', 6), 'docs/x.md')).toThrow(
      /docs\/x\.md has a <ReferenceTable> whose foldColumn is empty/,
    );
  });
});
