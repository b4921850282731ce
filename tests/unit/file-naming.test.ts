/**
 * One file-naming convention per folder (README.md, "File names", lists them). Every file of the
 * repository that git tracks or would track (generated output is ignored) is checked against the
 * rule of its folder; a folder with no rule fails too, so a new folder gets one.
 */
import {execFileSync} from 'node:child_process';
import {existsSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';

const ROOT = path.resolve(__dirname, '../..');

/** A stem and lowercase extensions, if any: `search-local.ts`, `docusaurus.config.ts`, `node-bin`. */
const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+)*$/;
const SNAKE = /^[a-z0-9]+(_[a-z0-9]+)*(\.[a-z0-9]+)*$/;
const PASCAL = /^[A-Z][a-zA-Z0-9]*$/;
const CAMEL = /^[a-z][a-zA-Z0-9]*$/;
/** Documents about their folder, named in capitals as tools and readers expect: README.md, UPSTREAM.md. */
const CAPITALS_DOC = /^[A-Z]+\.md$/;

/** The themes whose components ours replace, by the same relative path (`@theme/...`). */
const UPSTREAM_THEMES = ['@docusaurus/theme-classic/lib/theme'].map((dir) => path.join(ROOT, 'node_modules', dir));
const upstreamHas = (themeRelative: string) =>
  UPSTREAM_THEMES.some((dir) => existsSync(path.join(dir, themeRelative.replace(/\.(tsx?|jsx?)$/, '.js'))));

type Rule = {name: string; check: (file: string, relative: string) => boolean};

const kebab: Rule = {name: 'kebab-case (lowercase words joined by hyphens)', check: (file) => KEBAB.test(file)};
const snake: Rule = {name: 'snake_case (the language convention of Python and Go)', check: (file) => SNAKE.test(file)};

/**
 * React modules: components PascalCase.tsx, other modules camelCase.ts, a folder's entry index.ts(x);
 * styles.module.css, or styles.css where the rules style a library's own class names (a CSS module
 * would rename them).
 */
function reactModule(file: string): boolean {
  if (/^index\.tsx?$/.test(file) || file === 'styles.module.css' || file === 'styles.css') return true;
  const tsx = /^(.+)\.tsx$/.exec(file);
  if (tsx) return PASCAL.test(tsx[1]!);
  const ts = /^(.+?)(\.d)?\.ts$/.exec(file);
  return Boolean(ts && CAMEL.test(ts[1]!));
}

/**
 * Swizzles: folders PascalCase, as Docusaurus names components (CodeBlock/Content); files as React
 * modules, or the name of the upstream theme module they replace (prism-include-languages.ts).
 */
const swizzles: Rule = {
  name: "PascalCase component folders; index.tsx, styles.module.css or styles.css, PascalCase.tsx components, camelCase.ts modules, or the replaced upstream module's name",
  check: (file, relative) => {
    const folders = path.posix
      .dirname(relative)
      .split('/')
      .filter((part) => part !== '.');
    return folders.every((folder) => PASCAL.test(folder)) && (reactModule(file) || upstreamHas(relative));
  },
};
const browserModules: Rule = {
  name: 'React modules: PascalCase.tsx components, camelCase.ts modules, index.ts',
  check: (file, relative) => !relative.includes('/') && reactModule(file),
};

/** Folder (with its subfolders unless another entry is longer) -> rule. `''` is the repository root. */
const CONVENTIONS: ReadonlyArray<readonly [string, Rule]> = [
  ['', kebab],
  ['.ci', kebab],
  ['api', kebab],
  ['bench', kebab],
  ['config', kebab],
  ['definition', kebab],
  ['docs', kebab],
  ['examples', kebab],
  ['examples/walkthroughs/python', snake],
  ['examples/webhooks/python', snake],
  ['examples/webhooks/go', snake],
  ['mcp', kebab],
  ['packages/kestrel-theme', kebab],
  ['packages/kestrel-theme/theme', swizzles],
  ['src/theme', swizzles],
  ['packages/kestrel-theme/substitutes', browserModules],
  ['packages/kestrel-search', kebab],
  ['packages/kestrel-search/theme', swizzles],
  ['plugins', kebab],
  ['sandbox', kebab],
  ['snippets', kebab],
  ['scripts', kebab],
  ['src/components', swizzles],
  ['src/css', kebab],
  ['src/types', kebab],
  ['static', kebab],
  ['tests', kebab],
  ['tooling', kebab],
  ['workflows', kebab],
  ['webhook-check', kebab],
];
/** Named by others: the definition's split files carry its schema names and URL paths. */
const NOT_CHECKED = ['openapi'];

const within = (file: string, folder: string) => folder === '' || file.startsWith(`${folder}/`);

/** The rule of the file's folder: the longest folder entry it is in; the root's only for files at the root. */
function conventionOf(file: string): readonly [string, Rule] | undefined {
  const matching = CONVENTIONS.filter(([folder]) => (folder === '' ? !file.includes('/') : within(file, folder)));
  return matching.sort((a, b) => b[0].length - a[0].length)[0];
}

/** `file: rule` for each file that breaks its folder's rule, or has no rule. */
function misnamed(files: readonly string[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    if (NOT_CHECKED.some((folder) => within(file, folder))) continue;
    const name = path.posix.basename(file);
    // Dotfiles are named by the tools that read them (.gitignore, .nvmrc).
    if (name.startsWith('.') || CAPITALS_DOC.test(name)) continue;
    const convention = conventionOf(file);
    if (!convention) {
      found.push(`${file}: its folder has no naming rule (add one to CONVENTIONS in tests/unit/file-naming.test.ts)`);
      continue;
    }
    const [folder, rule] = convention;
    const relative = folder === '' ? file : file.slice(folder.length + 1);
    if (!rule.check(name, relative)) found.push(`${file}: ${folder || 'root'}/ uses ${rule.name}`);
  }
  return found;
}

function repositoryFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  // Deleted but not yet staged files are still listed by --cached.
  return out.split('\0').filter((file) => file !== '' && existsSync(path.join(ROOT, file)));
}

describe('file names', () => {
  const files = repositoryFiles();

  it('reads the repository', () => {
    expect(files).toContain('packages/kestrel-theme/theme/CodeBlock/index.tsx');
    expect(files).toContain('plugins/llms-txt/index.ts');
    expect(files.length).toBeGreaterThan(500);
  });

  it('follow the convention of their folder', () => {
    expect(misnamed(files)).toEqual([]);
  });
});

describe('the naming check itself', () => {
  it('names the file and the rule it breaks', () => {
    expect(misnamed(['plugins/searchLocal.ts', 'scripts/Bench.mjs', 'config/brand.ts'])).toEqual([
      'plugins/searchLocal.ts: plugins/ uses kebab-case (lowercase words joined by hyphens)',
      'scripts/Bench.mjs: scripts/ uses kebab-case (lowercase words joined by hyphens)',
    ]);
    expect(misnamed(['examples/webhooks/python/verify-signature.py'])).toEqual([
      'examples/webhooks/python/verify-signature.py: examples/webhooks/python/ uses snake_case (the language convention of Python and Go)',
    ]);
  });

  it('holds swizzles to PascalCase folders and React module names, save upstream names', () => {
    const theme = 'packages/kestrel-theme/theme';
    expect(
      misnamed([
        `${theme}/CodeBlock/Content/index.tsx`,
        `${theme}/prism-include-languages.ts`,
        `${theme}/CodeBlock/Content/plainText.ts`,
      ]),
    ).toEqual([]);
    expect(
      misnamed([`${theme}/code-block/index.tsx`, `${theme}/CodeBlock/plain-text.ts`, `${theme}/CodeBlock/inline.tsx`]),
    ).toEqual([
      `${theme}/code-block/index.tsx: ${theme}/ uses ${swizzles.name}`,
      `${theme}/CodeBlock/plain-text.ts: ${theme}/ uses ${swizzles.name}`,
      `${theme}/CodeBlock/inline.tsx: ${theme}/ uses ${swizzles.name}`,
    ]);
  });

  it('fails a file in a folder with no rule', () => {
    expect(misnamed(['newfolder/thing.ts'])).toEqual([
      'newfolder/thing.ts: its folder has no naming rule (add one to CONVENTIONS in tests/unit/file-naming.test.ts)',
    ]);
  });
});
