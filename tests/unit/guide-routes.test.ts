/**
 * The guides' routes in config/routes.ts are exactly the routes the docs declare in their front
 * matter, doc by doc, and every guide is in tutorialSidebar once.
 */
import {describe, it, expect} from 'vitest';
import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import sidebars from '../../sidebars';
import {brand} from '../../config/brand';
import {GUIDES, GUIDE_ROUTES} from '../../config/routes';

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
  it('are the 20 routes of config/routes.ts, each declared by its own doc', () => {
    expect(GUIDES).toHaveLength(20);
    expect(new Set(GUIDE_ROUTES).size).toBe(20);
    const declared = Object.fromEntries(docs.map((d) => [d.id, d.slug]));
    expect(declared).toEqual(Object.fromEntries(GUIDES.map((g) => [g.id, g.route])));
  });

  it("carry the provider's name in the OAuth connect route", () => {
    expect(GUIDE_ROUTES).toContain(`/${brand.name.toLowerCase()}-oauth-connect/`);
  });

  it('are all in tutorialSidebar, once', () => {
    const ids = flatten(sidebars.tutorialSidebar as unknown[]);
    expect(ids.sort()).toEqual(docs.map((d) => d.id).sort());
  });

  it('carry no placeholder text', () => {
    for (const d of docs) expect(d.source, d.id).not.toMatch(/\bTODO\b|lorem ipsum|TBD/i);
  });
});
