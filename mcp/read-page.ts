/**
 * read_page: a page's Markdown twin, whole or one `#anchor` section, in bounded parts. A route is
 * accepted as the site links it (`/rate-limits/`, `/api/issue-invoice#response-422`), with `.md`, or as
 * a full URL of the site (only its path and anchor are read).
 */
import {readFileSync} from 'node:fs';
import {closest} from './closest.ts';
import {cursorOffset, partOf, type Part} from './paging.ts';
import {openableHeadings, sectionOf} from './sections.ts';
import type {SiteBuild} from './site-build.ts';

export type PageAnswer = ({ok: true; route: string} & Part) | {ok: false; error: string};

/** `https://host/api/x.md#y` or `api/x#y` -> {path: '/api/x.md', anchor: 'y'}. */
export function splitRoute(input: string): {path: string; anchor?: string} {
  let text = input.trim();
  if (/^https?:\/\//i.test(text)) {
    const url = new URL(text);
    text = url.pathname + url.hash;
  }
  const [pathPart, anchor] = text.split('#', 2) as [string, string | undefined];
  const path = (pathPart.startsWith('/') ? pathPart : `/${pathPart}`).split('?')[0]!;
  // An anchor copied from a twin's Markdown source keeps its escapes (`#response-200.items\[].id`).
  return {path, ...(anchor && {anchor: decodeURIComponent(anchor).replace(/\\([!-/:-@[-`{-~])/g, '$1')})};
}

export function readPage(site: SiteBuild, route: string, cursor?: string): PageAnswer {
  const {path, anchor} = splitRoute(route);
  const file = site.twinFile(path);
  if (!file) {
    const near = closest(path.replace(/\.md$/, ''), site.pages().keys());
    return {
      ok: false,
      error: `No page has the route ${path}. Closest routes: ${near.join(', ')}. search_docs finds pages by topic.`,
    };
  }
  // `/index.md` is the root's twin: its page is `/`.
  const bare =
    path
      .replace(/\.md$/, '')
      .replace(/\/+$/, '')
      .replace(/^\/index$/, '') || '/';
  let text = readFileSync(file, 'utf8');
  if (anchor) {
    const html = site.html(bare) ?? '';
    const section = sectionOf(text, html, anchor);
    if (section === undefined) {
      const ids = openableHeadings(text, html).map((id) => `#${id}`);
      const offer = ids.length
        ? `Its sections: ${closest(`#${anchor}`, ids, 8).join(', ')}${ids.length > 8 ? ` (and ${ids.length - 8} more)` : ''}; or read the page without an anchor.`
        : 'It has no sections to open by anchor: read the page without one.';
      return {ok: false, error: `${bare} has no section #${anchor}. ${offer}`};
    }
    text = section;
  }
  const offset = cursorOffset(cursor, text.length);
  if (typeof offset === 'string') return {ok: false, error: offset};
  return {ok: true, route: anchor ? `${bare}#${anchor}` : bare, ...partOf(text, offset)};
}
