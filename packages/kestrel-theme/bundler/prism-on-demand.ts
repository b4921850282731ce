/**
 * Keeps Prism out of every page's start-up.
 *
 * theme-classic registers a client module (lib/prism-include-languages.js) that imports
 * prism-react-renderer's Prism and adds `themeConfig.prism.additionalLanguages` to it. Client
 * modules are evaluated before the page hydrates, so every page built Prism's grammars (on `/`,
 * with the CPU throttled four times, 174 ms of a 326 ms task, the longest of start-up) although no
 * page draws a code block in the browser at first: guides and operation pages are highlighted at
 * build time, and only the explorer, once opened, draws its request and answer with the theme's
 * CodeBlock. That client module is replaced by an empty one; the explorer registers the languages
 * itself (src/components/TryIt/prismLanguages.ts), and the CodeBlock wrapper
 * (packages/kestrel-theme/theme/CodeBlock) loads CodeBlock, and Prism with it, on first use.
 *
 * The client module is checked when the site loads: if a theme update makes it do anything more
 * than that registration, the build fails here rather than dropping the new work.
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {checkedModule, replaceModule} from './module-replacement';

const CLIENT_MODULE = '@docusaurus/theme-classic/lib/prism-include-languages.js';
const NO_STARTUP_PRISM = path.resolve(__dirname, '../substitutes/noStartupPrism.ts');

/** Throws unless the client module only imports Prism and the languages function and calls it once. */
export function checkPrismClientModule(source: string): void {
  const code = source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '')
    .split(/[\n;]/)
    .map((line) => line.trim())
    .filter(Boolean);
  const expected = [
    "import { Prism } from 'prism-react-renderer'",
    "import prismIncludeLanguages from '@theme/prism-include-languages'",
    'prismIncludeLanguages(Prism)',
  ];
  if (JSON.stringify(code) !== JSON.stringify(expected)) {
    throw new Error(
      `prism-on-demand: ${CLIENT_MODULE} no longer only registers Prism's languages; review packages/kestrel-theme/bundler/prism-on-demand.ts`,
    );
  }
}

/** The absolute path of theme-classic's Prism client module, checked. */
export function prismClientModuleFile(): string {
  return checkedModule(CLIENT_MODULE, checkPrismClientModule);
}

export default function prismOnDemand(): Plugin {
  const file = prismClientModuleFile();
  // Client modules are required by absolute path, with or without the extension.
  const request = new RegExp(`^${file.replace(/\.js$/, '').replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(\\.js)?$`);
  return {
    name: 'prism-on-demand',
    configureWebpack: (_config, _isServer, {currentBundler}) => ({
      plugins: [replaceModule(currentBundler, request, NO_STARTUP_PRISM)],
    }),
  };
}
