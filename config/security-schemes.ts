/**
 * How each security scheme of the definition is named to a reader (Markdown): the reference pages
 * and their Markdown twins both say it this way.
 */
export const SCHEME_LABELS: Record<string, string> = {
  apiKey: 'API key (`Authorization: Bearer <API key>`)',
  oauth2: 'OAuth 2.0 access token from [Kestrel OAuth connect](/kestrel-oauth-connect/)',
};
