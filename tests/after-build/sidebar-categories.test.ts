/**
 * The sidebars' category links are the same `#` toggle on the server and in the browser
 * (packages/kestrel-theme/bundler/tabs-without-remount.ts), so a reader without JavaScript reaches
 * a category's pages only through the links inside it. That holds while every category is
 * drawn open: this test fails on any built page whose sidebar has a collapsed category.
 */
import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';

const BUILD = path.resolve(__dirname, '../../build');

function pagesUnder(dir: string): string[] {
  return readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return pagesUnder(full);
    return entry.name === 'index.html' ? [full] : [];
  });
}

const pages = pagesUnder(BUILD).map((file) => ({
  route: `/${path.relative(BUILD, path.dirname(file))}`,
  html: readFileSync(file, 'utf8'),
}));

describe('sidebar categories in the built pages', () => {
  it('are drawn on the guides and the API pages', () => {
    const withCategories = pages.filter(({html}) => html.includes('menu__list-item-collapsible'));
    expect(withCategories.map((p) => p.route)).toEqual(
      expect.arrayContaining(['/webhooks/overview', '/api/introduction']),
    );
  });

  it('are all open, so their links are in the HTML', () => {
    const collapsed = pages.filter(({html}) => html.includes('menu__list-item--collapsed')).map((p) => p.route);
    expect(collapsed).toEqual([]);
  });
});
