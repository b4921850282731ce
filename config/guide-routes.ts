/**
 * Each guide's route, read from the one place Docusaurus takes it from: the `slug` of the guide's
 * own front matter. Listed in sidebar order (config/routes.ts). Paths are relative to the
 * repository root, where every script and test runs: Playwright loads this module as CommonJS, so
 * it cannot locate itself with import.meta.
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {GUIDE_IDS} from './routes.ts';

type Guide = {
  /** The doc id: the file's path under docs/ without its extension. */
  readonly id: string;
  /** The page's route; folder-style topics end in a slash, single pages do not. */
  readonly route: string;
};

/** The front matter `slug` of the doc `id` under `docsDir`; a missing doc or slug fails, naming the file. */
function guideRoute(id: string, docsDir = 'docs'): string {
  const file = ['.md', '.mdx'].map((ext) => path.join(docsDir, id + ext)).find((f) => existsSync(f));
  if (!file) throw new Error(`guide routes: the sidebar names "${id}", but ${docsDir}/${id}.md(x) does not exist`);
  const block = /^---\n([\s\S]*?)\n---(?:\n|$)/.exec(readFileSync(file, 'utf8'))?.[1];
  const slug = block === undefined ? undefined : (parse(block) as Record<string, unknown> | null)?.slug;
  if (typeof slug !== 'string' || !slug.startsWith('/'))
    throw new Error(`guide routes: ${file} needs a front matter slug starting with "/" (its route), got ${slug}`);
  return slug;
}

/** Every guide of the sidebar with its route, in sidebar order. */
export function guidesOf(ids: readonly string[] = GUIDE_IDS, docsDir = 'docs'): Guide[] {
  return ids.map((id) => ({id, route: guideRoute(id, docsDir)}));
}

/** The guides of docs/, in sidebar order. */
export const GUIDES: readonly Guide[] = guidesOf();

/** Every guide route, in sidebar order. */
export const GUIDE_ROUTES: readonly string[] = GUIDES.map((guide) => guide.route);
