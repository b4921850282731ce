/**
 * `@docusaurus/useIsBrowser` as the API theme's ApiItem sees it (packages/kestrel-theme/bundler/server-rendered-api.ts):
 * true in the browser from the first render, hydration included. ApiItem creates the explorer's
 * Redux store from it (without state on the server, with the reader's server and parameters in
 * the browser). With Docusaurus's hook, it hydrates with the server's store and builds a new one
 * once hydration is done: every section connected to the store (request body, responses, their
 * schemas and tabs) then renders a second time, in one task. The server's store holds nothing a
 * page draws from during hydration (the server URL above the operation waits for BrowserOnly;
 * the explorer opens on "Try it"), so the browser's store can be there from the start.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

export default function useIsBrowser(): boolean {
  return ExecutionEnvironment.canUseDOM;
}
