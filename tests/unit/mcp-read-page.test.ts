/**
 * read_page reads inside the build folder only: a route that climbs out with `..` to a sibling
 * folder whose name starts with the build folder's name (`build-evil` beside `build`), or a link in
 * the build that points outside it, reads nothing.
 */
import {mkdirSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterAll, expect, test} from 'vitest';
import {readPage} from '../../mcp/read-page';
import {SiteBuild} from '../../mcp/site-build';
import {smallBuild} from './mcp-tools-client';

const build = smallBuild();
const evil = `${build.dir}-evil`;
mkdirSync(evil);
writeFileSync(path.join(evil, 'secret.md'), 'SECRET beside the build\n');
mkdirSync(path.join(evil, 'secret'));
writeFileSync(path.join(evil, 'secret', 'index.html'), '<h1 id="secret">SECRET</h1>');
symlinkSync(path.join(evil, 'secret.md'), path.join(build.dir, 'linked.md'));
afterAll(() => build.remove());

test('reads a page of the build', () => {
  const page = readPage(new SiteBuild(build.dir), '/guide');
  expect(page).toMatchObject({ok: true, route: '/guide', text: '# A guide\n\nThe text of the guide.\n'});
});

test('a sibling folder sharing the build folder name’s start is not readable', () => {
  const site = new SiteBuild(build.dir);
  for (const route of ['/../build-evil/secret', '../build-evil/secret.md', '/guide/../../build-evil/secret']) {
    const page = readPage(site, route);
    expect(page.ok, route).toBe(false);
    expect(JSON.stringify(page)).not.toContain('SECRET');
  }
  expect(site.twinFile('/../build-evil/secret')).toBeUndefined();
  expect(site.html('/../build-evil/secret')).toBeUndefined();
});

test('a link inside the build to a file outside it is not readable', () => {
  const site = new SiteBuild(build.dir);
  const page = readPage(site, '/linked');
  expect(page.ok).toBe(false);
  expect(JSON.stringify(page)).not.toContain('SECRET');
  expect(site.pages().has('/linked')).toBe(false);
});
