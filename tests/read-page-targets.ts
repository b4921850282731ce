/**
 * What read_page must open in a build, gathered from the build itself: every heading id of every
 * built HTML page, and every link from a page (its HTML or its Markdown twin) to a page of the site.
 * Each as the route a reader would pass: `/x#a` and its twin's form `/x.md#a`. The HTML is read
 * with cheerio, not with the MCP server's own heading reader, so a slip there cannot hide here.
 * Then the routes the MCP server itself hands out: search_docs' results and lookup_error's rows.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {load} from 'cheerio';
import {brand} from '../config/brand.ts';
import {twinPath} from '../config/twin-path.ts';
import {loadDefinition} from '../definition/index.ts';
import {DefinitionLookup} from '../mcp/definition-lookup.ts';
import {readPage} from '../mcp/read-page.ts';
import {DocsSearch, MAX_LIMIT} from '../mcp/search-docs.ts';
import {SiteBuild} from '../mcp/site-build.ts';
import {builtFiles} from './built-files.ts';

interface Target {
  /** The route as read_page is given it: `/api/issue-invoice#response-404`, `/index.md#idempotency`. */
  route: string;
  /** Where it came from: `heading of /api/issue-invoice`, `link in /index.md`. */
  from: string;
  /** For a heading's id: the heading's text, which the section read must start with. */
  heading?: string;
}

/** `build/api/x/index.html` -> `/api/x`; `build/index.html` -> `/`. */
function routeOfHtml(dir: string, file: string): string {
  const folder = path.dirname(path.relative(dir, file)).replace(/\\/g, '/');
  return folder === '.' ? '/' : `/${folder}`;
}

/** Both forms of a page route with an optional anchor: `/x#a` and `/x.md#a` (`/` and `/index.md`). */
function bothForms(pathname: string, hash: string): string[] {
  const bare = pathname.endsWith('.md') ? pathname.slice(0, -3).replace(/^\/index$/, '/') : pathname;
  return [`${bare}${hash}`, `${twinPath(bare)}${hash}`];
}

/** The page a link names, or undefined for another site, a static file (`/openapi.yaml`) or no path. */
function pageLink(href: string, base: string): {pathname: string; hash: string} | undefined {
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return undefined;
  }
  if (url.origin !== brand.portalUrl) return undefined;
  const last = url.pathname.split('/').pop() ?? '';
  if (last.includes('.') && !last.endsWith('.md')) return undefined;
  return {pathname: url.pathname, hash: url.hash};
}

/**
 * Markdown links outside code: `[text](/x.md#a)`, `[text](/x "title")`, with a destination's
 * backslash escapes read as Markdown reads them (`#items\[].id` links `#items[].id`).
 */
function markdownHrefs(markdown: string): string[] {
  const prose = markdown.replace(/^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(((?:\\.|[^)\s\\])+)(?:\s+"[^"]*")?\)/g)].map((m) =>
    m[1]!.replace(/\\([!-/:-@[-`{-~])/g, '$1'),
  );
}

interface BuildTargets {
  headings: Target[];
  links: Target[];
}

export function buildTargets(dir: string): BuildTargets {
  const headings: Target[] = [];
  const links: Target[] = [];
  const addLink = (href: string, route: string, from: string) => {
    const link = pageLink(href, `${brand.portalUrl}${route}`);
    if (link) for (const form of bothForms(link.pathname, link.hash)) links.push({route: form, from});
  };
  for (const file of builtFiles('index.html', dir)) {
    const route = routeOfHtml(dir, file);
    // htmlparser2 (xml: {xmlMode: false}) reads HTML three times as fast as parse5, the default.
    const $ = load(readFileSync(file, 'utf8'), {xml: {xmlMode: false, decodeEntities: true}});
    $('h1[id], h2[id], h3[id], h4[id], h5[id], h6[id]').each((_, h) => {
      const id = $(h).attr('id')!;
      for (const form of bothForms(route, `#${encodeURIComponent(id)}`)) {
        headings.push({route: form, from: `heading of ${route}`, heading: $(h).text()});
      }
    });
    $('a[href]').each((_, a) => addLink($(a).attr('href')!, route, `link in ${route}`));
  }
  for (const file of builtFiles('.md', dir)) {
    const twin = `/${path.relative(dir, file).replace(/\\/g, '/')}`;
    for (const href of markdownHrefs(readFileSync(file, 'utf8'))) addLink(href, twin, `link in ${twin}`);
  }
  return {headings, links};
}

/** Each route once, with the first place it came from. */
function distinct(targets: Target[]): Target[] {
  const seen = new Map<string, Target>();
  for (const t of targets) if (!seen.has(t.route)) seen.set(t.route, t);
  return [...seen.values()];
}

/**
 * The build as the server reads it, each page's HTML read from disk once: a crawl opens thousands
 * of anchors of the same 80 pages, and the files do not change while it runs.
 */
export class CrawledBuild extends SiteBuild {
  private readonly htmlOf = new Map<string, string | undefined>();

  override html(route: string): string | undefined {
    if (!this.htmlOf.has(route)) this.htmlOf.set(route, super.html(route));
    return this.htmlOf.get(route);
  }
}

/** Every route search_docs gives for `queries`, every page of results. */
export async function searchRoutes(site: SiteBuild, queries: readonly string[]): Promise<Target[]> {
  const search = new DocsSearch(site);
  const targets: Target[] = [];
  for (const query of queries) {
    let offset: number | undefined = 0;
    while (offset !== undefined) {
      const answer = await search.search(query, MAX_LIMIT, offset);
      targets.push(...answer.results.map((r) => ({route: r.route, from: `search_docs "${query}"`})));
      offset = answer.nextOffset;
    }
  }
  return targets;
}

/** Every route lookup_error names (a `/x#a` route, or what follows "read_page"), for every error code of the definition. */
export async function lookupErrorRoutes(): Promise<{codes: number; targets: Target[]}> {
  const lookup = new DefinitionLookup();
  const codes = loadDefinition().errorCodes.map((c) => c.code);
  const targets: Target[] = [];
  for (const code of codes) {
    const answer = await lookup.lookupError(code);
    if (!answer.ok) throw new Error(`lookup_error ${code}: ${answer.error}`);
    const routes = answer.text.matchAll(/(?:^|[\s(])(\/[\w./-]*#[\w.%[\]-]+)|read_page (\/\S*[^\s.,;:)])/g);
    for (const m of routes) targets.push({route: m[1] ?? m[2]!, from: `lookup_error ${code}`});
  }
  return {codes: codes.length, targets};
}

/** Letters and digits only, lowercase: a heading's text in HTML and in Markdown compared. */
const letters = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * The targets read_page does not open, each with its error; and a heading's id that opens
 * something other than a section under that heading.
 */
export function unopened(site: SiteBuild, targets: Target[]): string[] {
  return distinct(targets).flatMap(({route, from, heading}) => {
    const page = readPage(site, route);
    if (!page.ok) return [`${route} (${from}): ${page.error}`];
    const first = /^#{1,6} (.*)/.exec(page.text)?.[1];
    if (heading !== undefined && (first === undefined || letters(first) !== letters(heading))) {
      return [`${route} (${from}): opens "${page.text.split('\n')[0]}", not the heading "${heading}"`];
    }
    return [];
  });
}
