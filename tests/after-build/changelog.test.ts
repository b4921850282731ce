/**
 * The changelog on /api/introduction in the build, and in its Markdown twin: at least two
 * releases, newest first, breaking changes flagged, and every link to an operation or webhook page
 * resolving to an element id that page's HTML has; each page a recent release changed says so near
 * its top, linking an entry that exists. Read from the built files.
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';

const BUILD = path.resolve(__dirname, '../../build');
// React's markers between adjacent texts (`<!-- -->`) are not what a reader sees.
const html = (route: string) => readFileSync(path.join(BUILD, route, 'index.html'), 'utf8').replace(/<!-- -->/g, '');
const unescape = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'");

/** Every element id of a built page (minified HTML quotes an attribute only where it must). */
function ids(page: string): Set<string> {
  return new Set([...page.matchAll(/\sid=(?:"([^"]*)"|([^\s>"']+))/g)].map((m) => unescape(m[1] ?? m[2]!)));
}

const introduction = html('api/introduction');
const introductionIds = ids(introduction);
const twin = readFileSync(path.join(BUILD, 'api', 'introduction.md'), 'utf8');
const changelogTwin = twin.slice(twin.indexOf('\n## Changelog\n'));

const pageIds = new Map<string, Set<string>>();
function idsOf(slug: string): Set<string> {
  if (!pageIds.has(slug)) pageIds.set(slug, ids(html(`api/${slug}`)));
  return pageIds.get(slug)!;
}

describe('the changelog on /api/introduction', () => {
  const releases = [...introduction.matchAll(/data-release="?([\d.]+)"?/g)].map((m) => m[1]!);

  it('shows at least two releases, newest first, each under a heading', () => {
    expect(releases.length).toBeGreaterThanOrEqual(2);
    expect(releases.at(-1)).toBe('1.0.0');
    expect(releases[0]).not.toBe('1.0.0');
    for (const version of releases)
      expect(introductionIds.has(`release-${version.replaceAll('.', '-')}`), version).toBe(true);
  });

  it('flags the breaking changes of the newest release', () => {
    expect(introductionIds.has(`release-${releases[0]!.replaceAll('.', '-')}-breaking`)).toBe(true);
    expect(introduction).toMatch(/<strong class="?[^">]*flag[^">]*"?>Breaking:<\/strong>/);
  });

  it('links only to ids that exist on the operation and webhook pages', () => {
    const links = [...introduction.matchAll(/<a href="?\/api\/([a-z0-9-]+)#([^"\s>]+)"?/g)].map((m) => ({
      slug: m[1]!,
      anchor: decodeURIComponent(unescape(m[2]!)),
    }));
    expect(links.length).toBeGreaterThan(10);
    for (const {slug, anchor} of links) expect(idsOf(slug).has(anchor), `/api/${slug}#${anchor}`).toBe(true);
  });
});

describe('the twin /api/introduction.md', () => {
  it('holds the changelog with at least two releases, breaking changes flagged', () => {
    const headings = [...changelogTwin.matchAll(/^### (\d+\.\d+\.\d+), /gm)].map((m) => m[1]);
    expect(headings.length).toBeGreaterThanOrEqual(2);
    expect(headings.at(-1)).toBe('1.0.0');
    expect(changelogTwin).toContain(`#### Breaking changes in ${headings[0]}`);
    expect(changelogTwin).toMatch(/^- \*\*Breaking:\*\* /m);
    expect(changelogTwin).toContain('**What to do:**');
  });

  it('links each change to a twin that exists, at an id its page has', () => {
    const links = [...changelogTwin.matchAll(/\]\(\/api\/([a-z0-9-]+)\.md(?:#([^)]+))?\)/g)].map((m) => ({
      slug: m[1]!,
      anchor: m[2]?.replace(/\\/g, ''),
    }));
    expect(links.length).toBeGreaterThan(10);
    for (const {slug, anchor} of links) {
      expect(existsSync(path.join(BUILD, 'api', `${slug}.md`)), slug).toBe(true);
      if (anchor) expect(idsOf(slug).has(anchor), `/api/${slug}#${anchor}`).toBe(true);
    }
  });

  it('is in llms-full.txt', () => {
    const full = readFileSync(path.join(BUILD, 'llms-full.txt'), 'utf8');
    expect(full).toContain(changelogTwin.trim().split('\n').slice(0, 12).join('\n'));
  });
});

describe('"Changed in" on the pages a recent release changed', () => {
  it('find payout by ID says near its top that 2.0.0 changed it, linking the entry', () => {
    const page = html('api/find-payout-by-id');
    const note = /<div class="?api-changed-in"?[^>]*>([\s\S]*?)<\/div>/.exec(page);
    expect(note).not.toBeNull();
    // Near the top: above the parameters, the first section of the page.
    expect(page.indexOf('api-changed-in')).toBeLessThan(page.search(/id="?parameters/));
    const link = /<a href="?\/api\/introduction#([^"\s>]+)"?>Changed in 2\.0\.0 \(breaking\)<\/a>/.exec(note![1]!);
    expect(link, note![1]).not.toBeNull();
    expect(introductionIds.has(link![1]!)).toBe(true);
    expect(note![1]).toMatch(
      /<code>PayoutStatus<\/code> \(<code>status<\/code> of the 200 answer of findPayoutById [^)]*\)\) gained <code>EXPIRED<\/code>/,
    );
  });

  it('names each changelog entry once, though a shared schema reaches the page in several answers', () => {
    const page = html('api/find-payout-by-id');
    const note = /<div class="?api-changed-in"?[^>]*>([\s\S]*?)<\/div>/.exec(page)![1]!;
    const entries = [...note.matchAll(/href="?\/api\/introduction#([^"\s>]+)"?/g)].map((m) => m[1]!);
    expect(entries.length).toBeGreaterThan(1);
    expect(new Set(entries).size).toBe(entries.length);
    for (const id of entries) expect(introductionIds.has(id), id).toBe(true);
  });
});
