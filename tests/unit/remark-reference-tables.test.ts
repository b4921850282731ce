/**
 * plugins/reference-tables/remark-reference-tables.ts on the Markdown tree MDX gives it: a table
 * inside <ReferenceTable> gets `data-stacked` and each body cell its column's name, the wrapper
 * goes, other tables are left alone, and a wrapper with no table fails naming the file.
 */
import {describe, it, expect} from 'vitest';
import remarkReferenceTables from '../../plugins/reference-tables/remark-reference-tables';

type Node = {
  type: string;
  name?: string;
  value?: string;
  children?: Node[];
  data?: {hProperties?: Record<string, string>};
};

const cell = (text: string): Node => ({type: 'tableCell', children: [{type: 'text', value: text}]});
const codeCell = (code: string): Node => ({type: 'tableCell', children: [{type: 'inlineCode', value: code}]});
const row = (...cells: Node[]): Node => ({type: 'tableRow', children: cells});
const table = (): Node => ({
  type: 'table',
  children: [
    row(cell('Input'), cell('Request to type'), cell('What happens')),
    row(codeCell('0.01'), cell('POST /invoices'), cell('Paid at once')),
  ],
});
const wrapped = (...children: Node[]): Node => ({type: 'mdxJsxFlowElement', name: 'ReferenceTable', children});

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
});
