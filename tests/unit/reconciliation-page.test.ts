/**
 * The daily reconciliation of failure-recovery.md covers every entity that has a non-final state
 * in the definition (a status value whose description does not say "Final."), each with the
 * operation that reads it; an entity the definition has no list operation for is read by id, and
 * the page says to store its ids before executing.
 */
import {describe, it, expect} from 'vitest';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {ROOT, loadBundledDefinition} from './openapi-definition';

type Schema = {enum?: string[]; 'x-enumDescriptions'?: Record<string, string>};
const doc = loadBundledDefinition() as {
  paths: Record<string, Record<string, unknown>>;
  components: {schemas: Record<string, Schema>};
};

/** Each status schema, the entity it belongs to, the path that reads one by id, and its list path if any. */
const ENTITIES = [
  {status: 'InvoiceStatus', name: 'Invoices', read: '/invoices/{invoiceId}', list: '/invoices'},
  {status: 'PayoutStatus', name: 'Payouts', read: '/payouts/{payoutId}', list: '/payouts'},
  {status: 'DepositStatus', name: 'Deposits', read: '/deposits/{depositId}', list: '/deposits'},
  {
    status: 'ReceiveStatus',
    name: 'Receive requests',
    read: '/receive-requests/{receiveRequestId}/receives',
    list: '/receive-requests/receives',
  },
  {status: 'PaymentStatus', name: 'Payments', read: '/payments/{paymentId}', list: '/payments'},
  {
    status: 'CurrencyExchangeQuoteStatus',
    name: 'Currency exchanges',
    read: '/currency-exchange-quotes/{quoteId}',
    list: '/currency-exchange-quotes',
  },
];

const section = (() => {
  const page = readFileSync(path.join(ROOT, 'docs/webhooks/failure-recovery.md'), 'utf8');
  const start = page.indexOf('## Run a reconciliation job');
  return page.slice(start, page.indexOf('\n## ', start + 1));
})();

/** The slug of the page of `GET path` (its operationId in kebab case, as the reference names pages). */
function slugOf(p: string): string {
  const op = (doc.paths[p]?.get as {operationId?: string} | undefined)?.operationId;
  expect(op, `GET ${p}`).toBeDefined();
  return op!.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}

describe('the reconciliation job of failure-recovery.md', () => {
  it('knows every status schema of the definition', () => {
    const statuses = Object.keys(doc.components.schemas).filter((n) => n.endsWith('Status'));
    expect(statuses.sort()).toEqual(ENTITIES.map((e) => e.status).sort());
  });

  it.each(ENTITIES.map((e) => [e.name, e] as const))(
    '%s: read by the operation the page links, if any state is not final',
    (_name, e) => {
      const schema = doc.components.schemas[e.status]!;
      const open = schema.enum!.filter((v) => !/\bFinal\.?\s*$/.test(schema['x-enumDescriptions']?.[v] ?? ''));
      expect(open.length, `${e.status} has a non-final value`).toBeGreaterThan(0);
      const item = section.split('\n').find((l) => l.trim().startsWith(`- ${e.name}:`));
      expect(item, `a "${e.name}:" item`).toBeDefined();
      expect(item).toContain(`(/api/${slugOf(e.read)})`);
      if (doc.paths[e.list]?.get) expect(item).toContain(`(/api/${slugOf(e.list)})`);
      else expect(item).toMatch(/no list operation[^.]*, so store the (quote )?id/);
    },
  );
});
