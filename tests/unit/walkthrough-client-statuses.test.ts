/**
 * The statuses the walkthroughs' Node.js client names, as a reader sees them in its source on the
 * example apps page, are the statuses the definition gives each object: a status the sandbox
 * returns and the client's type leaves out would surprise the code that branches on it.
 */
import {describe, it, expect} from 'vitest';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {ROOT, getAt, loadBundledDefinition} from './openapi-definition';

const CLIENT = readFileSync(path.join(ROOT, 'examples/walkthroughs/node/kestrel-client.ts'), 'utf8');
const definition = loadBundledDefinition();

/** The string literals of a union such as `'NEW' | 'PENDING'`. */
const literals = (union: string) => [...union.matchAll(/'([A-Z_]+)'/g)].map((m) => m[1]!).sort();

/** The `status:` union of an interface of the client, or the union of a type alias. */
function clientStatuses(name: string): string[] {
  const alias = new RegExp(`export type ${name} = ([^;]+);`).exec(CLIENT);
  if (alias) return literals(alias[1]!);
  const body = new RegExp(`export interface ${name} \\{([\\s\\S]*?)\\n\\}`).exec(CLIENT);
  expect(body, `interface ${name} in kestrel-client.ts`).not.toBeNull();
  const status = /\n {2}status: ([^;]+);/.exec(body![1]!);
  expect(status, `${name}.status in kestrel-client.ts`).not.toBeNull();
  return literals(status![1]!);
}

const definitionStatuses = (schema: string) => {
  const values = getAt(definition, `#/components/schemas/${schema}/enum`);
  expect(Array.isArray(values), `${schema} has an enum`).toBe(true);
  return (values as string[]).slice().sort();
};

describe('the walkthrough client names every status the definition gives', () => {
  it.each([
    ['InvoiceStatus', 'InvoiceStatus'],
    ['Payment', 'PaymentStatus'],
    ['CurrencyExchangeQuote', 'CurrencyExchangeQuoteStatus'],
  ])('%s matches %s', (name, schema) => {
    expect(clientStatuses(name)).toEqual(definitionStatuses(schema));
  });
});
