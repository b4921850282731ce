/**
 * The server bundle (used only to render the pages at build time) in one file, each module once.
 *
 * Docusaurus turns off chunk splitting for the server bundle, but every page is still a dynamic
 * import, so each page became a chunk of its own holding a copy of every module it uses that the
 * entry does not: the OpenAPI theme, Redux, Prism, unified... about 1.7 MB per API page. With the
 * definition ten times ours (`npm run bench:scale -- 10`, 490 operations) the server output was
 * 902 MB in 538 files, and Rspack's memory while bundling peaked at 4.58 GiB; with the dynamic
 * imports resolved eagerly (Rspack's `module.parser.javascript.dynamicImportMode`) it is one
 * 70 MB file and bundling peaks at 2.61 GiB (one run each of the bundling step alone, on the
 * shared machine). The client bundle is not touched: the browser still loads each page's chunk.
 *
 * The build fails if the server compilation still has more than one chunk (the option renamed
 * or ignored), so the saving cannot silently go away.
 */
import type {Plugin} from '@docusaurus/types';
import type {Compiler} from 'webpack';

export default function singleServerBundle(): Plugin {
  return {
    name: 'single-server-bundle',
    configureWebpack(config, isServer) {
      if (!isServer) return {};
      // Set in place: the Kestrel theme composes its patches' `plugins` only.
      const parser = ((config.module ??= {}).parser ??= {});
      parser.javascript = {...parser.javascript, dynamicImportMode: 'eager'};
      return {
        plugins: [
          {
            apply(compiler: Compiler) {
              compiler.hooks.done.tap('single-server-bundle', (stats) => {
                const chunks = stats.compilation.chunks.size;
                if (chunks !== 1) {
                  throw new Error(
                    `single-server-bundle: the server bundle has ${chunks} chunks, expected 1: Rspack no longer resolves dynamic imports eagerly with module.parser.javascript.dynamicImportMode`,
                  );
                }
              });
            },
          },
        ],
      };
    },
  };
}
