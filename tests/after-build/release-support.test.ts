/**
 * The versions a reader can pin, as the build publishes them: /api/introduction and its Markdown
 * twin carry the sections on pinning and upgrading and the support window, one row per release of
 * releases.json with its dates and its state on the day of the build; and an operation page marks a
 * field that an older release still served lacks, linking its changelog entry. Needs `npm run build`.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {readReleases, releaseState, today} from '../../definition/index.ts';

const BUILD = path.resolve(__dirname, '../../build');
const built = (file: string) => readFileSync(path.join(BUILD, file), 'utf8');
const releases = readReleases();
const latest = releases.at(-1)!.version;
const STATE_WORDS = {
  current: 'Current: the latest release',
  supported: 'Supported',
  deprecated: 'Deprecated: served until its sunset',
  sunset: 'Past its sunset: no longer served',
} as const;
const row = (r: (typeof releases)[number]) =>
  `| [${r.version}](/api/introduction.md#release-${r.version.replaceAll('.', '-')}) | ${r.date} | ${r.deprecated ?? 'not deprecated'} | ${r.sunset ?? 'none set'} | ${STATE_WORDS[releaseState(r, latest, today())]} |`;

describe('/api/introduction.md', () => {
  const twin = built('api/introduction.md');

  it('has the sections on pinning, upgrading, the support window and the fixes to every version', () => {
    for (const heading of ['Pin a release', 'Upgrade to a new release', 'Support window', 'Fixes to every version'])
      expect(twin).toMatch(new RegExp(`^### ${heading}$`, 'm'));
    expect(twin).toContain(`such as \`Kestrel-Version: ${latest}\``);
  });

  it("has the support window as a table: one row per release, releases.json's dates, its state today", () => {
    const table = /^\| Release \| Released \| Deprecated \| Sunset \| State \|\n\| .+\n((?:\|.*\n)+)/m.exec(twin);
    expect(table, 'the support window table').not.toBeNull();
    expect(table![1]!.trimEnd().split('\n')).toEqual(releases.map(row));
  });

  it("links each release's fixes to every version to the changelog's section", () => {
    const fixes = twin.slice(twin.indexOf('### Fixes to every version'), twin.indexOf('### What counts as breaking'));
    expect(fixes).toContain(`(#release-${latest.replaceAll('.', '-')}-fix-to-every-version)`);
    expect(twin).toMatch(
      new RegExp(`^#### Fixes with ${latest.replaceAll('.', '\\.')} that apply to every version`, 'm'),
    );
  });
});

describe('an operation page', () => {
  it('marks a field an older release still served lacks, linking its changelog entry', () => {
    const older = releases.filter((r) => releaseState(r, latest, today()) !== 'sunset' && r.version !== latest);
    // Minified HTML quotes an attribute only where it must.
    const page = built('api/create-a-receive-request/index.html').replace(/<!-- -->/g, '');
    const row = page.slice(page.search(/\sid="?response-201\.lnurl[">\s]/));
    const mark = /^[^]*?<a class="api-field__mark api-field__since"[^>]*\shref="?([^"\s>]+)"?[^>]*>([^<]+)<\/a>/.exec(
      row.slice(0, row.indexOf('</li>')),
    );
    if (older.length === 0) {
      expect(mark).toBeNull();
      return;
    }
    expect(mark?.[2]).toBe(`Since ${latest}, not in ${older.map((r) => r.version).join(' or ')}`);
    expect(mark?.[1]).toMatch(/^\/api\/introduction#change-/);
    const anchor = mark![1]!.split('#')[1]!;
    expect(built('api/introduction/index.html')).toMatch(new RegExp(`\\sid="?${anchor.replaceAll('.', '\\.')}[">\\s]`));
  });
});
