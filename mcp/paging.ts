/**
 * Bounded answers: a text longer than PART_CHARS comes in parts, each ending at a section boundary
 * where one falls within the part (partEnd), and
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
    return `cursor "${cursor}" is not one this answer gave: pass the cursor the previous part named, or leave cursor out to read from the start.`;
  return offset;
}

const FENCE = /^\s*(`{3,}|~{3,})/;

/**
 * Where the part starting at `start` ends, within PART_CHARS: before the last heading (a section
 * boundary), else after the last blank line, else after the last line, never inside a code block;
 * only a block longer than a part is cut at a line inside it, and a line longer than a part anywhere.
 */
function partEnd(text: string, start: number): number {
  if (text.length - start <= PART_CHARS) return text.length;
  const limit = start + PART_CHARS;
  let fence: string | undefined;
  let heading = 0;
  let paragraph = 0;
  let line = 0;
  let anyLine = 0;
  let previousBlank = false;
  // Fences are tracked from the top: a part may start inside none, but the scan must know.
  for (let at = 0; at < limit;) {
    const eol = text.indexOf('\n', at);
    const end = eol < 0 ? text.length : eol + 1;
    const content = text.slice(at, eol < 0 ? text.length : eol);
    if (at > start) {
      anyLine = at;
      if (!fence) {
        line = at;
        if (previousBlank) paragraph = at;
        if (/^#{1,6}\s/.test(content)) heading = at;
      }
    }
    const f = FENCE.exec(content)?.[1];
    if (f && (!fence || (f[0] === fence[0] && f.length >= fence.length))) fence = fence ? undefined : f;
    previousBlank = !fence && content.trim() === '';
    if (eol < 0) break;
    at = end;
  }
  return heading || paragraph || line || anyLine || limit;
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

/**
 * A tool's answer in parts: the part `cursor` names, and under every part but the last a line that
 * says how to read the next (`next(cursor)`, such as the same call with that cursor).
 */
export function pagedText(
  text: string,
  cursor: string | undefined,
  next: (cursor: string) => string,
): {ok: true; text: string} | {ok: false; error: string} {
  const offset = cursorOffset(cursor, text.length);
  if (typeof offset === 'string') return {ok: false, error: offset};
  const part = partOf(text, offset);
  if (part.nextCursor === undefined) return {ok: true, text: part.text};
  return {
    ok: true,
    text: `${part.text}\n[part ${part.part} of ${part.parts}; ${next(part.nextCursor)} for the next part]`,
  };
}
