/**
 * The guides' routes come from one place, each guide's front matter `slug`, and the sidebar names
 * each guide of docs/ once. Changing a slug changes the route every reader of config/guide-routes.ts
 * gets (the built-route, search and llms.txt tests, the bench), with no second list to edit.
 */
import {describe, it, expect, afterAll} from 'vitest';
import {mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import sidebars from '../../sidebars';
import {brand} from '../../config/brand';
import {GUIDE_CATEGORIES, GUIDE_IDS} from '../../config/routes';
import {GUIDES, GUIDE_ROUTES, guidesOf} from '../../config/guide-routes';

function docFiles(dir: string): string[] {
  return readdirSync(dir, {withFileTypes: true}).flatMap((e) =>
    e.isDirectory() ? docFiles(path.join(dir, e.name)) : /\.mdx?$/.test(e.name) ? [path.join(dir, e.name)] : [],
  );
}

const docs = docFiles('docs').map((file) => ({
  id: path.relative('docs', file).replace(/\.mdx?$/, ''),
  source: readFileSync(file, 'utf8'),
}));

function flatten(items: unknown[]): string[] {
  return items.flatMap((item) => {
    if (typeof item === 'string') return [item];
    const i = item as {type?: string; id?: string; items?: unknown[]};
    if (i.items) return flatten(i.items);
    return i.id ? [i.id] : [];
  });
}

const scratch = mkdtempSync(path.join(tmpdir(), 'guide-routes-'));
afterAll(() => rmSync(scratch, {recursive: true, force: true}));

/** A docs folder holding one guide `id` whose front matter is `frontMatter`. */
function docsWith(id: string, frontMatter: string): string {
  const dir = mkdtempSync(path.join(scratch, 'docs-'));
  mkdirSync(path.dirname(path.join(dir, id)), {recursive: true});
  writeFileSync(path.join(dir, `${id}.md`), `---\n${frontMatter}\n---\n\nText.\n`);
  return dir;
}

describe('guide routes', () => {
  it('are 20, one per guide, none published twice', () => {
    // The one pin of the number of guides: a guide dropped from the sidebar fails here by count.
    expect(GUIDES).toHaveLength(20);
    expect(new Set(GUIDE_ROUTES).size).toBe(GUIDES.length);
  });

  it('are each guide front matter slug, in sidebar order', () => {
    expect(GUIDES.map((g) => g.id)).toEqual(GUIDE_IDS);
    expect(GUIDES.find((g) => g.id === 'webhooks/overview')?.route).toBe('/webhooks/overview');
    expect(GUIDES[0]).toEqual({id: 'introduction', route: '/'});
  });

  it('follow a changed slug with no other edit, and name a doc without one', () => {
    const dir = docsWith('webhooks/overview', 'slug: /webhooks/introduction\ntitle: Webhooks');
    expect(guidesOf(['webhooks/overview'], dir)).toEqual([{id: 'webhooks/overview', route: '/webhooks/introduction'}]);
    const bare = docsWith('rate-limits', 'title: Rate limits');
    expect(() => guidesOf(['rate-limits'], bare)).toThrow(
      `guide routes: ${path.join(bare, 'rate-limits.md')} needs a front matter slug starting with "/" (its route), got undefined`,
    );
    expect(() => guidesOf(['missing'], bare)).toThrow(
      `the sidebar names "missing", but ${bare}/missing.md(x) does not exist`,
    );
  });

  it("carry the provider's name in the OAuth connect route", () => {
    expect(GUIDE_ROUTES).toContain(`/${brand.name.toLowerCase()}-oauth-connect/`);
  });

  it('are all in tutorialSidebar, once, under the categories of config/routes.ts', () => {
    const ids = flatten(sidebars.tutorialSidebar as unknown[]);
    expect(ids).toEqual(GUIDE_IDS);
    expect(ids.sort()).toEqual(docs.map((d) => d.id).sort());
    const labels = (sidebars.tutorialSidebar as {label: string}[]).map((c) => c.label);
    expect(labels).toEqual(GUIDE_CATEGORIES.map((c) => c.label));
  });

  it('carry no placeholder text', () => {
    for (const d of docs) expect(d.source, d.id).not.toMatch(/\bTODO\b|lorem ipsum|TBD/i);
  });
});
