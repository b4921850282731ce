/**
 * Each release's bundled definition, for download from its changelog entry: a byte-for-byte copy of
 * `openapi/releases/<version>.json` under `static/` at `releaseDefinitionRoute(version)`, which the
 * site serves as it serves `static/openapi.json` (in a build and under `npm start`). A copy left
 * from a release no longer listed is removed.
 */
import {copyFileSync, mkdirSync, readdirSync, rmSync} from 'node:fs';
import path from 'node:path';
import {releaseDefinitionRoute} from '../../config/changelog.ts';
import {readReleases, RELEASES_DIR} from '../../definition/index.ts';

export function writeReleaseFiles(staticDir: string): string[] {
  const releases = readReleases();
  const routes = releases.map((r) => releaseDefinitionRoute(r.version));
  const dir = path.join(staticDir, path.dirname(routes[0] ?? releaseDefinitionRoute('0.0.0')));
  mkdirSync(dir, {recursive: true});
  const wanted = new Set(routes.map((route) => path.basename(route)));
  for (const name of readdirSync(dir)) if (!wanted.has(name)) rmSync(path.join(dir, name), {force: true});
  for (const release of releases) {
    const route = releaseDefinitionRoute(release.version);
    copyFileSync(path.join(RELEASES_DIR, `${release.version}.json`), path.join(staticDir, route));
  }
  return routes;
}
