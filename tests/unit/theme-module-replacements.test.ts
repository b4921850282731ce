/**
 * The plugins that change what a theme imports without forking it check, as the site loads, that
 * the theme still has the shape they patch, and fail naming the file otherwise
 * (packages/kestrel-theme/bundler/tabs-without-remount.ts, prism-on-demand.ts); what they achieve is checked in the
 * browser (tests/e2e/hydration.spec.ts) and on the build (tests/after-build/bundle-contents.test.ts).
 */
import {describe, it, expect} from 'vitest';
import {existsSync} from 'node:fs';
import tabsWithoutRemount, {
  checkDetails,
  checkSidebarCategory,
  checkTabComponent,
  detailsFile,
  sidebarCategoryFile,
  tabComponentFiles,
} from '../../packages/kestrel-theme/bundler/tabs-without-remount';
import prismOnDemand, {
  checkPrismClientModule,
  prismClientModuleFile,
} from '../../packages/kestrel-theme/bundler/prism-on-demand';

describe('tabs-without-remount', () => {
  it("finds the classic theme's tab component, keyed on useIsBrowser() only", () => {
    const files = tabComponentFiles();
    expect(files).toHaveLength(1);
    for (const file of files) expect(existsSync(file), file).toBe(true);
    expect(() => tabsWithoutRemount()).not.toThrow();
  });

  it('accepts a component whose only use of isBrowser is the key', () => {
    const source = 'const isBrowser = useIsBrowser(); return h(Tabs, {key: String(isBrowser), ...props});';
    expect(() => checkTabComponent('Tabs', source)).not.toThrow();
    expect(() =>
      checkTabComponent('Tabs', 'const isBrowser = useIsBrowser(); return <Tabs key={String(isBrowser)} />;'),
    ).not.toThrow();
  });

  it('fails naming the component when isBrowser does more than key it, or nothing', () => {
    const more = 'const isBrowser = useIsBrowser(); if (isBrowser) go(); return h(Tabs, {key: String(isBrowser)});';
    expect(() => checkTabComponent('ApiTabs', more)).toThrow(/ApiTabs no longer uses useIsBrowser\(\) only as its key/);
    expect(() => checkTabComponent('MimeTabs', 'return h(Tabs, props);')).toThrow(/MimeTabs/);
  });
});

describe('tabs-without-remount: the docs sidebar category', () => {
  it('finds the installed category component, using useIsBrowser() only for its first-page fallback link', () => {
    expect(existsSync(sidebarCategoryFile())).toBe(true);
  });

  it('fails naming the component when isBrowser does anything else', () => {
    const fallback =
      'const isBrowser = useIsBrowser();\nif (isBrowser || !item.collapsible) {\n  return undefined;\n}\nreturn findFirstSidebarItemLink(item);\n}, [item, isBrowser]);';
    expect(() => checkSidebarCategory(fallback)).not.toThrow();
    expect(() => checkSidebarCategory(`${fallback}\nif (isBrowser) expand();`)).toThrow(
      /DocSidebarItem\/Category\/index\.js no longer uses useIsBrowser\(\) only for its first-page fallback link/,
    );
    expect(() => checkSidebarCategory('return findFirstSidebarItemLink(item);')).toThrow(/DocSidebarItem\/Category/);
  });
});

describe("tabs-without-remount: theme-common's Details", () => {
  it('finds the installed Details, using useIsBrowser() only for its class', () => {
    expect(existsSync(detailsFile())).toBe(true);
  });

  it('fails naming the component when isBrowser does anything else', () => {
    const classOnly =
      'const isBrowser = useIsBrowser();\nclassName={clsx(styles.details, isBrowser && styles.isBrowser, props.className)}';
    expect(() => checkDetails(classOnly)).not.toThrow();
    expect(() => checkDetails(`${classOnly}\n{isBrowser && <Button />}`)).toThrow(
      /theme-common\/Details no longer uses useIsBrowser\(\) only for its class/,
    );
    expect(() => checkDetails('className={clsx(styles.details, props.className)}')).toThrow(/Details/);
  });
});

describe("prism-on-demand: theme-classic's Prism client module", () => {
  it('finds the installed client module doing only the language registration', () => {
    expect(existsSync(prismClientModuleFile())).toBe(true);
    expect(() => prismOnDemand()).not.toThrow();
  });

  it('accepts the registration, with or without comments and semicolons', () => {
    const source = [
      '/** Copyright */',
      "import { Prism } from 'prism-react-renderer';",
      "import prismIncludeLanguages from '@theme/prism-include-languages';",
      '// register',
      'prismIncludeLanguages(Prism)',
    ].join('\n');
    expect(() => checkPrismClientModule(source)).not.toThrow();
  });

  it('fails naming the client module when it does anything more', () => {
    const more = [
      "import { Prism } from 'prism-react-renderer';",
      "import prismIncludeLanguages from '@theme/prism-include-languages';",
      'prismIncludeLanguages(Prism);',
      'window.Prism = Prism;',
    ].join('\n');
    expect(() => checkPrismClientModule(more)).toThrow(/prism-include-languages\.js no longer only registers/);
    expect(() => checkPrismClientModule('')).toThrow(/prism-on-demand/);
  });
});
