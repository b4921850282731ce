/** Order statistics for the bench scripts' timings: NaN for no timings, as a table then shows. */

/**
 * The median (the mean of the two middle values for an even count).
 * @param {number[]} xs
 * @returns {number}
 */
export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  const at = (/** @type {number} */ i) => s[i] ?? NaN;
  return s.length % 2 ? at(m) : (at(m - 1) + at(m)) / 2;
}

/**
 * The q-quantile, nearest rank.
 * @param {number[]} xs
 * @param {number} q
 * @returns {number}
 */
export function quantile(xs, q) {
  return [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? NaN;
}
