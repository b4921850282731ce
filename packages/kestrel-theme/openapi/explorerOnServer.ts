/**
 * `@docusaurus/ExecutionEnvironment` as the API theme's ApiItem sees it
 * (packages/kestrel-theme/bundler/server-rendered-api.ts): able to use the DOM everywhere. ApiItem loads
 * `@theme/ApiExplorer` only where it can, and draws an empty box on the server instead, which the
 * browser then replaces (a hydration error). Our ApiExplorer (packages/kestrel-theme/theme/ApiExplorer) renders the
 * code samples and the "Try it" button, on the server too; the explorer itself loads on "Try it".
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

export default {...ExecutionEnvironment, canUseDOM: true};
