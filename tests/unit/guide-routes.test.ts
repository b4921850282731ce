/**
 * The guide routes of spec 2.1, read from the spec itself when it is beside the project, must be
 * exactly the routes the docs declare, and every guide must be in tutorialSidebar.
 */
import {describe, it, expect} from 'vitest';
import {readFileSync, existsSync, readdirSync} from 'node:fs';
import path from 'node:path';
import sidebars from '../../sidebars';
import {brand} from '../../src/brand';

const SPEC = path.resolve(__dirname, '../../../shared/spec/portal-spec.md');

function docFiles(dir: string): string[] {
  return readdirSync(dir, {withFileTypes: true}).flatMap((e) =>
    e.isDirectory() ? docFiles(path.join(dir, e.name)) : /\.mdx?$/.test(e.name) ? [path.join(dir, e.name)] : [],
  );
}

const docs = docFiles('docs').map((file) => {
  const source = readFileSync(file, 'utf8');
  const slug = source.match(/^slug: (.+)$/m)?.[1]?.trim();
  return {id: path.relative('docs', file).replace(/\.mdx?$/, ''), slug, source};
});

function flatten(items: unknown[]): string[] {
  return items.flatMap((item) => {
    if (typeof item === 'string') return [item];
    const i = item as {type?: string; id?: string; items?: unknown[]};
    if (i.items) return flatten(i.items);
    return i.id ? [i.id] : [];
  });
}

describe('guide routes', () => {
  it.skipIf(!existsSync(SPEC))('match spec 2.1 exactly, with the provider name in the OAuth route', () => {
    const spec = readFileSync(SPEC, 'utf8');
    const section = spec.slice(spec.indexOf('### 2.1'), spec.indexOf('### 2.2'));
    const routes = [...section.matchAll(/^\| (\/\S*) \|/gm)].map((m) =>
      m[1]!.replace('{provider}', brand.name.toLowerCase()),
    );
    expect(routes).toHaveLength(20);
    expect(docs.map((d) => d.slug).sort()).toEqual(routes.sort());
  });

  it('are all in tutorialSidebar, once', () => {
    const ids = flatten(sidebars.tutorialSidebar as unknown[]);
    expect(ids.sort()).toEqual(docs.map((d) => d.id).sort());
  });

  it('carry no placeholder text', () => {
    for (const d of docs) expect(d.source, d.id).not.toMatch(/\bTODO\b|lorem ipsum|TBD/i);
  });
});
