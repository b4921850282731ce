/**
 * plugins/workflows: the workflow documents published at /workflows/<id>.arazzo.yaml with their
 * source descriptions pointing at the site's copies (the definition at /openapi.yaml, the
 * controls beside the documents), the guide section each names linked to it, and a build whose
 * guide page lacks that link failing.
 */
import {mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {parse} from 'yaml';
import type {LoadContext} from '@docusaurus/types';
import workflowsPlugin, {linksTo} from '../../plugins/workflows';
import {documentRoute, publishedFiles, publishedWorkflows} from '../../plugins/workflows/published';
import remarkWorkflowLinks, {LINK_TEXT} from '../../plugins/workflows/remark-workflow-links';
import {loadDefinition, webhookDeliveryOf} from '../../definition/index';
import {listWorkflows, renderedText} from '../../workflows/index';

const ROOT = path.resolve(__dirname, '../..');
const SITE = 'https://docs.kestrel.example';
const out = mkdtempSync(path.join(tmpdir(), 'kestrel-workflows-out-'));
afterAll(() => rmSync(out, {recursive: true, force: true}));

type SourceDescription = {name: string; url: string; type: string};

describe('publishedFiles', () => {
  const files = publishedFiles(SITE);
  const names = files.map((f) => f.file);

  it('publishes every document, and each file a document names beside it, once', () => {
    const ids = listWorkflows().map((w) => w.id);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) expect(names).toContain(`workflows/${id}.arazzo.yaml`);
    expect(names).toContain('workflows/sandbox-controls.openapi.yaml');
    expect(new Set(names).size).toBe(names.length);
  });

  it('points each source description at the site: /openapi.yaml or a published file', () => {
    for (const {file, text} of files.filter((f) => f.file.endsWith('.arazzo.yaml'))) {
      const urls = (parse(text) as {sourceDescriptions: SourceDescription[]}).sourceDescriptions.map((s) => s.url);
      expect(urls, file).toContain(`${SITE}/openapi.yaml`);
      for (const url of urls) {
        if (url === `${SITE}/openapi.yaml`) continue;
        expect(url, file).toMatch(new RegExp(`^${SITE.replace(/\./g, '\\.')}/workflows/[\\w.-]+\\.yaml$`));
        expect(names, `${file} names ${url}`).toContain(url.slice(SITE.length + 1));
      }
    }
  });

  it('states facts, not tokens: a document names %fact:NAME%, the published copy its value', () => {
    const documents = files.filter((f) => f.file.endsWith('.arazzo.yaml'));
    const written = documents.filter(({file}) => readFileSync(path.join(ROOT, file), 'utf8').includes('%fact:'));
    expect(written.length).toBeGreaterThanOrEqual(5);
    for (const {file, text} of documents) expect(text, file).not.toContain('%fact:');
    const recovery = documents.find((f) => f.file.endsWith('/webhook-failure-recovery.arazzo.yaml'))!;
    const secondAttempt = webhookDeliveryOf(loadDefinition().document).attemptMinutes[1]! * 60;
    expect(recovery.text).toContain(`payload: {advanceSeconds: ${secondAttempt}}`);
  });

  it('changes nothing else: the published text differs from the rendered source on url lines only', () => {
    for (const {file, text} of files) {
      // A document with its facts rendered (workflows/facts.ts), as the runner reads it; a companion as written.
      const id = /^workflows\/(.+)\.arazzo\.yaml$/.exec(file)?.[1];
      const source = (id ? renderedText(id) : readFileSync(path.join(ROOT, file), 'utf8')).split('\n');
      const published = text.split('\n');
      expect(published.length, file).toBe(source.length);
      const changed = published.filter((line, i) => line !== source[i]);
      for (const line of changed) expect(line, file).toMatch(/^ {4}url: "https:\/\/[^"]+"$/);
    }
  });
});

describe('remarkWorkflowLinks', () => {
  const docsDir = path.join(ROOT, 'docs');
  const workflow = {...publishedWorkflows()[0]!, id: 'w', route: documentRoute('w'), guide: '/guide/page#run-it'};
  const heading = (id: string) => ({type: 'heading', depth: 2, data: {hProperties: {id}}, children: []});
  const tree = () => ({
    type: 'root',
    children: [heading('intro'), heading('run-it'), {type: 'paragraph', children: []}],
  });

  it('adds the download line right under the section the document names', () => {
    const root = tree();
    remarkWorkflowLinks({docsDir, workflows: [workflow]})(root, {path: path.join(docsDir, 'guide/page.md')});
    expect(root.children[2]).toEqual({
      type: 'paragraph',
      children: [
        {type: 'text', value: LINK_TEXT},
        {
          type: 'link',
          url: 'pathname:///workflows/w.arazzo.yaml',
          data: {hProperties: {download: 'w.arazzo.yaml'}},
          children: [{type: 'text', value: 'w.arazzo.yaml'}],
        },
      ],
    });
    expect(root.children).toHaveLength(4);
  });

  it('finds the guide by its front matter slug too, and leaves other pages alone', () => {
    const slugged = tree();
    remarkWorkflowLinks({docsDir, workflows: [workflow]})(slugged, {
      path: path.join(docsDir, 'elsewhere.md'),
      data: {frontMatter: {slug: '/guide/page'}},
    });
    expect(slugged.children).toHaveLength(4);
    const other = tree();
    remarkWorkflowLinks({docsDir, workflows: [workflow]})(other, {path: path.join(docsDir, 'guide/other.md')});
    expect(other).toEqual(tree());
  });

  it('fails, naming the document and the section, when the guide has no such section', () => {
    const root = {type: 'root', children: [heading('intro')]};
    expect(() =>
      remarkWorkflowLinks({docsDir, workflows: [workflow]})(root, {path: path.join(docsDir, 'guide/page.md')}),
    ).toThrow(
      `${workflow.file} names the guide section /guide/page#run-it, and /guide/page has no heading with the id "run-it"`,
    );
  });

  it('every document names a guide of docs/ with a heading of that anchor', () => {
    // Each guide by its route: its front matter's slug, else its path under docs/.
    const guides = new Map<string, string>();
    for (const file of readdirSync(docsDir, {recursive: true, encoding: 'utf8'}).filter((f) => /\.mdx?$/.test(f))) {
      const text = readFileSync(path.join(docsDir, file), 'utf8');
      const slug = /^---\n[\s\S]*?^slug: (\S+)$[\s\S]*?^---$/m.exec(text)?.[1];
      guides.set((slug ?? `/${file.replace(/\.mdx?$/, '')}`).replace(/(.)\/+$/, '$1'), text);
    }
    const missing = listWorkflows().filter((w) => {
      const [route, anchor] = w.guide.split('#') as [string, string];
      const guide = guides.get(route.replace(/(.)\/+$/, '$1')) ?? '';
      // Docusaurus's ids: an explicit {#id}, else the heading's words in lower case joined by hyphens.
      const ids = [...guide.matchAll(/^#{2,6} (.+)$/gm)].map(([, text]) => {
        const explicit = /\{#([\w-]+)\}\s*$/.exec(text!);
        if (explicit) return explicit[1];
        return text!
          .replace(/[`*_]/g, '')
          .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
          .toLowerCase()
          .replace(/[^\p{L}\p{N}\s-]/gu, '')
          .trim()
          .replace(/\s/g, '-');
      });
      return !ids.includes(anchor);
    });
    expect(missing.map((w) => `${w.file}: ${w.guide}`)).toEqual([]);
  });
});

describe('the plugin after a build', () => {
  const context = {siteConfig: {baseUrl: '/', url: SITE}} as unknown as LoadContext;
  const guidePage = (route: string, html: string) => {
    const file = path.join(out, route, 'index.html');
    mkdirSync(path.dirname(file), {recursive: true});
    writeFileSync(file, html, {flag: 'a'});
  };
  const postBuild = () => workflowsPlugin(context).postBuild!({outDir: out} as never);

  it('writes every published file under /workflows/ when each guide links its document', async () => {
    for (const w of publishedWorkflows())
      guidePage(w.guide.split('#')[0]!, `<p>${LINK_TEXT}<a href="${w.route}" download="${w.id}.arazzo.yaml">x</a></p>`);
    await postBuild();
    for (const {file, text} of publishedFiles(SITE)) expect(readFileSync(path.join(out, file), 'utf8')).toBe(text);
  });

  it('reads a link with its href quoted or, as minified HTML writes it, bare', () => {
    const href = '/workflows/make-a-payout.arazzo.yaml';
    expect(linksTo(`<a href="${href}" download>`, href)).toBe(true);
    expect(linksTo(`<a href=${href} download>`, href)).toBe(true);
    expect(linksTo(`<a href=${href}>`, href)).toBe(true);
    expect(linksTo(`<a href=${href}x>`, href)).toBe(false);
    expect(linksTo(`<a href="/workflows/make-a-payoutXarazzo.yaml">`, href)).toBe(false);
  });

  it('fails when a guide page does not link its document', async () => {
    const w = publishedWorkflows()[0]!;
    rmSync(path.join(out, w.guide.split('#')[0]!, 'index.html'));
    guidePage(w.guide.split('#')[0]!, '<p>No link here.</p>');
    await expect(postBuild()).rejects.toThrow(
      `workflows: ${w.guide} (the guide of ${w.file}) does not link ${w.route}`,
    );
  });
});
