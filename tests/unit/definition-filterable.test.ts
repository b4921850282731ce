/**
 * `x-filterable`, read through the definition model (definition/filterable.ts): what a list
 * operation's `$filter` compares and `$orderby` sorts on. A malformed declaration, a list without
 * one, one on an operation that takes no `$filter`, and a field the list's items do not have each
 * fail the model, naming where; the Markdown twin of the page states the same fields.
 */
import {describe, expect, it} from 'vitest';
import {buildDefinition, findOperation, type JsonObject} from '../../definition/index.ts';
import {OpenApiMarkdown} from '../../plugins/llms-txt/openapi-markdown';
import {loadBundledDefinition} from './openapi-definition';

const doc = loadBundledDefinition() as JsonObject;
const model = buildDefinition(structuredClone(doc));

/** The real definition with the `get` of one path changed by `edit`. */
function withListOperation(path: string, edit: (operation: JsonObject) => void): JsonObject {
  const copy = structuredClone(doc);
  edit(((copy.paths as JsonObject)[path] as JsonObject).get as JsonObject);
  return copy;
}

describe('x-filterable', () => {
  it('gives each list operation its fields, its any collections and its examples', () => {
    const events = findOperation(model, 'get-events');
    expect(events.filterable?.fields).toEqual(['eventType', 'deliverySuccess', 'data/entityId', 'created']);
    expect(events.filterable?.any).toEqual([{collection: 'deliveries', fields: ['subscriptionId', 'status']}]);
    expect(events.filterable?.examples.map((e) => e.filter)).toContain(
      'deliverySuccess eq false and created ge 2025-06-23T00:00:00Z',
    );
    expect(findOperation(model, 'get-invoices').filterable?.fields).toContain('amount/currency');
    expect(findOperation(model, 'issue-invoice').filterable).toBeUndefined();
  });

  it('is no longer stated in description prose: the declaration is the one source', () => {
    for (const operation of model.operations) {
      expect(operation.description, operation.operationId).not.toMatch(/filter and sort on|filter with `any`/i);
    }
  });

  it('fails the model, naming where, when it is malformed, missing, misplaced or names a field the items lack', () => {
    const cases: [(operation: JsonObject) => void, RegExp][] = [
      [(op) => delete op['x-filterable'], /paths\/~1invoices\/get takes \$filter but declares no x-filterable/],
      [(op) => ((op['x-filterable'] as JsonObject).fields = []), /x-filterable\/fields is not a non-empty list/],
      [
        (op) => ((op['x-filterable'] as JsonObject).fields = ['status', 'amount.currency']),
        /x-filterable\/fields\/1 is "amount\.currency"/,
      ],
      [
        (op) => ((op['x-filterable'] as JsonObject).sortable = ['status']),
        /x-filterable\/sortable is not a field of x-filterable/,
      ],
      [
        (op) => ((op['x-filterable'] as JsonObject).fields = ['status', 'colour']),
        /x-filterable\/fields\/1 names "colour", which the items of getInvoices's answer do not have/,
      ],
      [
        (op) => ((op['x-filterable'] as JsonObject).any = {lines: ['id']}),
        /x-filterable\/any\/lines\/0 names "lines\[\]\/id"/,
      ],
      [
        (op) => ((op['x-filterable'] as JsonObject).examples = [{finds: 'paid ones'}]),
        /x-filterable\/examples\/0 is not an object with a "filter" string/,
      ],
    ];
    for (const [edit, message] of cases) {
      expect(() => buildDefinition(withListOperation('/invoices', edit))).toThrow(message);
    }
    const onCreate = structuredClone(doc);
    const paths = onCreate.paths as JsonObject;
    const invoices = paths['/invoices'] as JsonObject;
    (invoices.post as JsonObject)['x-filterable'] = {fields: ['status']};
    expect(() => buildDefinition(onCreate)).toThrow(
      /invoices\/post\/x-filterable is declared, but the operation takes no \$filter/,
    );
  });

  it('is stated in the Markdown twin of a list page, from the declaration', () => {
    const markdown = new OpenApiMarkdown(model, '').operationPage(findOperation(model, 'get-events')).markdown;
    expect(markdown).toContain(
      '`$filter` compares and `$orderby` sorts on `eventType`, `deliverySuccess`, `data/entityId` and `created`.',
    );
    expect(markdown).toContain("Inside each item's `deliveries`, `$filter` reaches `d/subscriptionId` and `d/status`");
    expect(new OpenApiMarkdown(model, '').operationPage(findOperation(model, 'issue-invoice')).markdown).not.toContain(
      'Filter and sort on',
    );
  });
});
