/**
 * ESLint for every script in the repository, wherever it lives: the globs below name kinds of
 * folders (`theme/`, `prism/`), never where they sit, so a file moved into packages/
 * keeps its rules. `npm run lint`; `npm test` runs it after the typecheck.
 *
 * Formatting is Prettier's (.prettierrc); eslint-config-prettier, last, turns off every rule that
 * would disagree with it.
 */
import js from '@eslint/js';
import docusaurus from '@docusaurus/eslint-plugin';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import {defineConfig} from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Code that runs in the reader's browser: swizzles and the modules they import.
const BROWSER = ['src/**', '**/theme/**', '**/prism/**', '**/tabs/**'];
// Read by the build, the browser and the tests alike: no host's globals.
const SHARED = ['config/**', 'snippets/**'];
// Browser tests: Node, except the callbacks they hand to the page (`page.evaluate`), which run
// in the browser and read `document` and `window`.
const BROWSER_TESTS = ['tests/e2e/**'];

export default defineConfig(
  {
    // Output of builds and generators, and files nobody edits by hand (.gitignore lists most).
    ignores: [
      '**/node_modules/',
      'build/',
      'build-*/',
      '**/.docusaurus/',
      '.cache-loader/',
      'static/',
      'reports/',
      'test-results/',
      'playwright-report/',
      'tmp/',
      'api/sidebar.ts',
      'probe*.tmp.mjs',
    ],
  },
  {linterOptions: {reportUnusedDisableDirectives: 'error'}},
  {
    files: ['**/*.{js,cjs,mjs,jsx,ts,tsx,mts,cts}'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    rules: {
      // `{node: _node, ...props}` is how a component drops a prop before spreading the rest.
      '@typescript-eslint/no-unused-vars': ['error', {ignoreRestSiblings: true}],
    },
  },
  {files: ['**/*'], ignores: [...BROWSER, ...SHARED], languageOptions: {globals: globals.node}},
  {
    // package.json has no "type": "module": .js files are CommonJS, as are .cjs.
    files: ['**/*.{js,cjs}'],
    languageOptions: {sourceType: 'commonjs'},
    rules: {
      // require() is how a CommonJS file imports; the rule is for ES modules written with it.
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  {
    // The sandbox reads the definition through the typed model (definition/) and the bodies it
    // receives and keeps as JSON (sandbox/api-data.ts), so no `any` in it, and no comment may switch
    // the rule off.
    files: ['sandbox/**'],
    linterOptions: {noInlineConfig: true},
    rules: {'@typescript-eslint/no-explicit-any': 'error'},
  },
  {files: BROWSER, languageOptions: {globals: globals.browser}},
  {files: BROWSER_TESTS, languageOptions: {globals: {...globals.node, ...globals.browser}}},
  {
    files: ['**/*.{jsx,tsx}', ...BROWSER],
    extends: [reactHooks.configs.flat.recommended],
  },
  {
    files: ['**/*.{jsx,tsx}', ...BROWSER],
    // The plugin's own types give its rules and severities as plain strings.
    plugins: {'@docusaurus': /** @type {import('eslint').ESLint.Plugin} */ (docusaurus)},
    rules: /** @type {import('eslint').Linter.RulesRecord} */ (docusaurus.configs.recommended.rules),
  },
  prettier,
);
