/**
 * Exact decimal arithmetic on decimal strings, for tests that recompute what the sandbox priced:
 * each result is rounded to `places` decimals down, up, or half up, as the rule under test says.
 */
export type Rounding = 'down' | 'up' | 'half-up';

/** A decimal string as an exact fraction n / 10^k. */
export const exact = (decimal: string) => {
  const [whole = '0', fraction = ''] = decimal.split('.');
  return {n: BigInt(whole + fraction), k: fraction.length};
};

const text = (q: bigint, places: number) => {
  const negative = q < 0n;
  const digits = (negative ? -q : q).toString().padStart(places + 1, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -places)}.${digits.slice(-places)}`;
};

/** numerator / denominator (both scaled to `places`) rounded. */
function divide(numerator: bigint, denominator: bigint, places: number, rounding: Rounding): string {
  if (rounding === 'half-up') return text((2n * numerator + denominator) / (2n * denominator), places);
  let q = numerator / denominator;
  if (rounding === 'up' && q * denominator < numerator) q += 1n;
  return text(q, places);
}

/** `a` × `b` rounded to `places` decimals. */
export function product(a: string, b: string, places: number, rounding: Rounding): string {
  const x = exact(a);
  const y = exact(b);
  return divide(x.n * y.n, 10n ** BigInt(x.k + y.k - places), places, rounding);
}

/** `a` ÷ `b` rounded to `places` decimals. */
export function quotient(a: string, b: string, places: number, rounding: Rounding): string {
  const x = exact(a);
  const y = exact(b);
  // a / b = (x.n / 10^x.k) / (y.n / 10^y.k) = x.n * 10^y.k / (y.n * 10^x.k)
  return divide(x.n * 10n ** BigInt(y.k) * 10n ** BigInt(places), y.n * 10n ** BigInt(x.k), places, rounding);
}

/** `a` − `b` to `places` decimals (both have at most `places`). */
export const minus = (a: string, b: string, places: number) => {
  const x = exact(a);
  const y = exact(b);
  return text(x.n * 10n ** BigInt(places - x.k) - y.n * 10n ** BigInt(places - y.k), places);
};
