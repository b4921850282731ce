/**
 * packages/kestrel-theme/theme/Navbar/MobileSidebar reads `useNavbarMobileSidebar`, an internal of
 * @docusaurus/theme-common, for `shouldRender` (the page is on a phone-sized window) and `shown`
 * (the reader opened the drawer). If an update renames the export or those two fields, the wrapper
 * would never draw the drawer: this test fails first, naming what changed.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';

const ROOT = path.resolve(__dirname, '../..');
// The installed packages' folders (theme-common's `exports` do not list its package.json).
const themeCommon = path.join(ROOT, 'node_modules/@docusaurus/theme-common');
const classic = path.join(ROOT, 'node_modules/@docusaurus/theme-classic');
const read = (dir: string, file: string) => readFileSync(path.join(dir, file), 'utf8');

describe('the theme internals the mobile drawer wrapper reads', () => {
  it('theme-common exports useNavbarMobileSidebar from its internal entry', () => {
    expect(read(themeCommon, 'lib/internal.js')).toMatch(
      /export \{[^}]*\buseNavbarMobileSidebar\b[^}]*\} from '\.\/contexts\/navbarMobileSidebar'/,
    );
  });

  it('the hook returns shouldRender and shown', () => {
    const hook = read(themeCommon, 'lib/contexts/navbarMobileSidebar.js');
    expect(hook).toMatch(/useMemo\(\(\) => \(\{[^}]*\bshouldRender\b[^}]*\bshown\b[^}]*\}\)/);
  });

  it("theme-classic's drawer draws nothing unless shouldRender, as the wrapper assumes", () => {
    const drawer = read(classic, 'lib/theme/Navbar/MobileSidebar/index.js');
    expect(drawer).toContain('if (!mobileSidebar.shouldRender) {');
    expect(drawer).toContain('return null;');
  });
});
