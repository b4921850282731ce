/**
 * Stops the tab components remounting their whole content right after hydration.
 *
 * theme-classic's Tabs and the API theme's seven tab components key themselves on `useIsBrowser()`
 * ("temporary fix" for facebook/docusaurus#5653), so everything inside a tab (an operation's
 * responses, schemas, examples, code samples) is rendered and committed a second time once the
 * page has hydrated. The tabs' state (useTabsContextValue) now starts from the default tab, as
 * the server rendered it, and applies a stored or linked choice in a layout effect, which React
 * applies as an ordinary update, so the remount buys nothing. For these files only,
 * `@docusaurus/useIsBrowser` is replaced by a hook that always says false: their one use of it is
 * that key.
 *
 * Each file is checked when the site loads: if a theme update changes one, the build fails here
 * rather than quietly changing what the hook does to it.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {createRequire} from 'node:module';
import type {Plugin} from '@docusaurus/types';
import {replaceModule} from './module-replacement';

const require = createRequire(import.meta.url);

const TAB_COMPONENTS = [
  '@docusaurus/theme-classic/lib/theme/Tabs/index.js',
  ...['Tabs', 'ApiTabs', 'MimeTabs', 'SchemaTabs', 'DiscriminatorTabs', 'OperationTabs', 'ApiExplorer/CodeTabs'].map(
    (name) => `docusaurus-theme-openapi-docs/lib/theme/${name}/index.js`,
  ),
];
const HOOK_REQUEST = /^@docusaurus\/useIsBrowser$/;
const NEVER_BROWSER = path.resolve(__dirname, '../tabs/neverBrowser.ts');

/** Throws unless the component's source reads `isBrowser` once and uses it only as its key. */
export function checkTabComponent(request: string, source: string): void {
  const uses = source.match(/\bisBrowser\b/g)?.length ?? 0;
  const keyed = /key(?::\s*|=\{)String\(isBrowser\)/.test(source);
  if (uses !== 2 || !keyed) {
    throw new Error(`tabs-without-remount: ${request} no longer uses useIsBrowser() only as its key; review packages/kestrel-theme/bundler/tabs-without-remount.ts`);
  }
}

/** The absolute path of each tab component, checked. */
export function tabComponentFiles(): string[] {
  return TAB_COMPONENTS.map((request) => {
    const file = require.resolve(request);
    checkTabComponent(request, readFileSync(file, 'utf8'));
    return file;
  });
}

export default function tabsWithoutRemount(): Plugin {
  const files = new Set(tabComponentFiles());
  return {
    name: 'tabs-without-remount',
    configureWebpack: (_config, _isServer, {currentBundler}) => ({
      plugins: [replaceModule(currentBundler, HOOK_REQUEST, NEVER_BROWSER, (issuer) => files.has(issuer))],
    }),
  };
}
