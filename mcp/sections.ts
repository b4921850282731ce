/**
 * `#anchor` of a page -> that section of its Markdown twin. The ids are the page's own (its HTML's
 * heading ids, as the site links them); the twin has the same headings, without ids. So an id is
 * matched to its heading's text, and to the same occurrence of that text in the twin (a page may
 * have several "Node.js" headings), and the section runs to the next heading of its level or above.
 * An id on something other than a heading (a field of an API page, a changelog entry) opens the
 * section it lies in; one on a table row (an error code's row in the catalogue) opens that row,
 * under its table's header. Markdown has no ids, so these are found from the HTML.
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

type PlacedHeading = HtmlHeading & {at: number; end: number};
type IdElement = {tag: string; at: number; end: number};

/** An element's start tag with an id: its tag name and the id as written. */
const ID_ELEMENT = /<([a-zA-Z][\w-]*)\b[^>]*?\sid=(?:"([^"]*)"|([^\s>]+))[^>]*>/g;
/** A table row's first cell, from the end of the row's start tag. */
const FIRST_CELL = /^\s*<t[hd]\b[^>]*>[\s\S]*?(?=<\/?t[hdr]\b|<\/tbody|<\/table)/;

/**
 * The page's headings with an id and its elements by id, each with where it starts and ends (a
 * heading's whole element, another's start tag). The last page's are kept: read_page opens one page
 * again and again (a crawl of its links, search snippets, a long page's parts).
 */
let lastPage: {html: string; headings: PlacedHeading[]; elements: Map<string, IdElement>} | undefined;
function pageIndex(html: string): NonNullable<typeof lastPage> {
  if (lastPage?.html === html) return lastPage;
  const headings = [...html.matchAll(HTML_HEADING)].map((m) => ({
    id: m[2] ?? m[3]!,
    text: words(htmlText(m[4]!)),
    at: m.index,
    end: m.index + m[0].length,
  }));
  const elements = new Map<string, IdElement>();
  for (const m of html.matchAll(ID_ELEMENT)) {
    const id = (m[2] ?? m[3]!).replace(/&quot;/g, '"').replace(/&amp;/g, '&');
    if (!elements.has(id)) elements.set(id, {tag: m[1]!.toLowerCase(), at: m.index, end: m.index + m[0].length});
  }
  lastPage = {html, headings, elements};
  return lastPage;
}

/** The page's headings that have an id, in order. */
export function htmlHeadings(html: string): HtmlHeading[] {
  return pageIndex(html).headings.map(({id, text}) => ({id, text}));
}

/**
 * All of a page's HTML that sectionOf reads, in page order: each heading element with an id, whole,
 * and every other element's start tag with an id (a table row's with its first cell). A page cut
 * down to these gives every anchor the very section the whole page gives.
 */
export function anchorElements(html: string): string[] {
  const {headings, elements} = pageIndex(html);
  const kept = [
    ...headings.map((h) => ({at: h.at, text: html.slice(h.at, h.end)})),
    ...[...elements.values()]
      .filter((e) => !headings.some((h) => e.at >= h.at && e.at < h.end))
      .map((e) => {
        const cell = e.tag === 'tr' ? (FIRST_CELL.exec(html.slice(e.end))?.[0].trim() ?? '') : '';
        return {at: e.at, text: `${html.slice(e.at, e.end)}${cell && `${cell}</tr>`}`};
      }),
  ];
  return kept.sort((a, b) => a.at - b.at).map((k) => k.text);
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

/** The twin's section under the `at`-th of `headings` (HTML headings with ids), if the twin has that heading. */
function headingSection(lines: string[], headings: readonly HtmlHeading[], at: number): string[] | undefined {
  const text = headings[at]!.text;
  const occurrence = headings.slice(0, at).filter((h) => h.text === text).length;
  const twin = twinHeadings(lines);
  const start = twin.filter((h) => h.text === text)[occurrence];
  if (!start) return undefined;
  const end = twin.find((h) => h.line > start.line && h.level <= start.level);
  return lines.slice(start.line, end?.line ?? lines.length);
}

/** The words of a table row's first cell (the HTML after the row's start tag, or a Markdown table line). */
const firstHtmlCell = (html: string) => words(htmlText(FIRST_CELL.exec(html)?.[0] ?? ''));
const firstMarkdownCell = (line: string) => words(line.replace(/\\\|/g, '').split('|')[1] ?? '');

/** The section's heading, the header of the table holding the row whose first cell reads `cell`, and that row. */
function tableRow(section: string[], cell: string): string[] | undefined {
  const row = section.findIndex((line, i) => i > 1 && line.startsWith('|') && firstMarkdownCell(line) === cell);
  if (row < 0) return undefined;
  let header = row;
  while (header > 0 && section[header - 1]!.startsWith('|')) header--;
  if (row - header < 2) return undefined;
  return [section[0]!, '', section[header]!, section[header + 1]!, section[row]!];
}

const asText = (lines: string[]) => lines.join('\n').trimEnd() + '\n';

/** The twin's section for `id`, or undefined when nothing on the page has that id or the twin lacks its section. */
export function sectionOf(markdown: string, html: string, id: string): string | undefined {
  const {headings, elements} = pageIndex(html);
  const lines = markdown.split('\n');
  const at = headings.findIndex((h) => h.id === id);
  if (at >= 0) {
    const section = headingSection(lines, headings, at);
    return section && asText(section);
  }
  const element = elements.get(id);
  if (!element) return undefined;
  // The last heading before the element is the one whose section holds it; before any, the page.
  const within = headings.filter((h) => h.at < element.at).length - 1;
  if (within < 0) return markdown;
  const section = headingSection(lines, headings, within);
  if (!section) return undefined;
  const row = element.tag === 'tr' ? tableRow(section, firstHtmlCell(html.slice(element.end))) : undefined;
  return asText(row ?? section);
}

/** The ids of the page's headings whose sections the twin has: what an error may offer. */
export function openableHeadings(markdown: string, html: string): string[] {
  const headings = htmlHeadings(html);
  const lines = markdown.split('\n');
  return headings.filter((_, at) => headingSection(lines, headings, at)).map((h) => h.id);
}
