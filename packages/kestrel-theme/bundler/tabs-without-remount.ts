/**
 * Stops the tab components remounting their whole content right after hydration.
 *
 * theme-classic's Tabs keys itself on `useIsBrowser()` ("temporary fix" for
 * facebook/docusaurus#5653), so everything inside a tab (an operation's code samples and response
 * examples) is rendered and committed a second time once the
 * page has hydrated. The tabs' state (useTabsContextValue) now starts from the default tab, as
 * the server rendered it, and applies a stored or linked choice in a layout effect, which React
 * applies as an ordinary update, so the remount buys nothing. For these files only,
 * `@docusaurus/useIsBrowser` is replaced by a hook that always says false: their one use of it is
 * that key.
 *
 * The docs sidebar's categories did the same to their links: on the server a category without a
 * page of its own links to its first page (for readers without JavaScript, when the category is
 * collapsed), and once hydrated to `#`, which Docusaurus's Link draws as another element, so each
 * category link was replaced (11 on an API page). Our categories start expanded
 * (`sidebarCollapsed: false` for both sidebars in docusaurus.config.ts), so their pages' links are
 * in the HTML anyway; the category component sees `useIsBrowser()` as always true and renders the
 * `#` toggle on the server too.
 *
 * theme-common's Details (every disclosure of an operation page: about 45) added a class to each
 * `<details>` once hydrated, only to turn its arrow by `data-collapsed` rather than by `open`.
 * Setting those classes was the largest DOM write left after hydration on an operation page (about
 * 10 ms of a throttled phone's main thread, in one commit). Details sees `useIsBrowser()` as false
 * too: the arrow follows `open`, as it does without JavaScript, and on closing turns back when the
 * closing animation ends rather than as it starts.
 *
 * Each file is checked when the site loads: if a theme update changes one, the build fails here
 * rather than quietly changing what the hook does to it.
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {checkedModule, replaceModule} from './module-replacement';

const TAB_COMPONENTS = ['@docusaurus/theme-classic/lib/theme/Tabs/index.js'];
const HOOK_REQUEST = /^@docusaurus\/useIsBrowser$/;
const NEVER_BROWSER = path.resolve(__dirname, '../substitutes/neverBrowser.ts');
const SIDEBAR_CATEGORY = '@docusaurus/theme-classic/lib/theme/DocSidebarItem/Category/index.js';
const ALWAYS_BROWSER = path.resolve(__dirname, '../substitutes/alwaysBrowser.ts');
const DETAILS = '@docusaurus/theme-common/Details';

/** Throws unless the component's source reads `isBrowser` once and uses it only as its key. */
export function checkTabComponent(request: string, source: string): void {
  const uses = source.match(/\bisBrowser\b/g)?.length ?? 0;
  const keyed = /key(?::\s*|=\{)String\(isBrowser\)/.test(source);
  if (uses !== 2 || !keyed) {
    throw new Error(
      `tabs-without-remount: ${request} no longer uses useIsBrowser() only as its key; review packages/kestrel-theme/bundler/tabs-without-remount.ts`,
    );
  }
}

/** Throws unless the sidebar category reads `isBrowser` once and uses it only to drop its first-page fallback link. */
export function checkSidebarCategory(source: string): void {
  const uses = source.match(/\bisBrowser\b/g)?.length ?? 0;
  const fallbackOnly =
    /if \(isBrowser \|\| !item\.collapsible\) \{\s*return undefined;\s*\}\s*return findFirstSidebarItemLink\(item\);/.test(
      source,
    );
  if (uses !== 3 || !fallbackOnly) {
    throw new Error(
      `tabs-without-remount: ${SIDEBAR_CATEGORY} no longer uses useIsBrowser() only for its first-page fallback link; review packages/kestrel-theme/bundler/tabs-without-remount.ts`,
    );
  }
}

/** The absolute path of the docs sidebar's category component, checked. */
export function sidebarCategoryFile(): string {
  return checkedModule(SIDEBAR_CATEGORY, checkSidebarCategory);
}

/** Throws unless Details reads `isBrowser` once and uses it only for its `isBrowser` class. */
export function checkDetails(source: string): void {
  const uses = source.match(/\bisBrowser\b/g)?.length ?? 0;
  const classOnly = /clsx\(styles\.details, isBrowser && styles\.isBrowser, props\.className\)/.test(source);
  if (uses !== 3 || !classOnly) {
    throw new Error(
      `tabs-without-remount: ${DETAILS} no longer uses useIsBrowser() only for its class; review packages/kestrel-theme/bundler/tabs-without-remount.ts`,
    );
  }
}

/** The absolute path of theme-common's Details, checked. */
export function detailsFile(): string {
  return checkedModule(DETAILS, checkDetails);
}

/** The absolute path of each tab component, checked. */
export function tabComponentFiles(): string[] {
  return TAB_COMPONENTS.map((request) => checkedModule(request, (source) => checkTabComponent(request, source)));
}

export default function tabsWithoutRemount(): Plugin {
  const files = new Set(tabComponentFiles());
  const category = sidebarCategoryFile();
  const details = detailsFile();
  return {
    name: 'tabs-without-remount',
    configureWebpack: (_config, _isServer, {currentBundler}) => ({
      plugins: [
        replaceModule(currentBundler, HOOK_REQUEST, NEVER_BROWSER, (issuer) => files.has(issuer)),
        replaceModule(currentBundler, HOOK_REQUEST, ALWAYS_BROWSER, (issuer) => issuer === category),
        replaceModule(currentBundler, HOOK_REQUEST, NEVER_BROWSER, (issuer) => issuer === details),
      ],
    }),
  };
}
