/**
 * One-way layering, by role:
 *
 * - product: what the site is and serves, run at build time or as our commands' servers: the
 *   plugins, the definition model, the sandbox, the MCP server, the workflows' runner, the webhook
 *   check, the theme packages' build-time parts, the site config and sidebars;
 * - browser: what runs in the reader's browser (the site's components and swizzles, the themes'
 *   components, client modules);
 * - shared: what both need, importing nothing outside itself (config/, the snippet engine, the
 *   search's ranking);
 * - tooling: what builds, measures and tests the product without being part of it (scripts/,
 *   the benches' libraries in bench/, tooling/ for what the commands and test runners share, the
 *   test runners' configs);
 * - tests, which may import anything, and examples, which readers copy and which stand alone.
 *
 * Product code never imports tooling, so nothing a reader runs or the site ships depends on how we
 * test or measure it; nothing imports a file of scripts/, which holds commands only (their argument
 * parsing and printing), so what a command and its importers share lives in tooling/; product and browser code never import each other, so no bundle pulls in
 * build-time code; and the theme packages, which change Docusaurus, never import the site's own
 * components (the site places those with its own swizzles in src/theme/).
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

type Layer = 'browser' | 'shared' | 'product' | 'tooling' | 'tests' | 'examples';

/** Which layer each folder (or file) is in; the longest matching entry wins. */
const LAYERS: ReadonlyArray<readonly [string, Layer]> = [
  ['config/', 'shared'],
  // The snippet engine: the build writes the reference samples and the walkthroughs' with it, the Try-it explorer its curl copy.
  ['snippets/', 'shared'],
  ['src/', 'browser'],
  ['packages/kestrel-theme/theme/', 'browser'],
  ['packages/kestrel-theme/substitutes/', 'browser'],
  ['packages/kestrel-search/theme/', 'browser'],
  ['packages/kestrel-theme/index.ts', 'product'],
  ['packages/kestrel-theme/ssr-template.ts', 'product'],
  ['packages/kestrel-theme/bundler/', 'product'],
  ['packages/kestrel-theme/html/', 'product'],
  // Reads and rewrites the drift record beside it (upstream-files.json): the drift test and `npm run upstream:record`.
  ['packages/kestrel-theme/upstream-files.mjs', 'tooling'],
  ['packages/kestrel-search/index.ts', 'product'],
  ['packages/kestrel-search/indexing/', 'product'],
  // The search's ranking: the indexer writes what it reads, the search box and Node search with it.
  ['packages/kestrel-search/engine/', 'shared'],
  ['plugins/', 'product'],
  // The definition model: read by the plugins, the sandbox, the MCP server and the commands.
  ['definition/', 'product'],
  ['sandbox/', 'product'],
  // The MCP server: reads the build, the definition model, the search engine and the sandbox.
  ['mcp/', 'product'],
  // The Arazzo workflows' runner: reads the definition model; the tests run it against the sandbox.
  ['workflows/', 'product'],
  // The webhook conformance check: signs and delivers by the definition as the sandbox does.
  ['webhook-check/', 'product'],
  // The API sidebar that gen-api writes (sidebars-api.ts reads it).
  ['api/', 'product'],
  // Commands: npm scripts, benches, release tools.
  ['scripts/', 'tooling'],
  // What the benches in scripts/ measure with: budgets, statistics, a process tree's memory.
  ['bench/', 'tooling'],
  // What the commands, the benches and the test runners share: free ports, the one Chromium,
  // Vitest's counting reporter, the analytics stand-in.
  ['tooling/', 'tooling'],
  ['tests/', 'tests'],
  ['examples/', 'examples'],
];
/** Files at the root: the site's config and sidebars are the product; the rest configure tooling. */
const PRODUCT_ROOT_FILES = new Set([
  'docusaurus.config.ts',
  'sidebars.ts',
  'sidebars-api.ts',
  'site-options.ts',
  'link-checks.ts',
]);

/** What each layer may import. Tests may import anything; nothing but tests imports them. */
const MAY_IMPORT: Record<Layer, readonly Layer[]> = {
  browser: ['browser', 'shared'],
  shared: ['shared'],
  product: ['product', 'shared'],
  tooling: ['tooling', 'product', 'shared'],
  tests: ['browser', 'shared', 'product', 'tooling', 'tests', 'examples'],
  // Readers copy the examples: they stand alone.
  examples: ['examples'],
};

/** What every importer, tests included, is refused: [imported folder, why]. */
const REFUSED_TO_ALL: ReadonlyArray<readonly [string, string]> = [
  ['scripts/', 'scripts/ holds commands, not libraries; import what they share from tooling/'],
];

/** Imports a layer allows that are still refused: [importer folder, imported folder, why]. */
const REFUSED: ReadonlyArray<readonly [string, string, string]> = [
  ['packages/', 'src/', 'a theme package changes Docusaurus; the site places its own components (src/theme/)'],
  [
    'packages/',
    'definition/',
    'a theme package knows no API definition; the site gives it what it needs as an option (apiTerms)',
  ],
];

const SKIP_DIRS = new Set([
  'node_modules',
  '.git',
  '.docusaurus',
  'build',
  'build-local-sandbox',
  // What the site serves as files (the definition, the API's types for download): not sources.
  'static',
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
  if (!file.includes('/')) return PRODUCT_ROOT_FILES.has(file) ? 'product' : 'tooling';
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
    const refusedToAll = REFUSED_TO_ALL.find(([to]) => imported.target.startsWith(to));
    if (refusedToAll) found.push(`${file} -> ${specifier} (${imported.target}): ${refusedToAll[1]}`);
    else if (!imported.layer) found.push(`${file} (${layer}) -> ${specifier}: ${imported.target} is in no layer`);
    else if (!MAY_IMPORT[layer].includes(imported.layer)) {
      found.push(`${file} (${layer}) -> ${specifier} (${imported.target}, ${imported.layer})`);
    } else {
      const refused = REFUSED.find(([from, to]) => file.startsWith(from) && imported.target.startsWith(to));
      if (refused) found.push(`${file} -> ${specifier} (${imported.target}): ${refused[2]}`);
    }
  }
  return found;
}

describe('one-way layering', () => {
  const files = sourceFiles();

  it('finds the sources of every layer', () => {
    const count = (layer: Layer) => files.filter((file) => layerOf(file) === layer).length;
    expect(count('browser')).toBeGreaterThan(20);
    expect(count('product')).toBeGreaterThan(40);
    expect(count('tooling')).toBeGreaterThan(20);
    expect(count('shared')).toBeGreaterThanOrEqual(7);
    expect(files).toContain('packages/kestrel-theme/theme/CodeBlock/index.tsx');
    expect(files).toContain('docusaurus.config.ts');
    expect(files.some((file) => file.startsWith('node_modules/') || file.startsWith('build/'))).toBe(false);
  });

  it('no import crosses layers', () => {
    const found = files.flatMap((file) => crossings(file, readFileSync(path.join(ROOT, file), 'utf8')));
    expect(found).toEqual([]);
  });

  // The definition model's one door: code outside it (the tests aside, which may test a part)
  // imports definition/index.ts, so what the model keeps to itself can change without a reader.
  it('code outside definition/ imports it through definition/index.ts alone', () => {
    const pastTheEntry = files
      .filter((file) => !file.startsWith('definition/') && layerOf(file) !== 'tests')
      .flatMap((file) =>
        importsOf(readFileSync(path.join(ROOT, file), 'utf8'))
          .map((specifier) => ({specifier, target: resolveImport(file, specifier)}))
          .filter(({target}) => target?.startsWith('definition/') && target !== 'definition/index.ts')
          .map(({specifier}) => `${file} -> ${specifier}`),
      );
    expect(pastTheEntry).toEqual([]);
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

  it('reports product and tooling code importing the theme, by alias or by path, naming file and import', () => {
    expect(crossings('plugins/x.ts', "import CodeBlock from '@theme/CodeBlock';")).toEqual([
      'plugins/x.ts (product) -> @theme/CodeBlock (@theme/CodeBlock, browser)',
    ]);
    expect(
      crossings('plugins/x.ts', "import Link from '@docusaurus/Link';\nimport type {Plugin} from '@docusaurus/types';"),
    ).toEqual(['plugins/x.ts (product) -> @docusaurus/Link (@docusaurus/Link, browser)']);
    expect(
      crossings('scripts/x.mjs', "import {neverBrowser} from '../packages/kestrel-theme/substitutes/neverBrowser.ts';"),
    ).toEqual([
      'scripts/x.mjs (tooling) -> ../packages/kestrel-theme/substitutes/neverBrowser.ts (packages/kestrel-theme/substitutes/neverBrowser.ts, browser)',
    ]);
  });

  it('reports browser code importing product code, and config/ importing either', () => {
    expect(
      crossings(
        'src/components/X/index.tsx',
        "import {apiTerms} from '@site/packages/kestrel-search/indexing/search-api-terms';",
      ),
    ).toEqual([
      'src/components/X/index.tsx (browser) -> @site/packages/kestrel-search/indexing/search-api-terms (packages/kestrel-search/indexing/search-api-terms.ts, product)',
    ]);
    expect(crossings('config/x.ts', "import {brand} from '../src/components/PageActions';")).toEqual([
      'config/x.ts (shared) -> ../src/components/PageActions (src/components/PageActions/index.tsx, browser)',
    ]);
  });

  it('reports product code importing tooling, and a theme package importing the site or the definition', () => {
    expect(crossings('sandbox/x.ts', "import {freePort} from '../tooling/ports.mjs';")).toEqual([
      'sandbox/x.ts (product) -> ../tooling/ports.mjs (tooling/ports.mjs, tooling)',
    ]);
    expect(crossings('docusaurus.config.ts', "import {CHROMIUM_PATH} from './tooling/chromium.mjs';")).toEqual([
      'docusaurus.config.ts (product) -> ./tooling/chromium.mjs (tooling/chromium.mjs, tooling)',
    ]);
    expect(
      crossings(
        'packages/kestrel-theme/theme/X/index.tsx',
        "import PageActions from '@site/src/components/PageActions';",
      ),
    ).toEqual([
      'packages/kestrel-theme/theme/X/index.tsx -> @site/src/components/PageActions (src/components/PageActions/index.tsx): ' +
        'a theme package changes Docusaurus; the site places its own components (src/theme/)',
    ]);
    expect(
      crossings(
        'packages/kestrel-search/indexing/x.ts',
        "import {buildDefinition} from '../../../definition/index.ts';",
      ),
    ).toEqual([
      'packages/kestrel-search/indexing/x.ts -> ../../../definition/index.ts (definition/index.ts): ' +
        'a theme package knows no API definition; the site gives it what it needs as an option (apiTerms)',
    ]);
    // The other way is the point of tooling: a command may run the product.
    expect(crossings('scripts/x.mjs', "import {startSandbox} from '../sandbox/start.ts';")).toEqual([]);
  });

  it('reports any import of a file of scripts/, from a command, the benches or a test, naming file and import', () => {
    const why = 'scripts/ holds commands, not libraries; import what they share from tooling/';
    expect(crossings('scripts/bench.mjs', "import {withServedBuild} from './page-weight.mjs';")).toEqual([
      `scripts/bench.mjs -> ./page-weight.mjs (scripts/page-weight.mjs): ${why}`,
    ]);
    expect(crossings('bench/x.mjs', "const {sandboxBench} = await import('../scripts/bench-sandbox.mjs');")).toEqual([
      `bench/x.mjs -> ../scripts/bench-sandbox.mjs (scripts/bench-sandbox.mjs): ${why}`,
    ]);
    expect(crossings('tests/unit/x.test.ts', "import {createServer} from '../../scripts/serve-build.mjs';")).toEqual([
      `tests/unit/x.test.ts -> ../../scripts/serve-build.mjs (scripts/serve-build.mjs): ${why}`,
    ]);
    expect(crossings('playwright.config.ts', "import {lighthouseScores} from './scripts/lighthouse.mjs';")).toEqual([
      `playwright.config.ts -> ./scripts/lighthouse.mjs (scripts/lighthouse.mjs): ${why}`,
    ]);
    // The libraries the commands share are tooling, which tests and commands may import.
    expect(crossings('scripts/bench.mjs', "import {withServedBuild} from '../tooling/page-weight.mjs';")).toEqual([]);
    expect(crossings('tests/unit/x.test.ts', "import {createServer} from '../../tooling/serve-build.mjs';")).toEqual(
      [],
    );
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
