/**
 * Stops Docusaurus building Prism at start-up. theme-classic registers a client module
 * (lib/prism-include-languages.js) that imports prism-react-renderer and adds the configured
 * grammars as the page loads; here that module is replaced by an empty one, and packages/kestrel-theme/prism does the
 * same registration when a code block first needs Prism.
 *
 * The build fails if the module is not found, so a theme update that moves it cannot silently
 * bring the start-up cost back.
 *
 * It also keeps the API code samples' extra grammars (Java, PHP, Ruby, C#) out of the browser
 * bundle's start-up: src/components/CodeSamples/serverLanguages.ts registers them as the server
 * bundle loads, so the server's HTML holds those samples highlighted and they hydrate on it (about
 * 70 ms of Prism on a throttled phone no longer spent redrawing them); in the browser bundle it is
 * swapped for an empty module. The build fails if the browser bundle still holds it, or the
 * server bundle lacks it.
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import type {Compiler} from 'webpack';
import {replaceModule} from './module-replacement';

const STARTUP_MODULE = /@docusaurus[\\/]theme-classic[\\/]lib[\\/]prism-include-languages(\.js)?$/;
const REPLACEMENT = path.resolve(__dirname, '../prism/noStartupLanguages.ts');
const SERVER_LANGUAGES = path.resolve(__dirname, '../../../src/components/CodeSamples/serverLanguages.ts');
const SERVER_LANGUAGES_REQUEST = /^\.\/serverLanguages$/;
const NO_SERVER_LANGUAGES = path.resolve(__dirname, '../../../src/components/CodeSamples/noServerLanguages.ts');
const CODE_SAMPLES = path.resolve(__dirname, '../../../src/components/CodeSamples/index.tsx');

/** Throws unless exactly one of the two sample-grammar modules is in the bundle, the right one for it. */
export function checkSampleLanguages(bundle: 'server' | 'client', resources: readonly string[]): void {
  const wanted = bundle === 'server' ? SERVER_LANGUAGES : NO_SERVER_LANGUAGES;
  const unwanted = bundle === 'server' ? NO_SERVER_LANGUAGES : SERVER_LANGUAGES;
  if (!resources.includes(wanted) || resources.includes(unwanted)) {
    throw new Error(
      `lazy-prism: the ${bundle} bundle should hold ${path.basename(wanted)} and not ${path.basename(unwanted)}; review packages/kestrel-theme/bundler/lazy-prism.ts`,
    );
  }
}

export default function lazyPrism(): Plugin {
  return {
    name: 'lazy-prism',
    configureWebpack(_config, isServer, {currentBundler}) {
      const bundle = isServer ? 'server' : 'client';
      return {
        plugins: [
          replaceModule(currentBundler, STARTUP_MODULE, REPLACEMENT),
          ...(isServer
            ? []
            : [
                replaceModule(
                  currentBundler,
                  SERVER_LANGUAGES_REQUEST,
                  NO_SERVER_LANGUAGES,
                  (issuer) => issuer === CODE_SAMPLES,
                ),
              ]),
          {
            apply(compiler: Compiler) {
              compiler.hooks.done.tap('lazy-prism', (stats) => {
                const resources = [...stats.compilation.modules].map((m) => (m as {resource?: string}).resource ?? '');
                if (!resources.includes(REPLACEMENT)) {
                  throw new Error(
                    `lazy-prism: the ${bundle} bundle has no module matching ${STARTUP_MODULE}; theme-classic moved its Prism client module`,
                  );
                }
                checkSampleLanguages(bundle, resources);
              });
            },
          },
        ],
      };
    },
  };
}
