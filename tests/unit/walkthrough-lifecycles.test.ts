/**
 * Each money-flow walkthrough lists its entity's statuses as bullets (`- \`STATUS\`: ...`): every
 * status of the definition's enum, so that no final status an integrator must handle (such as an
 * exchange quote's EXPIRED) is missing from the page that teaches the flow, and none that the
 * definition does not have.
 */
import {describe, it, expect} from 'vitest';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {ROOT, loadBundledDefinition} from './openapi-definition';

const schemas = (loadBundledDefinition() as {components: {schemas: Record<string, {enum?: string[]}>}}).components
  .schemas;

const WALKTHROUGHS = [
  {page: 'docs/walkthrough/receiving-payments.md', status: 'InvoiceStatus'},
  {page: 'docs/walkthrough/sending-payments.md', status: 'PaymentStatus'},
  {page: 'docs/walkthrough/making-payouts.md', status: 'PayoutStatus'},
  {page: 'docs/walkthrough/exchanging-currencies.md', status: 'CurrencyExchangeQuoteStatus'},
];

describe('walkthrough lifecycles', () => {
  it.each(WALKTHROUGHS)('$page lists every $status of the definition', ({page, status}) => {
    const text = readFileSync(path.join(ROOT, page), 'utf8');
    const section = text.slice(text.indexOf('## How it works'), text.indexOf('## Before you start'));
    const listed = [...section.matchAll(/^- `([A-Z_]+)`: /gm)].map((m) => m[1]);
    expect(listed).toEqual(schemas[status]!.enum);
  });
});
