/**
 * `@docusaurus/BrowserOnly` as the API theme's section components see it
 * (packages/kestrel-theme/bundler/server-rendered-api.ts): it renders its children on the server and in the browser
 * alike, so an operation page's parameters, request body, responses, examples and code samples
 * are in its static HTML and hydrate on it, instead of a loading skeleton drawn over once the
 * page's scripts have run.
 */
import type {ReactNode} from 'react';

export default function RenderedOnServer({children}: {children?: () => ReactNode; fallback?: ReactNode}): ReactNode {
  return children ? children() : null;
}
