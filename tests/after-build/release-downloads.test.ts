/**
 * Each release's definition in the build: served at /openapi/releases/<version>.json with the bytes
 * of openapi/releases/<version>.json, linked for download from its release on /api/introduction,
 * and listed in llms.txt. And the changelog's section of fixes to every version, in the page and
 * in its Markdown twin. Needs `npm run build`.
 */
import {readFileSync} from 'node:fs';
import type {Server} from 'node:http';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {brand} from '../../config/brand';
import {readReleases, RELEASES_DIR} from '../../definition/index.ts';
import {readReleaseNotes} from '../../definition/changes/release-notes.ts';
import {createServer} from '../../tooling/serve-build.mjs';
import {listenOnFreePort} from '../../tooling/ports.mjs';

const BUILD = path.resolve(__dirname, '../../build');
const SITE = brand.portalUrl.replace(/\/+$/, '');
const built = (file: string) => readFileSync(path.join(BUILD, file), 'utf8');
const releases = readReleases();
// React's markers between adjacent texts (`<!-- -->`) are not what a reader sees.
const introduction = built('api/introduction/index.html').replace(/<!-- -->/g, '');

let server: Server;
let origin: string;
beforeAll(async () => {
  server = createServer({root: BUILD});
  origin = await listenOnFreePort(server);
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('the definition of each release', () => {
  it.each(releases.map((r) => [r.version]))('%s answers the bytes of its released file', async (version) => {
    const response = await fetch(`${origin}/openapi/releases/${version}.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.equals(readFileSync(path.join(RELEASES_DIR, `${version}.json`)))).toBe(true);
  });

  it('is linked for download from its release on /api/introduction', () => {
    for (const {version} of releases) {
      const section = new RegExp(
        `<section[^>]*data-release="?${version.replace(/\./g, '\\.')}"?[^>]*>([\\s\\S]*?)</section>`,
      );
      const html = section.exec(introduction)?.[1];
      expect(html, version).toBeDefined();
      expect(html).toMatch(
        new RegExp(
          `<a href="?/openapi/releases/${version.replace(/\./g, '\\.')}\\.json"?[^>]*download[^>]*>Download the ${version.replace(/\./g, '\\.')} definition \\(OpenAPI, JSON\\)</a>`,
        ),
      );
    }
  });

  it('is listed in llms.txt, one line each with its date', () => {
    const llms = built('llms.txt');
    for (const {version, date} of releases) {
      const line = llms.split('\n').find((l) => l.startsWith(`- [OpenAPI definition ${version} (JSON)](`));
      expect(line, version).toBe(
        `- [OpenAPI definition ${version} (JSON)](${SITE}/openapi/releases/${version}.json): Release ${version} of ${date}, as released: ${releases.find((r) => r.version === version)!.summary}`,
      );
    }
  });
});

describe('the fixes to every version in the changelog', () => {
  const fixes = readReleaseNotes('2.0.0').declared.filter((d) => d.severity === 'fix-to-every-version');

  it('2.0.0 lists its fixes under their own heading, each flagged, with what to do', () => {
    expect(fixes.length).toBeGreaterThan(0);
    expect(introduction).toMatch(
      /<h4[^>]*id="?release-2-0-0-fix-to-every-version"?[^>]*>Fixes with 2\.0\.0 that apply to every version/,
    );
    const list = /<ul[^>]*data-severity="?fix-to-every-version"?[^>]*>([\s\S]*?)<\/ul>/.exec(introduction)?.[1];
    expect(list).toBeDefined();
    const items = [...list!.matchAll(/<li[^>]*data-change-id="?([^">]+?)"?[\s>]/g)].map((m) =>
      m[1]!.replace(/&amp;/g, '&'),
    );
    expect(items).toEqual(fixes.map((f) => f.id));
    expect(list!.match(/>Every version:<\/strong>/g)).toHaveLength(fixes.length);
    expect(list!.match(/<strong>What to do:<\/strong>/g)).toHaveLength(fixes.length);
  });

  it('the twin /api/introduction.md holds the section too', () => {
    const twin = built('api/introduction.md');
    expect(twin).toContain('#### Fixes with 2.0.0 that apply to every version');
    expect(twin.match(/^- \*\*Every version:\*\* /gm)).toHaveLength(fixes.length);
  });
});
