/**
 * LNURL (LUD-01): an https URL written as bech32 with the prefix `lnurl`, in capitals so that it
 * fits a QR code's alphanumeric mode. The sandbox decodes the LNURLs it is given (their domain is
 * the payee's), and encodes the LNURL-pay link of each receive request, which a payer's wallet
 * resolves to a fresh BOLT11 invoice for every payment.
 */
const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const GENERATOR = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
const PREFIX = 'lnurl';

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
function regroup(data: number[], from: number, to: number, pad: boolean): number[] | undefined {
  let accumulator = 0;
  let bits = 0;
  const out: number[] = [];
  const max = (1 << to) - 1;
  for (const value of data) {
    accumulator = (accumulator << from) | value;
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

/** The LNURL of an https URL, in capitals. */
export function encodeLnurl(url: string): string {
  const data = regroup([...Buffer.from(url, 'utf8')], 8, 5, true)!;
  const mod = polymod([...expand(PREFIX), ...data, 0, 0, 0, 0, 0, 0]) ^ 1;
  const checksum = Array.from({length: 6}, (_, i) => (mod >>> (5 * (5 - i))) & 31);
  return `${PREFIX}1${[...data, ...checksum].map((v) => CHARSET[v]).join('')}`.toUpperCase();
}

/**
 * The https URL an LNURL stands for (with or without a `lightning:` scheme, in capitals or in
 * small letters, not mixed), or undefined when it is not a valid LNURL.
 */
export function decodeLnurl(text: string): string | undefined {
  const bare = text.replace(/^lightning:/i, '');
  if (bare !== bare.toLowerCase() && bare !== bare.toUpperCase()) return undefined;
  const lower = bare.toLowerCase();
  if (!lower.startsWith(`${PREFIX}1`)) return undefined;
  const values = [...lower.slice(PREFIX.length + 1)].map((c) => CHARSET.indexOf(c));
  if (values.length < 7 || values.includes(-1)) return undefined;
  if (polymod([...expand(PREFIX), ...values]) !== 1) return undefined;
  const bytes = regroup(values.slice(0, -6), 5, 8, false);
  if (!bytes) return undefined;
  const url = Buffer.from(bytes).toString('utf8');
  return /^https:\/\/[^/\s]+/.test(url) ? url : undefined;
}
