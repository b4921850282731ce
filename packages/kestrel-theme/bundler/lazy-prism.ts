/**
 * Stops Docusaurus building Prism at start-up. theme-classic registers a client module
 * (lib/prism-include-languages.js) that imports prism-react-renderer and adds the configured
 * grammars as the page loads; here that module is replaced by an empty one, and packages/kestrel-theme/prism does the
 * same registration when a code block first needs Prism.
 *
 * The build fails if the module is not found, so a theme update that moves it cannot silently
 * bring the start-up cost back.
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import type {Compiler} from 'webpack';
import {replaceModule} from './module-replacement';

const STARTUP_MODULE = /@docusaurus[\\/]theme-classic[\\/]lib[\\/]prism-include-languages(\.js)?$/;
const REPLACEMENT = path.resolve(__dirname, '../prism/noStartupLanguages.ts');

export default function lazyPrism(): Plugin {
  return {
    name: 'lazy-prism',
    configureWebpack(_config, isServer, {currentBundler}) {
      const bundle = isServer ? 'server' : 'client';
      return {
        plugins: [
          replaceModule(currentBundler, STARTUP_MODULE, REPLACEMENT),
          {
            apply(compiler: Compiler) {
              compiler.hooks.done.tap('lazy-prism', (stats) => {
                const resources = [...stats.compilation.modules].map((m) => (m as {resource?: string}).resource ?? '');
                if (!resources.includes(REPLACEMENT)) {
                  throw new Error(`lazy-prism: the ${bundle} bundle has no module matching ${STARTUP_MODULE}; theme-classic moved its Prism client module`);
                }
              });
            },
          },
        ],
      };
    },
  };
}
