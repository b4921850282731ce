/**
 * plugins/diagrams/remark-diagrams.ts, through MDX as the build runs it: a rendered diagram becomes an
 * image with its size and text alternative; anything the build cannot trust fails it, naming the
 * file.
 */
import {describe, it, expect, vi} from 'vitest';
import {mkdtempSync, mkdirSync, writeFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import React from 'react';
import * as runtime from 'react/jsx-runtime';
import {renderToStaticMarkup} from 'react-dom/server';
import {evaluate} from '@mdx-js/mdx';
import remarkDiagrams from '../../plugins/diagrams/remark-diagrams';
import {diagramHash} from '../../plugins/diagrams/diagrams-shared.mjs';
import Diagram from '../../src/components/Diagram';

vi.mock('@docusaurus/useBaseUrl', () => ({default: (url: string) => url}));

const SOURCE = [
  'sequenceDiagram',
  '    accTitle: Paying an invoice',
  '    accDescr: The payer pays and Kestrel tells your server.',
  '    Payer->>Kestrel: Pay',
].join('\n');
const page = (source: string) => `# Guide\n\n\`\`\`mermaid\n${source}\n\`\`\`\n`;

/** A site with docs/flows/pay.md whose manifest holds `rendered` (sources already drawn). */
function site(rendered: string[] = [SOURCE]) {
  const dir = mkdtempSync(path.join(tmpdir(), 'remark-diagrams-'));
  mkdirSync(path.join(dir, 'docs/flows'), {recursive: true});
  mkdirSync(path.join(dir, 'static/img/diagrams'), {recursive: true});
  const diagrams = Object.fromEntries(
    rendered.map((source, i) => [`flows-pay-${i + 1}`, {sha256: diagramHash(source), width: 640, height: 480}]),
  );
  for (const name of Object.keys(diagrams)) writeFileSync(path.join(dir, `static/img/diagrams/${name}.svg`), '<svg/>');
  writeFileSync(path.join(dir, 'static/img/diagrams/manifest.json'), JSON.stringify({diagrams}));
  return dir;
}

async function render(siteDir: string, markdown: string): Promise<string> {
  const {default: Content} = await evaluate({value: markdown, path: path.join(siteDir, 'docs/flows/pay.md')}, {
    ...runtime,
    remarkPlugins: [[remarkDiagrams, {siteDir}]],
  } as Parameters<typeof evaluate>[1]);
  return renderToStaticMarkup(React.createElement(Content, {components: {diagram: Diagram}}));
}

describe('remark-diagrams', () => {
  it('shows a rendered diagram as a lazy image with its size, its text alternative and its source', async () => {
    const html = await render(site(), page(SOURCE));
    expect(html).toContain(
      '<img src="/img/diagrams/flows-pay-1.svg" width="640" height="480" alt="Paying an invoice. The payer pays and Kestrel tells your server." loading="lazy" decoding="async"/>',
    );
    expect(html).toContain(`data-llms-mermaid="${SOURCE.replace(/>/g, '&gt;')}"`);
    expect(html).not.toContain('<pre');
  });

  it('numbers the diagrams of a page in order and leaves other code blocks alone', async () => {
    const second = SOURCE.replace('Pay', 'Pay again');
    const html = await render(site([SOURCE, second]), `${page(SOURCE)}\n\`\`\`js\nx()\n\`\`\`\n\n${page(second)}`);
    expect(html).toMatch(
      /flows-pay-1\.svg[\s\S]*<pre><code class="language-js">x\(\)\n?<\/code><\/pre>[\s\S]*flows-pay-2\.svg/,
    );
  });

  it('fails, naming the file, when the SVG is missing', async () => {
    const dir = site();
    rmSync(path.join(dir, 'static/img/diagrams/flows-pay-1.svg'));
    await expect(render(dir, page(SOURCE))).rejects.toThrow(
      /docs\/flows\/pay\.md \(mermaid block 1\) has not been rendered.*npm run diagrams/,
    );
  });

  it('fails, naming the file, when the diagram is not in the manifest', async () => {
    await expect(render(site([]), page(SOURCE))).rejects.toThrow(
      /docs\/flows\/pay\.md \(mermaid block 1\) has not been rendered/,
    );
  });

  it('fails, naming the file, when the diagram changed since it was rendered', async () => {
    await expect(render(site(), page(`${SOURCE}\n    Kestrel->>Payer: Receipt`))).rejects.toThrow(
      /docs\/flows\/pay\.md \(mermaid block 1\) changed since flows-pay-1\.svg was rendered: run npm run diagrams/,
    );
  });

  it('fails on a diagram outside docs/, which the renderer does not read', () => {
    const dir = site();
    const tree = {type: 'root', children: [{type: 'code', lang: 'mermaid', value: SOURCE}]};
    expect(() => remarkDiagrams({siteDir: dir})(tree, {path: path.join(dir, 'api/intro.mdx')})).toThrow(
      /api\/intro\.mdx has a diagram outside docs\//,
    );
  });

  it('fails, naming the file, when accTitle or accDescr is missing', async () => {
    for (const line of ['accTitle', 'accDescr']) {
      const source = SOURCE.split('\n')
        .filter((l) => !l.includes(line))
        .join('\n');
      await expect(render(site([source]), page(source))).rejects.toThrow(
        /docs\/flows\/pay\.md \(mermaid block 1\): a diagram needs a text alternative/,
      );
    }
  });
});
