/**
 * One-way layering. Code that runs at build time (plugins, scripts, the sandbox, the themes'
 * bundler and html patches, the site config) and code that runs in the browser (the swizzles,
 * client modules, site components) never import each other; both may import config/, which
 * imports nothing outside itself. So a constant both sides need lives in config/, and no bundle
 * pulls in build-time code (nor a build step the browser's).
 *
 * Every .ts/.tsx/.mts/.js/.mjs/.cjs file of the repository is read; its imports, requires,
 * dynamic imports and `/// <reference path>`s are found by TypeScript's own pre-processor, and
 * relative and `@site/` ones are resolved to repository paths. Docusaurus's browser aliases
 * (`@theme/`, `@theme-original/`, `@theme-init/`, `@generated/`, and the `@docusaurus/` client
 * exports such as `@docusaurus/Link`) count as browser code.
 */
import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import {describe, expect, it} from 'vitest';

const ROOT = path.resolve(__dirname, '../..');

type Layer = 'browser' | 'build-time' | 'shared' | 'tests' | 'examples';

/** Which layer each folder (or file) is in; the longest matching entry wins. */
const LAYERS: ReadonlyArray<readonly [string, Layer]> = [
  ['config/', 'shared'],
  ['src/', 'browser'],
  ['packages/kestrel-theme/theme/', 'browser'],
  ['packages/kestrel-theme/substitutes/', 'browser'],
  ['packages/kestrel-search/theme/', 'browser'],
  ['packages/kestrel-theme/index.ts', 'build-time'],
  ['packages/kestrel-theme/ssr-template.ts', 'build-time'],
  ['packages/kestrel-theme/bundler/', 'build-time'],
  ['packages/kestrel-theme/html/', 'build-time'],
  // Reads and rewrites the drift record beside it (upstream-files.json): the drift test and `npm run upstream:record`.
  ['packages/kestrel-theme/upstream-files.mjs', 'build-time'],
  ['packages/kestrel-search/index.ts', 'build-time'],
  ['packages/kestrel-search/indexing/', 'build-time'],
  // The search's ranking: the indexer writes what it reads, the search box and Node search with it.
  ['packages/kestrel-search/engine/', 'shared'],
  ['plugins/', 'build-time'],
  // The definition model: read by the plugins, the scripts and the sandbox.
  ['definition/', 'build-time'],
  ['scripts/', 'build-time'],
  // What the benches in scripts/ measure with: budgets, statistics, a process tree's memory.
  ['bench/', 'build-time'],
  ['sandbox/', 'build-time'],
  // The MCP server: reads the build, the definition model, the search engine and the sandbox.
  ['mcp/', 'build-time'],
  // The Arazzo workflows' runner: reads the definition model; the tests run it against the sandbox.
  ['workflows/', 'build-time'],
  // The webhook conformance check: signs and delivers by the definition as the sandbox does.
  ['webhook-check/', 'build-time'],
  // The API sidebar that gen-api writes (sidebars-api.ts reads it).
  ['api/', 'build-time'],
  ['tests/', 'tests'],
  // What the test runners (scripts/test-all.mjs, playwright.config.ts), the benches and the diagram
  // renderer share with the tests: free ports, the one Chromium, Vitest's counting reporter.
  ['tests/support/', 'build-time'],
  ['examples/', 'examples'],
];
/** Files at the root: the site config, sidebars, build options and the test runners' configs. */
const ROOT_FILE_LAYER: Layer = 'build-time';

/** What each layer may import. Tests may import anything; nothing but tests imports them. */
const MAY_IMPORT: Record<Layer, readonly Layer[]> = {
  browser: ['browser', 'shared'],
  'build-time': ['build-time', 'shared'],
  shared: ['shared'],
  tests: ['browser', 'build-time', 'shared', 'tests', 'examples'],
  // Readers copy the examples: they stand alone.
  examples: ['examples'],
};

const SKIP_DIRS = new Set([
  'node_modules',
  '.git',
  '.docusaurus',
  'build',
  'build-local-sandbox',
  'reports',
  'test-results',
  'playwright-report',
]);
const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const RESOLVE_EXTENSIONS = [
  '',
  '.ts',
  '.tsx',
  '.mts',
  '.js',
  '.mjs',
  '.cjs',
  '.d.ts',
  '/index.ts',
  '/index.tsx',
  '/index.js',
];

/** `@docusaurus/X` names that Docusaurus aliases to its browser runtime (`@docusaurus/Link`, ...). */
const DOCUSAURUS_CLIENT_EXPORTS = new Set(
  readdirSync(path.join(ROOT, 'node_modules/@docusaurus/core/lib/client/exports'))
    .filter((file) => file.endsWith('.js'))
    .map((file) => `@docusaurus/${file.replace(/\.js$/, '')}`),
);
const BROWSER_ALIAS = /^@(theme|theme-original|theme-init|generated)\//;

function layerOf(file: string): Layer | undefined {
  if (!file.includes('/')) return ROOT_FILE_LAYER;
  let best: readonly [string, Layer] | undefined;
  for (const entry of LAYERS) {
    const [prefix] = entry;
    const matches = prefix.endsWith('/') ? file.startsWith(prefix) : file === prefix;
    if (matches && (!best || prefix.length > best[0].length)) best = entry;
  }
  return best?.[1];
}

function sourceFiles(dir = ROOT): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, {withFileTypes: true})) {
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) files.push(...sourceFiles(path.join(dir, entry.name)));
    } else if (SOURCE.test(entry.name)) {
      files.push(path.relative(ROOT, path.join(dir, entry.name)).split(path.sep).join('/'));
    }
  }
  return files.sort();
}

/** Every module specifier a source names: imports, exports, require(), import(), reference paths. */
function importsOf(source: string): string[] {
  const info = ts.preProcessFile(source, true, true);
  return [...info.importedFiles, ...info.referencedFiles].map((ref) => ref.fileName);
}

/** The repository path a relative or `@site/` specifier names (with its extension found), or null for a package. */
function resolveImport(from: string, specifier: string): string | null {
  let target: string;
  if (specifier.startsWith('./') || specifier.startsWith('../'))
    target = path.posix.join(path.posix.dirname(from), specifier);
  else if (specifier.startsWith('@site/')) target = specifier.slice('@site/'.length);
  else return null;
  for (const extension of RESOLVE_EXTENSIONS) {
    try {
      readFileSync(path.join(ROOT, target + extension));
      return target + extension;
    } catch {
      // not this extension
    }
  }
  return target;
}

/** The layer an import reaches, or null for a package (which any layer may use). */
function importedLayer(from: string, specifier: string): {layer: Layer | undefined; target: string} | null {
  if (BROWSER_ALIAS.test(specifier) || DOCUSAURUS_CLIENT_EXPORTS.has(specifier))
    return {layer: 'browser', target: specifier};
  const target = resolveImport(from, specifier);
  if (target === null) return null;
  return {layer: layerOf(target), target};
}

/** Each import that crosses layers, as `file (layer) -> specifier (target, layer)`. */
function crossings(file: string, source: string): string[] {
  const layer = layerOf(file);
  if (!layer) return [`${file}: in no layer (add its folder to LAYERS in tests/unit/layering.test.ts)`];
  const found: string[] = [];
  for (const specifier of importsOf(source)) {
    const imported = importedLayer(file, specifier);
    if (!imported) continue;
    if (!imported.layer) found.push(`${file} (${layer}) -> ${specifier}: ${imported.target} is in no layer`);
    else if (!MAY_IMPORT[layer].includes(imported.layer)) {
      found.push(`${file} (${layer}) -> ${specifier} (${imported.target}, ${imported.layer})`);
    }
  }
  return found;
}

describe('one-way layering', () => {
  const files = sourceFiles();

  it('finds the sources of every layer', () => {
    const count = (layer: Layer) => files.filter((file) => layerOf(file) === layer).length;
    expect(count('browser')).toBeGreaterThan(20);
    expect(count('build-time')).toBeGreaterThan(40);
    expect(count('shared')).toBeGreaterThanOrEqual(7);
    expect(files).toContain('packages/kestrel-theme/theme/MDXComponents/index.tsx');
    expect(files).toContain('docusaurus.config.ts');
    expect(files.some((file) => file.startsWith('node_modules/') || file.startsWith('build/'))).toBe(false);
  });

  it('no import crosses layers', () => {
    const found = files.flatMap((file) => crossings(file, readFileSync(path.join(ROOT, file), 'utf8')));
    expect(found).toEqual([]);
  });

  it('config/ imports nothing outside config/', () => {
    const outside = files
      .filter((file) => layerOf(file) === 'shared')
      .flatMap((file) =>
        importsOf(readFileSync(path.join(ROOT, file), 'utf8'))
          .filter((specifier) => importedLayer(file, specifier)?.layer !== 'shared')
          .filter((specifier) => importedLayer(file, specifier) !== null)
          .map((specifier) => `${file} -> ${specifier}`),
      );
    expect(outside).toEqual([]);
  });
});

describe('the layering check itself', () => {
  it('reads imports, requires, dynamic imports and reference paths', () => {
    const source = [
      '/// <reference path="./types.d.ts" />',
      "import a from './a';",
      "import type {B} from '@site/src/b';",
      "export {c} from '../c';",
      "const d = require('./d');",
      "const e = () => import('@theme/E');",
    ].join('\n');
    expect(importsOf(source).sort()).toEqual(['../c', './a', './d', './types.d.ts', '@site/src/b', '@theme/E'].sort());
  });

  it('reports build-time code importing the theme, by alias or by path, naming file and import', () => {
    expect(crossings('plugins/x.ts', "import CodeBlock from '@theme/CodeBlock';")).toEqual([
      'plugins/x.ts (build-time) -> @theme/CodeBlock (@theme/CodeBlock, browser)',
    ]);
    expect(
      crossings('plugins/x.ts', "import Link from '@docusaurus/Link';\nimport type {Plugin} from '@docusaurus/types';"),
    ).toEqual(['plugins/x.ts (build-time) -> @docusaurus/Link (@docusaurus/Link, browser)']);
    expect(
      crossings('scripts/x.mjs', "import {neverBrowser} from '../packages/kestrel-theme/substitutes/neverBrowser.ts';"),
    ).toEqual([
      'scripts/x.mjs (build-time) -> ../packages/kestrel-theme/substitutes/neverBrowser.ts (packages/kestrel-theme/substitutes/neverBrowser.ts, browser)',
    ]);
  });

  it('reports browser code importing build-time code, and config/ importing either', () => {
    expect(
      crossings(
        'src/components/X/index.tsx',
        "import {apiTerms} from '@site/packages/kestrel-search/indexing/search-api-terms';",
      ),
    ).toEqual([
      'src/components/X/index.tsx (browser) -> @site/packages/kestrel-search/indexing/search-api-terms (packages/kestrel-search/indexing/search-api-terms.ts, build-time)',
    ]);
    expect(crossings('config/x.ts', "import {brand} from '../src/components/PageActions';")).toEqual([
      'config/x.ts (shared) -> ../src/components/PageActions (src/components/PageActions/index.tsx, browser)',
    ]);
  });

  it('lets both sides import config/ and packages', () => {
    expect(
      crossings('plugins/x.ts', "import {twinPath} from '../config/twin-path';\nimport path from 'node:path';"),
    ).toEqual([]);
    expect(
      crossings(
        'packages/kestrel-theme/theme/X/index.tsx',
        "import {brand} from '@site/config/brand';\nimport React from 'react';",
      ),
    ).toEqual([]);
  });
});
