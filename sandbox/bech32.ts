/**
 * Bech32 (BIP 173) and bech32m (BIP 350): the checksummed text of SegWit addresses (`tb1q…`,
 * `bc1p…`) and of LNURLs. A string is all small letters or all capitals, never mixed; its checksum
 * catches any mistyped character, which is why an address with a bad one is refused rather than
 * paid.
 */
const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const GENERATOR = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
/** What the checksum's polymod comes to: bech32 for witness version 0 and LNURLs, bech32m for versions 1 to 16. */
const CONSTANTS = {bech32: 1, bech32m: 0x2bc830a3} as const;
type Encoding = keyof typeof CONSTANTS;

function polymod(values: number[]): number {
  let checksum = 1;
  for (const value of values) {
    const top = checksum >>> 25;
    checksum = ((checksum & 0x1ffffff) << 5) ^ value;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) checksum ^= GENERATOR[i]!;
  }
  return checksum;
}

const expand = (prefix: string) => [
  ...[...prefix].map((c) => c.charCodeAt(0) >>> 5),
  0,
  ...[...prefix].map((c) => c.charCodeAt(0) & 31),
];

/** Regroups bits (8 to 5 to encode, 5 to 8 to decode); undefined when the padding is not zero. */
export function regroup(data: number[], from: number, to: number, pad: boolean): number[] | undefined {
  let accumulator = 0;
  let bits = 0;
  const out: number[] = [];
  const max = (1 << to) - 1;
  for (const value of data) {
    accumulator = ((accumulator << from) | value) & 0xffffff;
    bits += from;
    while (bits >= to) {
      bits -= to;
      out.push((accumulator >>> bits) & max);
    }
  }
  if (pad) {
    if (bits > 0) out.push((accumulator << (to - bits)) & max);
  } else if (bits >= from || ((accumulator << (to - bits)) & max) !== 0) return undefined;
  return out;
}

/** `prefix` + `1` + the 5-bit `data` + its checksum, in small letters. */
export function bech32Encode(prefix: string, data: number[], encoding: Encoding): string {
  const mod = polymod([...expand(prefix), ...data, 0, 0, 0, 0, 0, 0]) ^ CONSTANTS[encoding];
  const checksum = Array.from({length: 6}, (_, i) => (mod >>> (5 * (5 - i))) & 31);
  return `${prefix}1${[...data, ...checksum].map((v) => CHARSET[v]).join('')}`;
}

type Decoded = {prefix: string; data: number[]; encoding: Encoding};

/**
 * The prefix, the 5-bit data (checksum removed) and the encoding of a bech32 or bech32m string, or
 * why it is not one. `maxLength` is 90 for addresses (BIP 173); LNURLs are longer.
 */
export function bech32Decode(text: string, maxLength = 90): Decoded | {error: string} {
  if (text !== text.toLowerCase() && text !== text.toUpperCase())
    return {error: 'mixes small letters and capitals; write it all in one or the other.'};
  if (text.length > maxLength) return {error: `is ${text.length} characters long; at most ${maxLength}.`};
  const lower = text.toLowerCase();
  const separator = lower.lastIndexOf('1');
  if (separator < 1 || lower.length - separator - 1 < 6) return {error: 'is not bech32: it has no `1` separator.'};
  const prefix = lower.slice(0, separator);
  const values = [...lower.slice(separator + 1)].map((c) => CHARSET.indexOf(c));
  const bad = values.indexOf(-1);
  if (bad >= 0) return {error: `holds \`${lower[separator + 1 + bad]}\`, which bech32 does not use.`};
  const residue = polymod([...expand(prefix), ...values]);
  const encoding = (Object.keys(CONSTANTS) as Encoding[]).find((e) => CONSTANTS[e] === residue);
  if (!encoding) return {error: 'has a bad checksum: a character is mistyped or missing.'};
  return {prefix, data: values.slice(0, -6), encoding};
}
