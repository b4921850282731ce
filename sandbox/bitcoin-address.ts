/**
 * Bitcoin addresses, checked as a wallet checks them before it pays: a SegWit address by its
 * bech32 or bech32m checksum and witness program (BIP 173, BIP 350), a legacy one (`1…`, `3…`,
 * `m…`, `n…`, `2…`) by its Base58Check checksum. The network comes from the address itself: `bc`
 * and the 0x00 and 0x05 versions are mainnet, `tb` and 0x6f and 0xc4 are testnet and signet (which
 * share their addresses), `bcrt` is regtest.
 */
import {createHash} from 'node:crypto';
import {bech32Decode, bech32Encode, regroup} from './bech32.ts';

type AddressNetwork = 'mainnet' | 'signet' | 'regtest';

const SEGWIT_PREFIXES: Record<string, AddressNetwork> = {bc: 'mainnet', tb: 'signet', bcrt: 'regtest'};
const BASE58_VERSIONS: Record<number, AddressNetwork> = {
  0x00: 'mainnet',
  0x05: 'mainnet',
  0x6f: 'signet',
  0xc4: 'signet',
};
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** The address as Kestrel keeps it (a SegWit one in small letters) and its network, or why it is no address. */
type ParsedAddress = {address: string; network: AddressNetwork} | {error: string};

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest();

function parseSegwit(text: string): ParsedAddress {
  const decoded = bech32Decode(text);
  if ('error' in decoded) return decoded;
  const network = SEGWIT_PREFIXES[decoded.prefix];
  if (!network) return {error: `has the prefix \`${decoded.prefix}\`, which is no Bitcoin network's.`};
  const [version, ...rest] = decoded.data;
  const program = regroup(rest, 5, 8, false);
  if (version === undefined || version > 16 || !program || program.length < 2 || program.length > 40)
    return {error: 'holds no witness program.'};
  if (version === 0 && program.length !== 20 && program.length !== 32)
    return {error: `holds a version 0 witness program of ${program.length} bytes; it must be 20 or 32.`};
  if (decoded.encoding !== (version === 0 ? 'bech32' : 'bech32m'))
    return {
      error: `has a ${decoded.encoding} checksum, but a version ${version} address takes ${version === 0 ? 'bech32' : 'bech32m'}.`,
    };
  return {address: text.toLowerCase(), network};
}

function parseBase58(text: string): ParsedAddress {
  let n = 0n;
  for (const c of text) {
    const digit = BASE58.indexOf(c);
    if (digit < 0) return {error: `holds \`${c}\`, which Base58 does not use.`};
    n = n * 58n + BigInt(digit);
  }
  const hex = n.toString(16);
  const body = Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
  const zeros = text.length - text.replace(/^1+/, '').length;
  const bytes = Buffer.concat([Buffer.alloc(zeros), body]);
  if (bytes.length !== 25) return {error: 'is not 25 bytes long, as a legacy address is.'};
  const payload = bytes.subarray(0, 21);
  if (!sha256(sha256(payload)).subarray(0, 4).equals(bytes.subarray(21)))
    return {error: 'has a bad checksum: a character is mistyped or missing.'};
  const network = BASE58_VERSIONS[payload[0]!];
  if (!network) return {error: `has the version byte ${payload[0]}, which is no Bitcoin address's.`};
  return {address: text, network};
}

/** Parses a Bitcoin address; an error reads after "it" ("it has a bad checksum: …"). */
export function parseBitcoinAddress(text: string): ParsedAddress {
  return /^(bc|tb|bcrt)1/i.test(text) ? parseSegwit(text) : parseBase58(text);
}

/** A SegWit address of `network` for a witness program: version 0 with 20 or 32 bytes, bech32m from version 1. */
export function segwitAddress(network: AddressNetwork, version: number, program: Uint8Array): string {
  const prefix = Object.entries(SEGWIT_PREFIXES).find(([, n]) => n === network)![0];
  return bech32Encode(prefix, [version, ...regroup([...program], 8, 5, true)!], version === 0 ? 'bech32' : 'bech32m');
}
