/**
 * `#anchor` of a page -> that section of its Markdown twin. The ids are the page's own (its HTML's
 * heading ids, as the site links them); the twin has the same headings, without ids. So an id is
 * matched to its heading's text, and to the same occurrence of that text in the twin (a page may
 * have several "Node.js" headings), and the section runs to the next heading of its level or above.
 */
const HTML_HEADING = /<h([1-6])\b[^>]*?\bid=(?:"([^"]+)"|([^\s>]+))[^>]*>([\s\S]*?)<\/h\1>/g;
const FENCE = /^\s*(`{3,}|~{3,})/;

/** Heading text compared loosely: letters and digits only, lowercase. */
const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

const htmlText = (html: string) =>
  html
    .replace(/<a\b[^>]*class="?hash-link[\s\S]*?<\/a>/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'");

export interface HtmlHeading {
  id: string;
  text: string;
}

/** The page's headings that have an id, in order. */
export function htmlHeadings(html: string): HtmlHeading[] {
  return [...html.matchAll(HTML_HEADING)].map((m) => ({id: m[2] ?? m[3]!, text: words(htmlText(m[4]!))}));
}

interface TwinHeading {
  line: number;
  level: number;
  text: string;
}

function twinHeadings(lines: string[]): TwinHeading[] {
  const headings: TwinHeading[] = [];
  let fence: string | undefined;
  lines.forEach((line, i) => {
    const f = FENCE.exec(line)?.[1];
    if (f && (!fence || f[0] === fence[0])) {
      fence = fence ? undefined : f;
      return;
    }
    if (fence) return;
    const h = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (h) headings.push({line: i, level: h[1]!.length, text: words(h[2]!)});
  });
  return headings;
}

/** The twin's section for `id`, or undefined when no heading of the page has that id. */
export function sectionOf(markdown: string, html: string, id: string): string | undefined {
  const headings = htmlHeadings(html);
  const at = headings.findIndex((h) => h.id === id);
  if (at < 0) return undefined;
  const text = headings[at]!.text;
  const occurrence = headings.slice(0, at).filter((h) => h.text === text).length;
  const lines = markdown.split('\n');
  const twin = twinHeadings(lines);
  const start = twin.filter((h) => h.text === text)[occurrence];
  if (!start) return undefined;
  const end = twin.find((h) => h.line > start.line && h.level <= start.level);
  return (
    lines
      .slice(start.line, end?.line ?? lines.length)
      .join('\n')
      .trimEnd() + '\n'
  );
}
