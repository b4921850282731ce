/**
 * The names nearest to one that does not exist, for errors that say what to try instead: names
 * containing it (or contained in it) first, then by edit distance.
 */
function editDistance(a: string, b: string): number {
  let previous = Array.from({length: b.length + 1}, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

export function closest(wanted: string, names: Iterable<string>, count = 3): string[] {
  const w = wanted.toLowerCase();
  const ranked = [...new Set(names)].map((name) => {
    const n = name.toLowerCase();
    const last = n.split('/').filter(Boolean).at(-1);
    const contains = w.length > 2 && (n.includes(w) || (last !== undefined && last.length > 2 && w.includes(last)));
    return {name, rank: (contains ? 0 : 1_000) + editDistance(w, n)};
  });
  return ranked
    .sort((a, b) => a.rank - b.rank || a.name.localeCompare(b.name))
    .slice(0, count)
    .map((r) => r.name);
}
