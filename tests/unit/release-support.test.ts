/**
 * The versions a reader can pin, as the build states them: the support window on /api/introduction
 * (api/release-support.json, drawn by src/components/ReleaseSupport) holds each release's dates from
 * releases.json and a state that agrees, day by day, with the releases the sandbox serves; the page
 * links each release's fixes to every version; and the operation pages mark what a release still
 * served lacks ("Since 2.0.0, not in 1.0.0"), linking the changelog entry, until that release's sunset.
 */
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import React from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {afterAll, describe, expect, it, vi} from 'vitest';
import type {ApiField, ApiPage} from '../../config/api-page';
import {restoreApiPage, type StoredApiPage} from '../../config/api-page-store';
import type {ChangelogData} from '../../config/changelog';
import type {ReleaseSupportData} from '../../config/release-support';
import {
  loadDefinition,
  readReleases,
  releaseHistory,
  servedVersions,
  type ReleaseHistoryEntry,
} from '../../definition/index.ts';
import {changelogData} from '../../plugins/api-reference/changelog.ts';
import {operationPage} from '../../plugins/api-reference/page-data.ts';
import {writePages} from '../../plugins/api-reference/page-files.ts';
import ChangedIn from '../../src/components/ApiPage/ChangedIn';
import {releaseSupport} from '../../plugins/api-reference/release-support.ts';
import {sinceWords} from '../../src/components/ApiPage/Since';
import ReleaseSupport, {EveryVersionFixes} from '../../src/components/ReleaseSupport';
import type {Clock} from '../../sandbox/clock.ts';
import {ApiVersions, type VersionModel} from '../../sandbox/versions/api-versions.ts';
import {ROOT} from './openapi-definition';

// The theme's Link needs the site's router; here it is the anchor it renders.
vi.mock('@docusaurus/Link', () => ({
  default: ({to, ...props}: {to: string}) => React.createElement('a', {href: to, ...props}),
}));

const releases = readReleases();
const first = releases[0]!;
const latest = releases.at(-1)!.version;
const dayBefore = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** The versions a sandbox whose clock reads `day` at midnight serves. */
function sandboxServes(day: string): string[] {
  const clock = {now: () => Date.parse(`${day}T00:00:00Z`)} as Clock;
  return new ApiVersions({} as VersionModel, clock).supported();
}

describe('the support window', () => {
  it('is drawn on /api/introduction from the build data, with the fixes to every version', () => {
    const intro = read('api/introduction.mdx');
    expect(intro).toContain("import releaseSupport from './release-support.json';");
    expect(intro).toContain('<ReleaseSupport releases={releaseSupport} />');
    expect(intro).toContain('<EveryVersionFixes changelog={changelog} />');
    // No release's dates are written by hand.
    for (const release of releases)
      for (const date of [release.date, release.deprecated, release.sunset].filter(Boolean))
        expect(intro, date).not.toContain(date!);
  });

  it("rows are releases.json's, oldest first, each linking its changelog heading", () => {
    const html = renderToStaticMarkup(
      React.createElement(ReleaseSupport, {releases: releaseSupport(releases, first.date)}),
    );
    const rows = [...html.matchAll(/<tr data-support-release="([^"]+)"[^>]*>(.*?)<\/tr>/g)].map(([, version, row]) => [
      version,
      [...row!.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((cell) => cell[1]!.replace(/<[^>]+>/g, '')),
    ]);
    expect(rows).toEqual(
      releases.map((r) => [
        r.version,
        [r.version, r.date, r.deprecated ?? 'not deprecated', r.sunset ?? 'none set', expect.any(String)],
      ]),
    );
    expect(html).toContain(`href="/api/introduction#release-${latest.replaceAll('.', '-')}"`);
    expect(html).toMatch(/<th scope="col">Release<\/th><th scope="col">Released<\/th>/);
  });

  it('states each release as the sandbox serves it: deprecated from its deprecation, gone at its sunset', () => {
    const stateOf = (day: string) => releaseSupport(releases, day).map((r) => r.state);
    const older = releases.slice(0, -1).map(() => 'supported');
    expect(stateOf(dayBefore(first.deprecated!))).toEqual([...older, 'current']);
    expect(stateOf(first.deprecated!)[0]).toBe('deprecated');
    expect(stateOf(dayBefore(first.sunset!))[0]).toBe('deprecated');
    expect(stateOf(first.sunset!)[0]).toBe('sunset');
    expect(stateOf(first.sunset!).at(-1)).toBe('current');
    for (const day of [first.deprecated!, dayBefore(first.sunset!), first.sunset!]) {
      expect(servedVersions(releases, day), day).toEqual(sandboxServes(day));
      const open = releaseSupport(releases, day).filter((r) => r.state !== 'sunset');
      expect(open.map((r) => r.version)).toEqual(sandboxServes(day));
    }
  });

  it("links each release's fixes to every version, as the changelog heads them", () => {
    const changelog = JSON.parse(read('api/changelog.json')) as ChangelogData;
    const html = renderToStaticMarkup(React.createElement(EveryVersionFixes, {changelog}));
    const expected = changelog.flatMap((release) =>
      release.groups
        .filter((g) => g.severity === 'fix-to-every-version')
        .map((g) => `<a href="#${release.anchor}-fix-to-every-version">${g.heading}</a>`),
    );
    expect(expected.length).toBeGreaterThan(0);
    for (const link of expected) expect(html).toContain(link);
    expect(renderToStaticMarkup(React.createElement(EveryVersionFixes, {changelog: []}))).toBe(
      '<p>No release has fixed a defect at every version yet.</p>',
    );
  });
});

describe('the pages, as gen-api writes them on a given day', () => {
  const model = loadDefinition();
  const history = releaseHistory();
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, {recursive: true, force: true})));
  function pagesOn(day: string) {
    const dir = mkdtempSync(path.join(tmpdir(), 'kestrel-pages-'));
    dirs.push(dir);
    writePages(model, dir, history, day);
    return {
      page: (slug: string) =>
        restoreApiPage(JSON.parse(readFileSync(path.join(dir, `${slug}.json`), 'utf8')) as StoredApiPage),
      support: JSON.parse(readFileSync(path.join(dir, 'release-support.json'), 'utf8')) as ReleaseSupportData,
    };
  }
  const fieldsOf = (page: ApiPage): ApiField[] => {
    const all: ApiField[] = [];
    const walk = (list: readonly ApiField[]) => list.forEach((f) => (all.push(f), walk(f.children)));
    for (const r of page.responses) walk([...r.headers, ...(r.body?.fields ?? [])]);
    if (page.kind === 'operation') walk([...page.parameters.header, ...(page.requestBody?.fields ?? [])]);
    return all;
  };
  const changelog = JSON.parse(read('api/changelog.json')) as ChangelogData;
  const entryAnchors = new Set(changelog.flatMap((r) => r.groups.flatMap((g) => g.entries.map((e) => e.anchor))));

  it('while an older release is served, a field it lacks says since when, linking its changelog entry', () => {
    const on = pagesOn(first.deprecated!);
    const created = on.page('create-a-receive-request');
    const lnurl = fieldsOf(created).find((f) => f.anchor === 'response-201.lnurl')!;
    expect(lnurl.since).toEqual({version: latest, notIn: [first.version], href: expect.any(String)});
    expect(sinceWords(lnurl.since!)).toBe(`Since ${latest}, not in ${first.version}`);
    expect(entryAnchors).toContain(lnurl.since!.href.replace('/api/introduction#', ''));
    // And it is so: the field is in the latest release's answer, not in the older one's.
    const receiveRequest = (doc: object) =>
      (doc as {components: {schemas: Record<string, {properties: object}>}}).components.schemas.ReceiveRequest!
        .properties;
    expect(Object.keys(receiveRequest(releases.at(-1)!.definition))).toContain('lnurl');
    expect(Object.keys(receiveRequest(first.definition))).not.toContain('lnurl');
    // A field in every served release is not marked.
    expect(fieldsOf(created).find((f) => f.anchor === 'response-201.id')!.since).toBeUndefined();
  });

  it('marks a row on every answer that shares its body, not only the one the changelog links', () => {
    const page = pagesOn(first.deprecated!).page('issue-invoice');
    const paymentIds = fieldsOf(page).filter((f) => f.name === 'paymentId' && /^response-[45]\d\d\./.test(f.anchor));
    expect(paymentIds.length).toBeGreaterThan(1);
    for (const field of paymentIds) expect(field.since?.version, field.anchor).toBe(latest);
  });

  it('offers the served releases in the explorer, newest first', () => {
    const on = pagesOn(first.deprecated!);
    const page = on.page('get-invoices');
    if (page.kind !== 'operation') throw new Error('get-invoices is an operation');
    const version = page.tryIt.parameters.find((p) => p.name === 'Kestrel-Version')!;
    expect(version.schema.enum).toEqual(releases.map((r) => r.version).reverse());
  });

  it('from the older release’s sunset on, nothing is marked and the explorer offers only what is served', () => {
    const on = pagesOn(first.sunset!);
    for (const slug of ['create-a-receive-request', 'issue-invoice'])
      expect(fieldsOf(on.page(slug)).filter((f) => f.since)).toEqual([]);
    const page = on.page('get-invoices');
    if (page.kind !== 'operation') throw new Error('get-invoices is an operation');
    expect(page.tryIt.parameters.find((p) => p.name === 'Kestrel-Version')!.schema.enum).toEqual(
      sandboxServes(first.sunset!).reverse(),
    );
    expect(on.support[0]).toMatchObject({version: first.version, state: 'sunset'});
  });
});

describe('an operation added by a release', () => {
  const model = loadDefinition();
  const pages = new Map<string, ApiPage>(model.operations.map((op) => [op.slug, operationPage(model, op)]));
  const get = model.operations.find((op) => op.slug === 'get-invoices')!;
  // A later release that adds the operation (this history is made up: no release added one yet).
  const added: ReleaseHistoryEntry = {
    release: {...releases.at(-1)!, version: '3.0.0'},
    changes: [
      {
        id: 'operation-added:#/paths/~1invoices/get',
        rule: 'operation-added',
        severity: 'additive',
        message: 'The operation `GET /invoices` was added.',
        pointer: '#/paths/~1invoices/get',
        operation: {slug: get.slug, operationId: get.operationId},
      },
    ],
    notes: {},
    fixes: [],
  };

  it('marks the page itself while an older release is served, and not once none is', () => {
    const since = changelogData(model, pages, [added], [latest, '3.0.0']).pageSince.get('get-invoices')?.get('');
    expect(since).toEqual({
      version: '3.0.0',
      notIn: [latest],
      href: '/api/introduction#change-3.0.0-operation-added-paths-invoices-get',
    });
    expect(changelogData(model, pages, [added], ['3.0.0']).pageSince.size).toBe(0);
  });

  it('says so near the top of the page, linking the changelog entry', () => {
    const html = renderToStaticMarkup(
      React.createElement(ChangedIn, {
        changes: undefined,
        since: {version: '3.0.0', notIn: [first.version, latest], href: '/api/introduction#change-3'},
      }),
    );
    expect(html).toContain(
      `<p data-severity="additive"><a href="/api/introduction#change-3" class="api-since" data-since="3.0.0">Since 3.0.0, not in ${first.version} or ${latest}</a>.</p>`,
    );
    expect(renderToStaticMarkup(React.createElement(ChangedIn, {changes: undefined}))).toBe('');
  });
});
