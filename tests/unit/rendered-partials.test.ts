/**
 * plugins/rendered-partials, through MDX as the build runs it: a page's line
 * `<RenderedMarkdown of="NAME" />` becomes the part rendered from its source, headings and all, so
 * that a changed row at the source (sandbox/test-inputs.ts, the definition's x-idempotency,
 * sandbox/local-differences.ts) changes the page with no other edit. Every part is asked for by
 * one guide, and a line the build cannot place fails it, naming the file.
 */
import {describe, it, expect} from 'vitest';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import React, {type ReactNode} from 'react';
import * as runtime from 'react/jsx-runtime';
import {renderToStaticMarkup} from 'react-dom/server';
import {evaluate} from '@mdx-js/mdx';
import remarkRenderedPartials from '../../plugins/rendered-partials/remark-rendered-partials';
import {PARTIALS, type Partials} from '../../plugins/rendered-partials/partials';
import {renderTestInputs} from '../../plugins/rendered-partials/test-inputs';
import {renderIdempotencyOutcomes} from '../../plugins/rendered-partials/idempotency-outcomes';
import {renderLocalDifferences} from '../../plugins/rendered-partials/local-differences';
import {TEST_INPUTS} from '../../sandbox/test-inputs';
import {LOCAL_DIFFERENCES} from '../../sandbox/local-differences';
import {buildDefinition, type JsonObject} from '../../definition/index.ts';
import {GUIDE_FILES, ROOT} from './guide-http';
import {loadBundledDefinition} from './openapi-definition';

/** The page's HTML as MDX renders it with the plugin (tables stay paragraphs: no GFM here). */
async function render(markdown: string, partials?: Partials): Promise<string> {
  const {default: Content} = await evaluate({value: markdown, path: path.join(ROOT, 'docs/x.md')}, {
    ...runtime,
    // As Docusaurus reads a .md page here (markdown.format defaults to mdx).
    format: 'mdx',
    remarkPlugins: [[remarkRenderedPartials, {partials}]],
  } as Parameters<typeof evaluate>[1]);
  const ReferenceTable = ({children}: {children?: ReactNode}) => children;
  return renderToStaticMarkup(React.createElement(Content, {components: {ReferenceTable}}));
}

const page = (name: string) => `## Before\n\nFirst.\n\n<RenderedMarkdown of="${name}" />\n\nAfter.\n`;

describe('remark-rendered-partials', () => {
  it('puts the part in place of its line, as Markdown of the page, between what comes before and after', async () => {
    const html = await render(page('demo'), {demo: () => '### A heading\n\nSome `code` and a [link](/sandbox/).'});
    expect(html).toBe(
      '<h2>Before</h2>\n<p>First.</p>\n<h3>A heading</h3>\n<p>Some <code>code</code> and a <a href="/sandbox/">link</a>.</p>\n<p>After.</p>',
    );
  });

  it('renders the test inputs from sandbox/test-inputs.ts: a changed outcome is what the page shows', async () => {
    const row = TEST_INPUTS.find((r) => r.group === 'Invoices')!;
    const changed = TEST_INPUTS.map((r) => (r === row ? {...r, outcome: 'Nothing happens, slowly.'} : r));
    const before = await render(page('sandbox-test-inputs'));
    const after = await render(page('sandbox-test-inputs'), {
      ...PARTIALS,
      'sandbox-test-inputs': () => renderTestInputs({rows: changed}),
    });
    expect(before).toContain('<h3>Invoices</h3>');
    expect(before).not.toContain('Nothing happens, slowly.');
    expect(after).toContain('Nothing happens, slowly.');
  });

  it('renders the idempotency outcomes from the definition: another retention is what the page shows', async () => {
    const doc = loadBundledDefinition() as JsonObject;
    const changed = structuredClone(doc) as {components: {parameters: {IdempotencyKey: JsonObject}}};
    (changed.components.parameters.IdempotencyKey['x-idempotency'] as JsonObject).retentionHours = 72;
    const model = buildDefinition(changed as unknown as JsonObject);
    const before = await render(page('idempotency-outcomes'));
    const after = await render(page('idempotency-outcomes'), {
      ...PARTIALS,
      'idempotency-outcomes': () => renderIdempotencyOutcomes(model),
    });
    expect(before).toContain(`against its key for ${buildDefinition(doc).idempotency!.retentionHours} hours`);
    expect(after).toContain('against its key for 72 hours');
  });

  it("renders the local sandbox's differences from sandbox/local-differences.ts, one item each", async () => {
    const html = await render(page('local-sandbox-differences'));
    expect(html.match(/<li>It /g)).toHaveLength(LOCAL_DIFFERENCES.length);
    const changed = await render(page('local-sandbox-differences'), {
      'local-sandbox-differences': () => renderLocalDifferences([{text: 'runs on one machine.'}]),
    });
    expect(changed).toContain('<ul>\n<li>It runs on one machine.</li>\n</ul>');
  });

  it('fails the build on a part it does not have, an element inside a paragraph or another attribute, naming the file', async () => {
    await expect(render(page('nope'))).rejects.toThrow(
      /docs\/x\.md asks for the part "nope", which is not one of: idempotency-outcomes, sandbox-test-inputs, local-sandbox-differences/,
    );
    await expect(render('Text <RenderedMarkdown of="idempotency-outcomes" /> more.\n')).rejects.toThrow(
      /docs\/x\.md has a <RenderedMarkdown> inside a paragraph/,
    );
    await expect(render('<RenderedMarkdown of="demo" twice="yes" />\n', {demo: () => 'x'})).rejects.toThrow(
      /docs\/x\.md has a <RenderedMarkdown> that does not name its part with only of="NAME"/,
    );
  });
});

describe('the guides', () => {
  it('ask for every part once, each on a line of its own', () => {
    const asked = GUIDE_FILES.flatMap((file) =>
      [...readFileSync(path.join(ROOT, file), 'utf8').matchAll(/^<RenderedMarkdown of="([^"]*)" \/>$/gm)].map(
        (m) => `${m[1]} ${file}`,
      ),
    ).sort();
    expect(asked).toEqual([
      'idempotency-outcomes docs/introduction.md',
      'local-sandbox-differences docs/sandbox.md',
      'sandbox-test-inputs docs/sandbox.md',
    ]);
    expect(Object.keys(PARTIALS).sort()).toEqual(asked.map((line) => line.split(' ')[0]));
  });
});
