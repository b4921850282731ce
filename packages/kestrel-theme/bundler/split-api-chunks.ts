/**
 * Keeps the API reference's shared code off the guides.
 *
 * Docusaurus puts every module used by half the pages or more into one `common` chunk that every
 * page loads. With 57 generated operation and webhook pages out of ~80, the reference's own
 * components (src/components/ApiPage, CodeSamples, TryIt) qualify, so a guide would pay for code
 * it never runs. They go to a chunk of their own, `api-common`, that only the reference's pages
 * load. What the reference shares with the guides (code blocks, Prism, tabs) stays in `common`:
 * excluding the API pages from `common` instead, as this did for the OpenAPI theme, put a second
 * copy of those in the API pages' chunk (about 35 KiB gzip on every operation page).
 *
 * Chunks are recognised by the registry Docusaurus generates, which maps each chunk name to the
 * module it loads: generated pages are `@site/<apiDir>/*.api.mdx`.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

export type Options = {
  /** The API docs folder, relative to the site (where gen-api writes *.api.mdx). */
  apiDir: string;
};

const REGISTRY_ENTRY = /"([^"]+)": \[\(\) => import\(\/\* webpackChunkName: "[^"]+" \*\/ "([^"]+)"\)/g;

/** Chunk names of the generated operation and webhook pages. */
export function apiChunkNames(registrySource: string, apiDir: string): {pages: Set<string>} {
  const prefix = `@site/${apiDir.replace(/^\.?\/+|\/+$/g, '')}/`;
  const pages = new Set<string>();
  for (const [, chunkName = '', modulePath = ''] of registrySource.matchAll(REGISTRY_ENTRY)) {
    if (modulePath.startsWith(prefix) && modulePath.endsWith('.api.mdx')) pages.add(chunkName);
  }
  return {pages};
}

type ChunkLike = {name?: string | null};
type ModuleLike = {resource?: string | null};
type CacheGroups = Record<string, false | Record<string, unknown>>;

function validateOptions(raw: unknown): Options {
  const apiDir = (raw as Partial<Options> | undefined)?.apiDir;
  if (typeof apiDir !== 'string' || apiDir.trim() === '') {
    throw new Error(
      `split-api-chunks: option \`apiDir\` must be the API docs folder, such as 'api' (got ${JSON.stringify(apiDir)}).`,
    );
  }
  return {apiDir};
}

export default function splitApiChunks(context: LoadContext, rawOptions: unknown): Plugin {
  const options = validateOptions(rawOptions);
  /** The reference's own browser code: what only the API pages load. */
  const REFERENCE_COMPONENTS = ['ApiPage', 'CodeSamples', 'TryIt'].map(
    (name) => path.join(context.siteDir, 'src', 'components', name) + path.sep,
  );
  return {
    name: 'kestrel-split-api-chunks',
    configureWebpack(config, isServer) {
      // Chunk layout only matters for what a reader downloads; the dev server rebuilds its
      // registry as files change, so a list read once would go stale there.
      if (isServer || process.env.NODE_ENV !== 'production') return {};
      const registryFile = path.join(context.generatedFilesDir, 'registry.js');
      const {pages} = apiChunkNames(readFileSync(registryFile, 'utf8'), options.apiDir);
      if (pages.size === 0) {
        // A silent no-op would quietly put the reference's components back on every guide.
        throw new Error(
          `split-api-chunks: no generated API pages (@site/${options.apiDir}/*.api.mdx) in ${registryFile}. ` +
            'Run `npm run gen-api` first, or fix the `apiDir` option.',
        );
      }
      const splitChunks = config.optimization?.splitChunks;
      const groups = (splitChunks && typeof splitChunks === 'object' ? splitChunks.cacheGroups : undefined) as
        CacheGroups | undefined;
      const common = groups?.common;
      if (!groups || !common || typeof common !== 'object') {
        throw new Error(
          'split-api-chunks: Docusaurus no longer defines the `common` cache group; revisit this plugin.',
        );
      }
      const isApiPage = (chunk: ChunkLike) => Boolean(chunk.name && pages.has(chunk.name));
      // Ahead of `common` (priority 40), which keeps what the reference shares with the guides
      // (code blocks, Prism, tabs): only once, in the chunk every page loads.
      groups.apiCommon = {
        name: 'api-common',
        chunks: isApiPage,
        test: (module: ModuleLike) => REFERENCE_COMPONENTS.some((dir) => module.resource?.startsWith(dir) === true),
        minChunks: 2,
        priority: 45,
        reuseExistingChunk: true,
      };
      return {};
    },
  };
}
