/**
 * A sandbox answer as JSON text that always parses. One that fits in PART_CHARS is sent whole.
 * A longer one keeps its longest array cut to the items that fit, and says under `part` which items
 * those are and, unless they are the last, the cursor of the next ones. An answer with no array to
 * cut (one huge string) is sent whole: cutting inside a value would not parse.
 */
import {PART_CHARS} from './paging.ts';

type Key = string | number;

const text = (value: unknown) => JSON.stringify(value, null, 1);

/** The path of the longest array (by its JSON) in `value`, or undefined when it has none. */
function longestArray(value: unknown, path: Key[] = []): {path: Key[]; size: number} | undefined {
  let best: {path: Key[]; size: number} | undefined;
  const consider = (found: {path: Key[]; size: number} | undefined) => {
    if (found && (!best || found.size > best.size)) best = found;
  };
  if (Array.isArray(value)) {
    if (value.length > 1) consider({path, size: JSON.stringify(value).length});
    value.forEach((item, i) => consider(longestArray(item, [...path, i])));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) consider(longestArray(item, [...path, key]));
  }
  return best;
}

/** `value` with the array at `path` replaced by `items`. */
function withArray(value: unknown, path: Key[], items: unknown[]): unknown {
  if (path.length === 0) return items;
  const [head, ...rest] = path as [Key, ...Key[]];
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? withArray(v, rest, items) : v));
  const object = value as Record<string, unknown>;
  return {...object, [head]: withArray(object[head], rest, items)};
}

function arrayAt(value: unknown, path: Key[]): unknown[] {
  return path.reduce<unknown>((v, k) => (v as Record<Key, unknown>)[k], value) as unknown[];
}

const pathText = (path: Key[]) =>
  path.reduce<string>((out, k) => (typeof k === 'number' ? `${out}[${k}]` : out ? `${out}.${k}` : k), '') ||
  '(the answer)';

export interface JsonPart {
  text: string;
  /** Where the next part's items start; undefined on the last part. */
  next?: number;
}

/**
 * The part of `value` whose cut array starts at item `start` (undefined past its end). `cursor(next)` is the cursor a client
 * passes for the items from `next` on; `how(cursor)` says how (which tool to call).
 */
export function jsonPart(
  value: unknown,
  start: number,
  cursor: (next: number) => string,
  how: (cursor: string) => string,
): JsonPart | undefined {
  const whole = text(value);
  const longest = longestArray(value);
  if ((start === 0 && whole.length <= PART_CHARS) || !longest || value === null || typeof value !== 'object')
    return {text: whole};
  const all = arrayAt(value, longest.path);
  if (start >= all.length) return undefined;
  const render = (end: number) => {
    const next = end < all.length ? cursor(end) : undefined;
    const part = {
      array: pathText(longest.path),
      items: `${start + 1}-${end} of ${all.length}`,
      ...(next !== undefined && {cursor: next, next: how(next)}),
    };
    const cut = withArray(value, longest.path, all.slice(start, end));
    return text(Array.isArray(cut) ? {items: cut, part} : {...(cut as object), part});
  };
  // The most items that fit (at least one, so every part moves on), found by halving.
  let low = start + 1;
  let high = all.length;
  while (low < high) {
    const mid = (low + high + 1) >>> 1;
    if (render(mid).length <= PART_CHARS) low = mid;
    else high = mid - 1;
  }
  return {text: render(low), ...(low < all.length && {next: low})};
}
