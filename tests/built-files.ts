/** What the tests read of a build: its files, and the routes its sitemap publishes. */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';

/** Every file of the build (or of `dir`) whose name ends with `extension`, as paths under `dir`. */
export function builtFiles(extension: string, dir = 'build'): string[] {
  return readdirSync(dir, {recursive: true, encoding: 'utf8'})
    .filter((file) => file.endsWith(extension))
    .map((file) => path.join(dir, file));
}

/** The path of every page the build's sitemap lists, in its order (`/`, `/api/issue-invoice`, ...). */
export function sitemapRoutes(dir = 'build'): string[] {
  const sitemap = readFileSync(path.join(dir, 'sitemap.xml'), 'utf8');
  return [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
}
