/**
 * What the packed server reads of a site build, copied from one: every search index, llms.txt (by
 * which the server knows a build), each page's Markdown twin, the bundled definition and the
 * workflows' documents, each where the server looks for it. Of a page's HTML the server reads only
 * the elements that carry an id (read_page's `#anchor`: headings, field rows, catalogue rows), so
 * only those are kept: a twentieth of the size. Nothing else of the build (scripts, styles, images) is packed.
 */
import {copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {BUNDLED_DEFINITION} from '../../definition/index.ts';
import {INDEX_FILE} from '../../packages/kestrel-search/engine/node.ts';
import {WORKFLOWS_DIR} from '../../workflows/operations.ts';
import {anchorElements, htmlHeadings} from '../sections.ts';
import {DEFAULT_BUILD_DIR, ROOT, SiteBuild, missingBuild} from '../site-build.ts';

/** Where the server reads each kind of file, relative to the package's root (the checkout's, in a checkout). */
const BUILD_IN_PACKAGE = path.relative(ROOT, DEFAULT_BUILD_DIR);
const DEFINITION_IN_PACKAGE = path.relative(ROOT, BUNDLED_DEFINITION);
const WORKFLOWS_IN_PACKAGE = path.relative(ROOT, WORKFLOWS_DIR);

function copy(from: string, to: string): void {
  mkdirSync(path.dirname(to), {recursive: true});
  copyFileSync(from, to);
}

/** Copies what the server reads of the build in `buildDir` into the package folder `dir`. */
export function writeSiteFiles(buildDir: string, dir: string): void {
  if (missingBuild(buildDir))
    throw new Error(`no site build in ${buildDir}: run \`npm run build\` first, or name one with --build DIR.`);
  const build = path.join(dir, BUILD_IN_PACKAGE);
  for (const name of readdirSync(buildDir).filter((f) => INDEX_FILE.test(f) || f === 'llms.txt'))
    copy(path.join(buildDir, name), path.join(build, name));

  for (const [route, twin] of new SiteBuild(buildDir).pages()) {
    copy(twin, path.join(build, path.relative(buildDir, twin)));
    const page = path.join(buildDir, route, 'index.html');
    if (!existsSync(page)) continue;
    const html = readFileSync(page, 'utf8');
    const anchors = anchorElements(html).join('\n');
    // The kept elements must give read_page the very headings the whole page gives.
    if (JSON.stringify(htmlHeadings(anchors)) !== JSON.stringify(htmlHeadings(html)))
      throw new Error(`${page}: its elements with an id, read apart from the page, give other headings.`);
    mkdirSync(path.join(build, route), {recursive: true});
    writeFileSync(path.join(build, route, 'index.html'), `${anchors}\n`);
  }

  const definition = path.join(buildDir, path.basename(BUNDLED_DEFINITION));
  if (!existsSync(definition)) throw new Error(`${buildDir} has no ${path.basename(BUNDLED_DEFINITION)}.`);
  copy(definition, path.join(dir, DEFINITION_IN_PACKAGE));

  const workflows = path.join(buildDir, WORKFLOWS_IN_PACKAGE);
  const documents = existsSync(workflows) ? readdirSync(workflows).filter((f) => f.endsWith('.yaml')) : [];
  if (documents.length === 0) throw new Error(`${buildDir} has no workflow documents in ${workflows}.`);
  for (const name of documents) copy(path.join(workflows, name), path.join(dir, WORKFLOWS_IN_PACKAGE, name));
}
