/**
 * Two of the plugins that change what a theme imports without forking it check, as the site loads,
 * that the theme still has the shape they patch, and fail naming the file otherwise
 * (plugins/tabs-without-remount.ts, plugins/explorer-storage-utils.ts). The third,
 * plugins/lazy-prism.ts, fails the build when its module is missing from a bundle; what they
 * achieve is checked in the browser (tests/e2e/hydration.spec.ts) and on the build
 * (tests/after-build/bundle-contents.test.ts).
 */
import {describe, it, expect} from 'vitest';
import {existsSync} from 'node:fs';
import tabsWithoutRemount, {checkTabComponent, tabComponentFiles} from '../../plugins/tabs-without-remount';
import explorerStorageUtils from '../../plugins/explorer-storage-utils';

describe('tabs-without-remount', () => {
  it("finds the eight tab components of the installed themes, each keyed on useIsBrowser() only", () => {
    const files = tabComponentFiles();
    expect(files).toHaveLength(8);
    for (const file of files) expect(existsSync(file), file).toBe(true);
    expect(() => tabsWithoutRemount()).not.toThrow();
  });

  it('accepts a component whose only use of isBrowser is the key', () => {
    const source = 'const isBrowser = useIsBrowser(); return h(Tabs, {key: String(isBrowser), ...props});';
    expect(() => checkTabComponent('Tabs', source)).not.toThrow();
    expect(() => checkTabComponent('Tabs', 'const isBrowser = useIsBrowser(); return <Tabs key={String(isBrowser)} />;')).not.toThrow();
  });

  it('fails naming the component when isBrowser does more than key it, or nothing', () => {
    const more = 'const isBrowser = useIsBrowser(); if (isBrowser) go(); return h(Tabs, {key: String(isBrowser)});';
    expect(() => checkTabComponent('ApiTabs', more)).toThrow(/ApiTabs no longer uses useIsBrowser\(\) only as its key/);
    expect(() => checkTabComponent('MimeTabs', 'return h(Tabs, props);')).toThrow(/MimeTabs/);
  });
});

describe('explorer-storage-utils', () => {
  it("finds the persistence middleware's relative import of ./storage-utils", () => {
    expect(() => explorerStorageUtils()).not.toThrow();
  });
});
