/**
 * LNURL (LUD-01): an https URL written as bech32 with the prefix `lnurl`, in capitals so that it
 * fits a QR code's alphanumeric mode. The sandbox decodes the LNURLs it is given (their domain is
 * the payee's), and encodes the LNURL-pay link of each receive request, which a payer's wallet
 * resolves to a fresh BOLT11 invoice for every payment.
 */
import {bech32Decode, bech32Encode, regroup} from './bech32.ts';

const PREFIX = 'lnurl';
/** LNURLs are longer than the 90 characters BIP 173 allows an address; wallets accept them at any length. */
const NO_LIMIT = Number.MAX_SAFE_INTEGER;

/** The LNURL of an https URL, in capitals. */
export function encodeLnurl(url: string): string {
  return bech32Encode(PREFIX, regroup([...Buffer.from(url, 'utf8')], 8, 5, true)!, 'bech32').toUpperCase();
}

/**
 * The https URL an LNURL stands for (with or without a `lightning:` scheme, in capitals or in
 * small letters, not mixed), or undefined when it is not a valid LNURL.
 */
export function decodeLnurl(text: string): string | undefined {
  const decoded = bech32Decode(text.replace(/^lightning:/i, ''), NO_LIMIT);
  if ('error' in decoded || decoded.prefix !== PREFIX || decoded.encoding !== 'bech32') return undefined;
  const bytes = regroup(decoded.data, 5, 8, false);
  if (!bytes) return undefined;
  const url = Buffer.from(bytes).toString('utf8');
  return /^https:\/\/[^/\s]+/.test(url) ? url : undefined;
}
