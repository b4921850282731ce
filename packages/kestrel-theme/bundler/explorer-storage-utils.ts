/**
 * packages/kestrel-theme/theme/ApiExplorer/storage-utils.ts replaces the API theme's storage helpers (SHA1 alone
 * instead of all of crypto-js) where the theme imports them as `@theme/ApiExplorer/storage-utils`.
 * Its persistence middleware, which every operation page loads, imports them as `./storage-utils`,
 * which the theme alias cannot reach: that import gets our file here too. Without this, crypto-js
 * whole (~25 KiB gzip, a fifth of the operation chunk's start-up time) was back on every operation
 * page.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {createRequire} from 'node:module';
import type {Plugin} from '@docusaurus/types';
import {replaceModule} from './module-replacement';

const OURS = path.resolve(__dirname, '../theme/ApiExplorer/storage-utils.ts');
const MIDDLEWARE = /docusaurus-theme-openapi-docs[\\/]lib[\\/]theme[\\/]ApiExplorer[\\/]persistenceMiddleware\.js$/;

const require = createRequire(import.meta.url);

export default function explorerStorageUtils(): Plugin {
  const middleware = require.resolve('docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/persistenceMiddleware.js');
  if (!readFileSync(middleware, 'utf8').includes('require("./storage-utils")')) {
    throw new Error(
      "explorer-storage-utils: the API theme's persistence middleware no longer imports ./storage-utils; review packages/kestrel-theme/bundler/explorer-storage-utils.ts",
    );
  }
  return {
    name: 'explorer-storage-utils',
    configureWebpack: (_config, _isServer, {currentBundler}) => ({
      plugins: [replaceModule(currentBundler, /^\.\/storage-utils$/, OURS, (issuer) => MIDDLEWARE.test(issuer))],
    }),
  };
}
