/**
 * Renders an operation page's sections on the server.
 *
 * The API theme wraps the parameters (ParamsDetails), the request body (RequestSchema), each
 * response (ResponseSchema) and the right-hand column with the code samples (ApiItem) in
 * `BrowserOnly`: the static HTML holds a skeleton, and the browser draws the sections after
 * hydration. Nothing in them needs the browser: ApiItem creates its Redux store during server
 * rendering too. For these four files only, `@docusaurus/BrowserOnly` is replaced by a component
 * that renders its children everywhere (packages/kestrel-theme/openapi/RenderedOnServer.tsx), so crawlers, readers
 * without JavaScript and the search index see every parameter, field and example.
 *
 * ApiItem also loads our ApiExplorer (the code samples and "Try it") on the server, where it would
 * draw an empty box (packages/kestrel-theme/openapi/explorerOnServer.ts), and sees `@docusaurus/useIsBrowser` as true
 * in the browser from the first render (packages/kestrel-theme/openapi/canUseDom.ts says why): it then hydrates with
 * the store it keeps, instead of rendering every section a second time with a new store right
 * after hydration.
 *
 * Each file is checked when the site loads: if a theme update changes how one uses BrowserOnly
 * or useIsBrowser, the build fails here rather than rendering something else.
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {checkedModule, replaceModule} from './module-replacement';

export const SECTION_COMPONENTS = ['ParamsDetails', 'RequestSchema', 'ResponseSchema', 'ApiItem'].map(
  (name) => `docusaurus-theme-openapi-docs/lib/theme/${name}/index.js`,
);
const BROWSER_ONLY_REQUEST = /^@docusaurus\/BrowserOnly$/;
const RENDERED_ON_SERVER = path.resolve(__dirname, '../openapi/RenderedOnServer.tsx');
const API_ITEM = 'docusaurus-theme-openapi-docs/lib/theme/ApiItem/index.js';
const IS_BROWSER_REQUEST = /^@docusaurus\/useIsBrowser$/;
const CAN_USE_DOM = path.resolve(__dirname, '../openapi/canUseDom.ts');
const EXECUTION_ENVIRONMENT_REQUEST = /^@docusaurus\/ExecutionEnvironment$/;
const EXPLORER_ON_SERVER = path.resolve(__dirname, '../openapi/explorerOnServer.ts');

/**
 * Throws unless the component imports BrowserOnly once and uses it once, with a render function
 * as its child (what RenderedOnServer calls).
 */
export function checkSectionComponent(request: string, source: string): void {
  const imports = source.match(/require\("@docusaurus\/BrowserOnly"\)/g)?.length ?? 0;
  const uses = source.match(/\bBrowserOnly_1\.default\b/g)?.length ?? 0;
  const renderFunction = /createElement\(\s*BrowserOnly_1\.default,\s*(?:null|\{[^]*?\}),\s*\(\)\s*=>/.test(source);
  if (imports !== 1 || uses !== 1 || !renderFunction) {
    throw new Error(
      `server-rendered-api: ${request} no longer wraps one section in BrowserOnly with a render function; review packages/kestrel-theme/bundler/server-rendered-api.ts`,
    );
  }
}

/**
 * Throws unless ApiItem reads useIsBrowser() once and uses it only to choose its store, and reads
 * ExecutionEnvironment only to decide whether to load @theme/ApiExplorer.
 */
export function checkApiItem(source: string): void {
  const uses = source.match(/\bisBrowser\b/g)?.length ?? 0;
  const storeChoice =
    /if \(!isBrowser\) \{\s*store2 = [^;]*createStoreWithoutState/.test(source) && /if \(isBrowser\) \{/.test(source);
  if (uses !== 3 || !storeChoice) {
    throw new Error(
      `server-rendered-api: ${API_ITEM} no longer uses useIsBrowser() only to choose its store; review packages/kestrel-theme/bundler/server-rendered-api.ts`,
    );
  }
  const environmentUses = source.match(/\bExecutionEnvironment_1\b/g)?.length ?? 0;
  const explorerChoice =
    /if \(ExecutionEnvironment_1\.default\.canUseDOM\) \{\s*ApiExplorer = require\("@theme\/ApiExplorer"\)\.default;\s*\}/.test(
      source,
    );
  if (environmentUses !== 2 || !explorerChoice) {
    throw new Error(
      `server-rendered-api: ${API_ITEM} no longer uses ExecutionEnvironment only to load @theme/ApiExplorer; review packages/kestrel-theme/bundler/server-rendered-api.ts`,
    );
  }
}

/** The absolute path of ApiItem, checked. */
export function apiItemFile(): string {
  return checkedModule(API_ITEM, checkApiItem);
}

/** The absolute path of each section component, checked. */
export function sectionComponentFiles(): string[] {
  return SECTION_COMPONENTS.map((request) =>
    checkedModule(request, (source) => checkSectionComponent(request, source)),
  );
}

export default function serverRenderedApi(): Plugin {
  const files = new Set(sectionComponentFiles());
  const apiItem = apiItemFile();
  return {
    name: 'server-rendered-api',
    configureWebpack: (_config, _isServer, {currentBundler}) => ({
      plugins: [
        replaceModule(currentBundler, BROWSER_ONLY_REQUEST, RENDERED_ON_SERVER, (issuer) => files.has(issuer)),
        replaceModule(currentBundler, IS_BROWSER_REQUEST, CAN_USE_DOM, (issuer) => issuer === apiItem),
        replaceModule(
          currentBundler,
          EXECUTION_ENVIRONMENT_REQUEST,
          EXPLORER_ON_SERVER,
          (issuer) => issuer === apiItem,
        ),
      ],
    }),
  };
}
