/**
 * The workflow documents in the build (plugins/workflows): each at /workflows/<id>.arazzo.yaml
 * with its source descriptions pointing at the site's /openapi.yaml and controls file, listed in
 * llms.txt under "Workflows" with its summary, and linked for download from the guide section its
 * `x-kestrel-guide` names, right under that section's heading (in the page and in its Markdown
 * twin). Needs `npm run build`.
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {parse} from 'yaml';
import {brand} from '../../config/brand';
import {twinPath} from '../../config/twin-path';
import {publishedFiles, publishedWorkflows} from '../../plugins/workflows/published';

const BUILD = path.resolve(__dirname, '../../build');
const SITE = brand.portalUrl.replace(/\/+$/, '');
const built = (file: string) => readFileSync(path.join(BUILD, file), 'utf8');
const workflows = publishedWorkflows();

describe('the published files', () => {
  it('holds every document and the files it names, as the plugin writes them', () => {
    expect(workflows.length).toBeGreaterThan(0);
    for (const {file, text} of publishedFiles(SITE)) expect(built(file), file).toBe(text);
  });

  it('points each document at the site: /openapi.yaml (served by the build) and a published controls file', () => {
    expect(existsSync(path.join(BUILD, 'openapi.yaml'))).toBe(true);
    for (const w of workflows) {
      const doc = parse(built(w.route.slice(1))) as {sourceDescriptions: {url: string}[]};
      const urls = doc.sourceDescriptions.map((s) => s.url);
      expect(urls, w.id).toContain(`${SITE}/openapi.yaml`);
      for (const url of urls) expect(existsSync(path.join(BUILD, url.slice(SITE.length))), url).toBe(true);
    }
  });
});

describe('llms.txt', () => {
  it('lists every workflow under "Workflows", one line each with its summary', () => {
    const llms = built('llms.txt');
    const start = llms.indexOf('\n## Workflows\n');
    expect(start).toBeGreaterThan(0);
    const section = llms.slice(start, llms.indexOf('\n## ', start + 1));
    const lines = section.split('\n').filter((l) => l.startsWith('- '));
    expect(lines).toHaveLength(workflows.length);
    for (const w of workflows)
      expect(
        lines.find((l) => l.startsWith(`- [${w.id}.arazzo.yaml](${SITE}${w.route}): `)),
        w.id,
      ).toContain(w.summary);
  });
});

describe('the guides', () => {
  it('link each document right under the heading its x-kestrel-guide names', () => {
    for (const w of workflows) {
      const [route, anchor] = w.guide.split('#') as [string, string];
      const page = built(path.join(route, 'index.html'));
      const heading = page.search(new RegExp(`<h[2-6][^>]*\\sid=(?:"${anchor}"|${anchor}(?=[\\s>]))`));
      expect(heading, `${w.guide} has the heading`).toBeGreaterThan(0);
      const next = page.slice(heading).search(/<\/h[2-6]>/);
      const after = page.slice(heading + next).replace(/<!-- -->/g, '');
      expect(after, w.guide).toMatch(
        new RegExp(
          `^</h[2-6]>\\s*<p>Run this procedure: <a[^>]*\\shref=(?:"${w.route}"|${w.route}(?=[\\s>]))[^>]*>${w.id}\\.arazzo\\.yaml</a></p>`,
        ),
      );
      const twin = built(twinPath(route).slice(1));
      expect(twin, twinPath(route)).toMatch(
        new RegExp(
          `Run this procedure: \\[${w.id}\\.arazzo\\.yaml\\]\\((?:${SITE.replace(/\./g, '\\.')})?${w.route}\\)`,
        ),
      );
    }
  });
});
