/**
 * How our two local themes' components resolve, by the rule Docusaurus documents for swizzled
 * components: `@theme/X` is the last theme's X (ours come last in `themes:`), `@theme-init/X` the
 * first theme's (theme-classic, from the preset).
 *
 * A wrapper inside a theme plugin cannot use `@theme-original/X`: that names the last theme's X,
 * the wrapper itself. It uses `@theme-init/X`, which names the FIRST theme that provided X: right
 * only while exactly one theme before ours provides X. If an update makes a second theme provide
 * it, `@theme-init/X` silently skips that one; this test fails instead, naming the component.
 */
import {readFileSync, readdirSync, existsSync} from 'node:fs';
import path from 'node:path';
import {createRequire} from 'node:module';
import ts from 'typescript';
import {describe, expect, it} from 'vitest';

const require = createRequire(import.meta.url);

const ROOT = path.resolve(__dirname, '../..');
const OUR_THEMES = ['packages/kestrel-search/theme', 'packages/kestrel-theme/theme'].map((dir) => path.join(ROOT, dir));
const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`));
/** The themes before ours, in load order: the preset's classic, then `themes:` up to ours. */
const UPSTREAM_THEMES = [path.join(packageDir('@docusaurus/theme-classic'), 'lib/theme')];

function files(dir: string): string[] {
  return readdirSync(dir, {withFileTypes: true, recursive: true})
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** `@theme-init/...` and `@theme-original/...` specifiers of each of our theme files. */
function wrapperImports(prefix: '@theme-init/' | '@theme-original/'): {file: string; component: string}[] {
  return OUR_THEMES.flatMap(files).flatMap((file) =>
    ts
      .preProcessFile(readFileSync(file, 'utf8'), true, true)
      .importedFiles.filter((ref) => ref.fileName.startsWith(prefix))
      .map((ref) => ({file: path.relative(ROOT, file), component: ref.fileName.slice(prefix.length)})),
  );
}

/** The theme folders (upstream and ours) that hold component `name`, in load order. */
const providersOf = (name: string, themes: readonly string[]) =>
  themes.filter((dir) =>
    ['.js', '/index.js', '.tsx', '/index.tsx'].some((end) => existsSync(path.join(dir, name + end))),
  );

describe('the local themes in docusaurus.config.ts', () => {
  it('come last in `themes:`, search before the Kestrel theme', () => {
    // The config's source (importing it here would load every plugin): each entry's first word.
    const source = readFileSync(path.join(ROOT, 'docusaurus.config.ts'), 'utf8');
    const block = /\n {2}themes: \[\n([^]*?)\n {2}\],\n/.exec(source)?.[1] ?? '';
    const themes = block
      .split('\n')
      .map((line) => /^ {4}\[?'?([\w-]+)/.exec(line)?.[1])
      .filter(Boolean);
    expect(themes).toEqual(['kestrelSearch', 'kestrelTheme']);
  });

  it('give @theme/ components from their theme folders (the last theme that has one)', () => {
    const last = (name: string) => providersOf(name, [...UPSTREAM_THEMES, ...OUR_THEMES]).at(-1);
    expect(last('AnnouncementBar')).toBe(path.join(ROOT, 'packages/kestrel-theme/theme'));
    expect(last('NotFound/Content')).toBe(path.join(ROOT, 'packages/kestrel-theme/theme'));
    expect(last('SearchBar')).toBe(path.join(ROOT, 'packages/kestrel-search/theme'));
  });
});

describe('the wrappers of upstream components', () => {
  it('never import @theme-original/ (it would be themselves)', () => {
    expect(wrapperImports('@theme-original/')).toEqual([]);
  });

  it('reach, through @theme-init/, the one upstream theme that provides each component', () => {
    const wrapped = wrapperImports('@theme-init/');
    expect(wrapped.map((w) => w.component).sort()).toEqual(['AnnouncementBar', 'CodeBlock'].sort());
    const problems: string[] = [];
    for (const {file, component} of wrapped) {
      const providers = providersOf(component, UPSTREAM_THEMES);
      if (providers.length !== 1)
        problems.push(
          `${file}: ${component} is provided by ${providers.length} themes before ours (${providers.join(', ')})`,
        );
      const ownTheme = OUR_THEMES.find((dir) => path.join(ROOT, file).startsWith(dir + path.sep));
      if (providersOf(component, OUR_THEMES).at(-1) !== ownTheme)
        problems.push(`${file}: @theme/${component} is not ours`);
    }
    expect(problems).toEqual([]);
  });
});

describe("the site's own swizzles (src/theme/)", () => {
  const SITE_THEME = path.join(ROOT, 'src/theme');
  const siteImports = (prefix: string) =>
    files(SITE_THEME).flatMap((file) =>
      ts
        .preProcessFile(readFileSync(file, 'utf8'), true, true)
        .importedFiles.filter((ref) => ref.fileName.startsWith(prefix))
        .map((ref) => ({file: path.relative(ROOT, file), component: ref.fileName.slice(prefix.length)})),
    );

  it("wrap, through @theme-original/, a component some theme provides (in the site it names the last theme's)", () => {
    expect(siteImports('@theme-init/')).toEqual([]);
    const wrapped = siteImports('@theme-original/');
    expect(wrapped.map((w) => w.component).sort()).toEqual(['DocItem/Content', 'MDXComponents']);
    for (const {file, component} of wrapped)
      expect(providersOf(component, [...UPSTREAM_THEMES, ...OUR_THEMES]), `${file} wraps ${component}`).not.toEqual([]);
  });
});
