/**
 * The committed diagrams (static/img/diagrams) against the guides: every mermaid block is rendered
 * from its current source, every SVG is one a block names, and the renderer finds the same blocks,
 * with the same text, that remark gives the build. One test runs the renderer itself (Chromium).
 */
import {describe, it, expect} from 'vitest';
import {existsSync, mkdtempSync, mkdirSync, readFileSync, readdirSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {createProcessor} from '@mdx-js/mdx';
import {DIAGRAMS_DIR, MANIFEST_FILE, mermaidBlocks, normalizeSource} from '../../plugins/diagrams/diagrams-shared.mjs';
import {findDiagrams, renderDiagrams} from '../../tooling/render-diagrams.mjs';

type Entry = {file: string; sha256: string; width: number; height: number; title: string; description: string};
const manifest = JSON.parse(readFileSync(MANIFEST_FILE, 'utf8')) as {mermaid: string; diagrams: Record<string, Entry>};
const diagrams = findDiagrams();

describe('committed diagrams', () => {
  it('the guides have diagrams, each with its title and description', () => {
    expect(diagrams.length).toBeGreaterThanOrEqual(7);
  });

  it('every diagram is rendered from its current source (else: npm run diagrams)', () => {
    expect(Object.keys(manifest.diagrams).sort()).toEqual(diagrams.map((d) => d.name).sort());
    for (const d of diagrams) {
      expect(manifest.diagrams[d.name], d.where).toMatchObject({
        file: d.file,
        sha256: d.sha256,
        title: d.title,
        description: d.description,
      });
    }
  });

  it('every SVG is named by a diagram, and has the size its manifest entry states', () => {
    const svgs = readdirSync(DIAGRAMS_DIR).filter((f) => f.endsWith('.svg'));
    expect(svgs.map((f) => f.slice(0, -4)).sort()).toEqual(Object.keys(manifest.diagrams).sort());
    for (const [name, entry] of Object.entries(manifest.diagrams)) {
      const root = /^<svg[^>]*>/.exec(readFileSync(path.join(DIAGRAMS_DIR, `${name}.svg`), 'utf8'))?.[0] ?? '';
      expect(root, name).toContain('xmlns="http://www.w3.org/2000/svg"');
      expect(root, name).toContain(` width="${entry.width}"`);
      expect(root, name).toContain(` height="${entry.height}"`);
      // Ids stay the same from one render to the next: a re-render changes only what changed.
      expect(root, name).toContain(` id="diagram-${name}"`);
    }
  });

  it('the renderer reads the same mermaid blocks as remark does in the build', () => {
    const processor = createProcessor();
    for (const file of new Set(diagrams.map((d) => d.file))) {
      // Docusaurus hands MDX the page without its front matter.
      const markdown = readFileSync(file, 'utf8').replace(/^---\n[\s\S]*?\n---\n/, '');
      const fromRemark: string[] = [];
      const walk = (node: {type: string; lang?: string; value?: string; children?: unknown[]}) => {
        if (node.type === 'code' && node.lang === 'mermaid') fromRemark.push(normalizeSource(node.value ?? ''));
        (node.children as (typeof node)[] | undefined)?.forEach(walk);
      };
      walk(processor.parse(markdown) as Parameters<typeof walk>[0]);
      expect(
        mermaidBlocks(markdown).map((b) => b.source),
        file,
      ).toEqual(fromRemark);
    }
  });
});

describe('tooling/render-diagrams.mjs', () => {
  it('draws each diagram once, with its size, and removes SVGs no diagram names', {timeout: 60_000}, async () => {
    const site = mkdtempSync(path.join(tmpdir(), 'render-diagrams-'));
    mkdirSync(path.join(site, 'docs/flows'), {recursive: true});
    mkdirSync(path.join(site, DIAGRAMS_DIR), {recursive: true});
    writeFileSync(path.join(site, DIAGRAMS_DIR, 'gone-1.svg'), '<svg/>');
    const source =
      'sequenceDiagram\n    accTitle: Ping\n    accDescr: A asks B, B answers.\n    A->>B: ping\n    B-->>A: pong';
    writeFileSync(path.join(site, 'docs/flows/ping.md'), `# Ping\n\n\`\`\`mermaid\n${source}\n\`\`\`\n`);
    const log: string[] = [];
    await renderDiagrams({siteDir: site, log: (line: string) => log.push(line)});
    const svg = readFileSync(path.join(site, DIAGRAMS_DIR, 'flows-ping-1.svg'), 'utf8');
    const entry = JSON.parse(readFileSync(path.join(site, MANIFEST_FILE), 'utf8')).diagrams['flows-ping-1'];
    expect(entry).toMatchObject({file: 'docs/flows/ping.md', title: 'Ping', description: 'A asks B, B answers.'});
    expect(svg).toMatch(new RegExp(`^<svg [^>]*width="${entry.width}"[^>]*height="${entry.height}"`));
    expect(svg).toContain('<title id="chart-title-diagram-flows-ping-1">Ping</title>');
    expect(existsSync(path.join(site, DIAGRAMS_DIR, 'gone-1.svg'))).toBe(false);
    log.length = 0;
    await renderDiagrams({siteDir: site, log: (line: string) => log.push(line)});
    expect(log).toEqual(['1 diagrams, 0 rendered, 1 unchanged']);
  });

  it('refuses a diagram without accTitle or accDescr, naming the file and line', () => {
    const site = mkdtempSync(path.join(tmpdir(), 'render-diagrams-'));
    mkdirSync(path.join(site, 'docs'), {recursive: true});
    writeFileSync(
      path.join(site, 'docs/x.md'),
      '# X\n\n```mermaid\nsequenceDiagram\n    accTitle: X\n    A->>B: hi\n```\n',
    );
    expect(() => findDiagrams(site)).toThrow('docs/x.md:3: the diagram needs an accTitle and an accDescr line');
  });
});
