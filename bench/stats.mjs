/** Order statistics for the bench scripts' timings. */

/** The median (the mean of the two middle values for an even count). @param {number[]} xs */
export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** The q-quantile, nearest rank. @param {number[]} xs @param {number} q */
export function quantile(xs, q) {
  return [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];
}
