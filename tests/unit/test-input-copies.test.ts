/**
 * The examples and the Arazzo workflows stand alone, so they write the sandbox's test inputs as
 * literals: each Lightning invoice, Lightning address and on-chain address they name is one of
 * sandbox/test-inputs.ts, which the sandbox answers to. A changed test input fails here, naming
 * the file that still has the old one.
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {LIGHTNING_ADDRESSES, LIGHTNING_INVOICES, ONCHAIN_ADDRESS} from '../../sandbox/test-inputs.ts';
import {ROOT} from './openapi-definition';

const files = (dir: string): string[] =>
  readdirSync(path.join(ROOT, dir), {withFileTypes: true}).flatMap((entry) =>
    entry.isDirectory()
      ? files(`${dir}/${entry.name}`)
      : /\.(ts|py|sh|ya?ml)$/.test(entry.name) && entry.name !== 'kestrel-api-types.ts'
        ? [`${dir}/${entry.name}`]
        : [],
  );

/** What a test input of each kind looks like, and the values the sandbox has for it. */
const KINDS = [
  {kind: 'Lightning invoice', pattern: /\blntbs\d+u1pkestrel[a-z0-9]+/g, values: Object.values(LIGHTNING_INVOICES)},
  {
    kind: 'Lightning address',
    pattern: /\b[a-z0-9-]+@kestrel\.example\b/g,
    values: Object.values(LIGHTNING_ADDRESSES),
  },
  {kind: 'on-chain address', pattern: /\btb1q[a-z0-9]{20,}\b/g, values: [ONCHAIN_ADDRESS]},
] as const;

describe('test inputs written as literals in the examples and workflows', () => {
  const named = [...files('examples'), ...files('workflows')].flatMap((file) => {
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    return KINDS.flatMap(({kind, pattern, values}) =>
      [...text.matchAll(pattern)].map(([value]) => ({
        file,
        kind,
        value,
        known: (values as readonly string[]).includes(value),
      })),
    );
  });

  it('are the values of sandbox/test-inputs.ts', () => {
    expect(named.filter((n) => !n.known)).toEqual([]);
  });

  it('are found: the walkthrough samples and the send-a-payment workflow name them', () => {
    const where = (kind: string) => new Set(named.filter((n) => n.kind === kind).map((n) => n.file));
    expect(where('Lightning invoice')).toContain('workflows/send-a-payment.arazzo.yaml');
    expect(where('Lightning address')).toContain('examples/walkthroughs/curl/get-lnurl-details.sh');
    expect(where('on-chain address')).toContain('examples/walkthroughs/node/steps/create-onchain-payment-quote.ts');
  });
});
