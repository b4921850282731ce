/**
 * Each list operation's page shows what its `$filter` compares and its `$orderby` sorts on, drawn
 * from the definition's `x-filterable` (the fields the sandbox accepts), in the built HTML as a
 * reader and a crawler get it; no other operation page shows such a block.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {buildDefinition, readDefinition} from '../../definition/index.ts';

const BUILD = path.resolve(__dirname, '../../build');
const model = buildDefinition(readDefinition(path.join(BUILD, 'openapi.json')));
const html = (slug: string) => readFileSync(path.join(BUILD, 'api', slug, 'index.html'), 'utf8');

/** The text of the page's "Filter and sort on" block, tags dropped; undefined without one. */
function filterBlock(page: string): string | undefined {
  // The build's HTML is minified: attribute values are quoted only where they must be.
  const start = page.search(/class="?api-filterable"?[ >]/);
  if (start < 0) return undefined;
  const end = page.indexOf('</div>', start);
  return page
    .slice(start, end)
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');
}

describe('the filterable fields on the operation pages', () => {
  it.each(model.operations.map((op) => [op.slug, op] as const))('/api/%s', (slug, operation) => {
    const block = filterBlock(html(slug));
    if (!operation.filterable) {
      expect(block).toBeUndefined();
      return;
    }
    expect(block).toBeDefined();
    const fields = operation.filterable.fields;
    const listed = `${fields.slice(0, -1).join(', ')}${fields.length > 1 ? ' and ' : ''}${fields.at(-1)}`;
    expect(block).toContain(`$filter compares and $orderby sorts on ${listed}.`);
    for (const {collection, fields: inside} of operation.filterable.any) {
      expect(block).toContain(`Inside each item's ${collection}, $filter reaches`);
      for (const field of inside) expect(block).toContain(`d/${field}`);
    }
    for (const {filter} of operation.filterable.examples) expect(block).toContain(`$filter=${filter}`);
  });
});
