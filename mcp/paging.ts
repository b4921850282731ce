/**
 * Bounded answers: a text longer than PART_CHARS comes in parts, each ending at a line break, and
 * every part but the last says which cursor reads the next. The cursor is the character offset
 * the next part starts at, so a client can hold it as an opaque string.
 */
export const PART_CHARS = 20_000;

export interface Part {
  text: string;
  /** The cursor of the next part; undefined on the last. */
  nextCursor?: string;
  part: number;
  parts: number;
}

/** The offset a cursor names, or an error message naming the field. */
export function cursorOffset(cursor: string | undefined, length: number): number | string {
  if (cursor === undefined || cursor === '') return 0;
  const offset = Number(cursor);
  if (!/^\d+$/.test(cursor) || offset >= length)
    return `cursor "${cursor}" is not one this page gave: pass the nextCursor of the previous answer, or leave cursor out to read from the start.`;
  return offset;
}

/** Where the part starting at `start` ends: the last line break within PART_CHARS, else PART_CHARS. */
function partEnd(text: string, start: number): number {
  if (text.length - start <= PART_CHARS) return text.length;
  const cut = text.lastIndexOf('\n', start + PART_CHARS);
  return cut > start ? cut + 1 : start + PART_CHARS;
}

export function partOf(text: string, offset: number): Part {
  const starts = [0];
  while (partEnd(text, starts.at(-1)!) < text.length) starts.push(partEnd(text, starts.at(-1)!));
  // A cursor inside a part (hand-made) reads from where it points, counted as that part.
  const index = starts.filter((s) => s <= offset).length - 1;
  const end = partEnd(text, offset);
  return {
    text: text.slice(offset, end),
    ...(end < text.length && {nextCursor: String(end)}),
    part: index + 1,
    parts: starts.length,
  };
}
