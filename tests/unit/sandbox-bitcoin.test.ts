/**
 * Bitcoin addresses and on-chain payments: the bech32 and bech32m checksums of BIP 173 and BIP 350
 * (their own test vectors), every address that the definition, the guides and the examples show
 * is one a wallet accepts, and the local sandbox quotes an address in capitals, refuses a mistyped
 * or mainnet one naming `address`, and completes an on-chain payment at its first confirmation,
 * the tier's `estimatedConfirmationMinutes` after execution on the sandbox clock.
 */
import {describe, it, expect, beforeAll} from 'vitest';
import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {readDefinition} from '../../definition/index.ts';
import {parseBitcoinAddress} from '../../sandbox/bitcoin-address';
import {
  MAINNET,
  MISTYPED_ADDRESS,
  ONCHAIN_ADDRESS,
  STANDARD_CONFIRMATION_MINUTES,
  TEST_INPUTS,
} from '../../sandbox/test-inputs';
import {ROOT} from './openapi-definition';
import {checkedSender, fundBtcByInvoice} from './sandbox-answers';
import {suiteSandbox} from './suite-sandbox';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are read field by field

const DEFINITION = readDefinition() as Json;
const SCHEMAS = DEFINITION.components.schemas;
const SENDING = readFileSync(path.join(ROOT, 'docs/walkthrough/sending-payments.md'), 'utf8');

/** A SegWit or Taproot address of any network, in small letters or capitals. */
const SEGWIT = /\b(?:bc|tb|bcrt)1[02-9ac-hj-np-z]{6,87}\b/gi;

/** Every string of a JSON value, with the key that holds it. */
function* strings(value: unknown, key = ''): Generator<[string, string]> {
  if (typeof value === 'string') yield [key, value];
  else if (Array.isArray(value)) for (const item of value) yield* strings(item, key);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) yield* strings(v, k);
}

/** The text files of a folder, recursively (no dependencies or build output). */
function textFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), {recursive: true, withFileTypes: true})
    .filter((d) => d.isFile() && /\.(md|mdx|ts|mjs|js|py|sh|json|yaml|yml)$/.test(d.name))
    .map((d) => path.relative(ROOT, path.join(d.parentPath, d.name)))
    .filter((file) => !/node_modules|__pycache__/.test(file));
}

describe('bech32 and bech32m addresses (BIP 173, BIP 350)', () => {
  it('accepts the BIPs’ valid addresses, in small letters or all in capitals, and keeps them in small letters', () => {
    for (const [address, network] of [
      ['BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', 'mainnet'],
      ['tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7', 'signet'],
      ['bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y', 'mainnet'],
      ['tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c', 'signet'],
      ['BC1SW50QGDZ25J', 'mainnet'],
      ['mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', 'signet'],
      ['1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', 'mainnet'],
    ] as const) {
      const kept = /^(bc|tb|bcrt)1/i.test(address) ? address.toLowerCase() : address;
      expect(parseBitcoinAddress(address)).toEqual({address: kept, network});
    }
  });

  it('refuses a bad checksum, mixed case, the wrong checksum for the witness version, and a bad program', () => {
    for (const [address, why] of [
      [MISTYPED_ADDRESS, /bad checksum/],
      ['tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx'.replace('w508', 'W508'), /mixes/],
      // A version 1 program with a bech32 (not bech32m) checksum, and version 0 with bech32m (BIP 350).
      [
        'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7k7grplx',
        /bech32 checksum, but a version 1/,
      ],
      ['tb1q0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq24jc47', /bech32m checksum, but a version 0/],
      ['BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P', /version 0 witness program of 16 bytes/],
      ['1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3', /bad checksum/],
    ] as const) {
      const parsed = parseBitcoinAddress(address);
      expect('error' in parsed ? parsed.error : 'accepted', address).toMatch(why);
    }
  });

  it('every address the definition, the guides and the examples show is valid', () => {
    const shown = new Map<string, string>();
    for (const [key, value] of strings(DEFINITION)) {
      for (const address of value.match(SEGWIT) ?? []) shown.set(address, 'the definition');
      if (/^(address|onchainAddress)$/.test(key) && !value.includes(' ')) shown.set(value, 'the definition');
    }
    for (const file of [
      ...textFiles('docs'),
      ...textFiles('examples'),
      ...textFiles('mcp'),
      'sandbox/test-input-triggers.ts',
    ])
      for (const address of readFileSync(path.join(ROOT, file), 'utf8').match(SEGWIT) ?? [])
        if (!shown.has(address)) shown.set(address, file);
    // The test input that shows a refused checksum is the one address meant to be wrong.
    shown.delete(MISTYPED_ADDRESS);
    expect(shown.size).toBeGreaterThanOrEqual(6);
    const invalid = [...shown].filter(([address]) => 'error' in parseBitcoinAddress(address));
    expect(invalid).toEqual([]);
    expect(parseBitcoinAddress(ONCHAIN_ADDRESS)).toMatchObject({network: 'signet'});
    expect(parseBitcoinAddress(MAINNET.address)).toMatchObject({network: 'mainnet'});
  });

  it('the definition lets an address to pay be written all in capitals, and says the checksum is checked', () => {
    const pattern = new RegExp(SCHEMAS.BitcoinAddressInput.pattern);
    expect(pattern.test(ONCHAIN_ADDRESS.toUpperCase())).toBe(true);
    expect(pattern.test(ONCHAIN_ADDRESS.replace('w508', 'W508'))).toBe(false);
    expect(SCHEMAS.BitcoinAddressInput.description).toMatch(/checksum .*BIP 173[\s\S]*all in capitals/);
    // An address Kestrel gives is always in small letters.
    expect(new RegExp(SCHEMAS.BitcoinAddress.pattern).test(ONCHAIN_ADDRESS.toUpperCase())).toBe(false);
  });
});

describe('on-chain payments and addresses on the local sandbox', () => {
  // --manual-clock: the payment's state is asserted at a clock time, never at whatever real time has passed.
  const sandbox = suiteSandbox(['--no-rate-limit', '--manual-clock']);
  const send = checkedSender(() => sandbox.base, 'sk_sandbox_bitcoin');
  const quote = (address: string, tier?: string) =>
    send('POST', '/payment-quotes/onchain', {address, amount: {amount: '0.00020000', currency: 'BTC'}, tier});

  beforeAll(async () => {
    await fundBtcByInvoice(send, (seconds) => sandbox.advance(seconds));
  });

  it('quotes an address written all in capitals and keeps it in small letters', async () => {
    const capitals = await quote(ONCHAIN_ADDRESS.toUpperCase());
    expect([capitals.status, capitals.body.destination]).toEqual([201, ONCHAIN_ADDRESS]);
  });

  it('refuses a mistyped address with 422 naming address and its checksum, and a mainnet one naming its network', async () => {
    const mistyped = await quote(MISTYPED_ADDRESS);
    expect([mistyped.status, mistyped.body.code]).toEqual([422, 'VALIDATION_FAILED']);
    expect(mistyped.body.validationErrors.address.join(' ')).toMatch(/checksum/);
    const tiers = await send('GET', `/payment-quotes/onchain/tiers?address=${MISTYPED_ADDRESS}&amount=0.01`);
    expect([tiers.status, tiers.body.validationErrors?.address?.join(' ')]).toEqual([
      422,
      expect.stringMatching(/checksum/),
    ]);
    const mainnet = await quote(MAINNET.address.toUpperCase());
    expect([mainnet.status, mainnet.body.validationErrors.address.join(' ')]).toEqual([
      422,
      expect.stringMatching(/mainnet .*signet/),
    ]);
  });

  it('a receive request’s on-chain address is a valid signet address', async () => {
    const request = await send('POST', '/receive-requests', {currency: 'BTC'});
    expect(parseBitcoinAddress(request.body.onchainAddress)).toEqual({
      address: request.body.onchainAddress,
      network: 'signet',
    });
  });

  for (const tier of ['PRIORITY', 'STANDARD'] as const)
    it(`a ${tier} payment is PENDING with 0 confirmations until its tier's estimatedConfirmationMinutes pass, then COMPLETED at 1`, async () => {
      const quoted = await quote(ONCHAIN_ADDRESS, tier);
      const minutes: number = quoted.body.onchain.estimatedConfirmationMinutes;
      const executed = await send('POST', `/payment-quotes/${quoted.body.id}/execute`);
      expect(executed.body).toMatchObject({status: 'PENDING', onchain: {txid: null, confirmations: 0}});
      expect(executed.body.onchain.feeRate).toBe(quoted.body.onchain.feeRate);
      const payment = () => send('GET', `/payments/${executed.body.id}`);
      await sandbox.advance(5);
      const broadcast = (await payment()).body;
      expect(broadcast).toMatchObject({status: 'PENDING', onchain: {confirmations: 0}});
      expect(broadcast.onchain.txid).toMatch(/^[0-9a-f]{64}$/);
      await sandbox.advance(minutes * 60 - 10);
      expect((await payment()).body).toMatchObject({status: 'PENDING', onchain: {confirmations: 0}});
      await sandbox.advance(5);
      expect((await payment()).body).toMatchObject({
        status: 'COMPLETED',
        onchain: {txid: broadcast.onchain.txid, confirmations: 1},
      });
      const events = await send(
        'GET',
        `/events?$filter=${encodeURIComponent(`data/entityId eq '${executed.body.id}'`)}`,
      );
      expect(events.body.items.map((e: Json) => e.eventType)).toEqual(['payment.updated']);
    });

  it('the definition, the guide and the test-input table state the same rule', () => {
    const stated = SCHEMAS.Payment.properties.onchain.properties.confirmations.description;
    expect(stated).toMatch(/`COMPLETED` at 1/);
    expect(stated).toMatch(/estimatedConfirmationMinutes/);
    expect(SENDING).toMatch(
      /`COMPLETED` with `confirmations` 1[^.]*`payment.updated`\. That takes about the quote's `estimatedConfirmationMinutes`/,
    );
    const tiers = Object.values(DEFINITION.components.examples as Json).find((e) => e.value?.items?.[0]?.tier);
    const standard = (tiers.value.items as Json[]).find((t) => t.tier === 'STANDARD')!;
    expect(standard.estimatedConfirmationMinutes).toBe(STANDARD_CONFIRMATION_MINUTES);
    const sandboxPage = readFileSync(path.join(ROOT, 'docs/sandbox.md'), 'utf8');
    expect(sandboxPage).toMatch(
      /an on-chain payment, which waits for its first confirmation: its tier's `estimatedConfirmationMinutes`/,
    );
    const row = TEST_INPUTS.find((r) => r.id === 'onchain-pays')!;
    expect(row.then).toMatchObject({wait: STANDARD_CONFIRMATION_MINUTES * 60, fields: {status: 'COMPLETED'}});
  });
});
