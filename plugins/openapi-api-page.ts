/**
 * Wraps the openapi-docs page generator to state, under the method and path, how the operation is
 * authorized and which scope it needs. The stock page shows only the scheme's type ("http") in the
 * explorer, and a reader choosing key scopes needs the scope on every page. Derived from the
 * operation's `security`, so the page cannot disagree with the definition.
 */
import {createApiPageMD} from 'docusaurus-plugin-openapi-docs/lib/markdown';

type ApiPageMetadata = Parameters<typeof createApiPageMD>[0];
type SecurityRequirement = Record<string, string[]>;

export const SCHEME_LABELS: Record<string, string> = {
  apiKey: 'API key (`Authorization: Bearer <API key>`)',
  oauth2: 'OAuth 2.0 access token from [Kestrel OAuth connect](/kestrel-oauth-connect/)',
};

export function authorizationMarkdown(security: SecurityRequirement[] | undefined): string {
  if (!security || security.length === 0) return '';
  const scopes = [...new Set(security.flatMap((req) => Object.values(req).flat()))];
  const schemes = security
    .flatMap((req) => Object.keys(req))
    .map((name) => {
      const label = SCHEME_LABELS[name];
      if (!label) throw new Error(`openapi-api-page: no label for security scheme "${name}"`);
      return label;
    });
  const scopeText = scopes.map((s) => `\`${s}\``).join(', ');
  return [
    '<div className="kestrel-operation-auth">',
    '',
    `**Authorization:** ${schemes.join(' or ')}. **Scope:** ${scopeText}.`,
    '',
    '</div>',
    '',
    '',
  ].join('\n');
}

export default function createKestrelApiPageMD(page: ApiPageMetadata): string {
  const markdown = createApiPageMD(page);
  const auth = authorizationMarkdown((page.api as {security?: SecurityRequirement[]}).security);
  if (!auth) return markdown;
  const marker = '</MethodEndpoint>';
  const at = markdown.indexOf(marker);
  if (at < 0) throw new Error(`openapi-api-page: no MethodEndpoint in the page for ${page.title}`);
  const end = markdown.indexOf('\n', at) + 1;
  return `${markdown.slice(0, end)}\n${auth}${markdown.slice(end)}`;
}
