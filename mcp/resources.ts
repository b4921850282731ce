/**
 * Resources: every Markdown twin of the build as `kestrel://docs/<twin path>`
 * (`kestrel://docs/api/issue-invoice.md`, the root `kestrel://docs/index.md`), and the bundled
 * definition as `kestrel://definition/openapi.json`, the file the definition model reads.
 */
import {readFileSync} from 'node:fs';
import type {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import {twinPath} from '../config/twin-path.ts';
import type {SiteBuild} from './site-build.ts';

export const DOCS_SCHEME = 'kestrel://docs';
export const DEFINITION_URI = 'kestrel://definition/openapi.json';

export const docUri = (route: string) => `${DOCS_SCHEME}${twinPath(route)}`;

export function registerResources(server: McpServer, site: SiteBuild): void {
  for (const [route, file] of [...site.pages()].sort(([a], [b]) => a.localeCompare(b))) {
    const uri = docUri(route);
    server.registerResource(
      `docs${twinPath(route)}`,
      uri,
      {title: route, description: `The Markdown of ${route}`, mimeType: 'text/markdown'},
      async () => ({contents: [{uri, mimeType: 'text/markdown', text: readFileSync(file, 'utf8')}]}),
    );
  }
  server.registerResource(
    'definition',
    DEFINITION_URI,
    {
      title: 'Kestrel OpenAPI definition',
      description: 'The bundled OpenAPI 3.1 definition of the Kestrel API, with x-codeSamples (about 800 KB).',
      mimeType: 'application/json',
    },
    async () => {
      const {BUNDLED_DEFINITION} = await import('../definition/index.ts');
      return {
        contents: [{uri: DEFINITION_URI, mimeType: 'application/json', text: readFileSync(BUNDLED_DEFINITION, 'utf8')}],
      };
    },
  );
}
