/**
 * Where sandbox_request may send its request (and its bearer token): a path under the sandbox's API
 * base, nothing else. A URL, a scheme-relative `//host`, a backslash (which URL parsers read as a
 * slash) or a `.`/`..` segment (also percent-encoded, which URL parsers also resolve) is refused
 * before anything is sent, and the URL built is checked to be on the sandbox's origin, under its base.
 */

/** Paths as the tools' descriptions and refusals show them; a list pages with `$top` and `$skip`. */
export const PATH_EXAMPLES = '/invoices or /events?$top=5';

/** `url` is what is fetched; `apiPath` is its path and query under the base (`/invoices?$top=5`). */
export type ApiUrl = {ok: true; url: string; apiPath: string} | {ok: false; error: string};

const refused = (why: string, base: string): ApiUrl => ({
  ok: false,
  error: `Refused: ${why}. sandbox_request takes a path under the sandbox's API base ${base}, such as ${PATH_EXAMPLES}, and calls nothing else.`,
});

/** The URL of `path` (`/invoices?$top=5`, `/v1/invoices` or `invoices`) under `base` (`http://127.0.0.1:4010/v1`). */
export function apiUrl(base: string, path: string): ApiUrl {
  if (/^[a-z][a-z0-9+.-]*:/i.test(path)) return refused(`${path} is a URL, not a path`, base);
  if (path.startsWith('//')) return refused(`${path} names a host (a scheme-relative URL)`, base);
  const [pathPart] = path.split(/[?#]/, 1) as [string];
  if (pathPart.includes('\\')) return refused(`${path} has a backslash`, base);
  const segments = pathPart.split('/').map((segment) => segment.replace(/%2e/gi, '.'));
  if (segments.some((segment) => segment === '.' || segment === '..'))
    return refused(`${path} has a "." or ".." segment`, base);

  const root = new URL(base);
  const basePath = root.pathname.replace(/\/+$/, '');
  const under = path.startsWith('/') ? path : `/${path}`;
  // `/v1/invoices` is accepted as the docs write it: the base's own path is not added twice.
  const rest = under.slice(basePath.length);
  const relative = basePath && under.startsWith(basePath) && /^(?:[/?#]|$)/.test(rest) ? rest : under;
  const url = new URL(`${root.origin}${basePath}${relative}`);
  const inside = url.pathname === basePath || url.pathname.startsWith(`${basePath}/`);
  if (url.origin !== root.origin || !inside) return refused(`${path} leads outside ${base}`, base);
  return {ok: true, url: url.href, apiPath: `${url.pathname.slice(basePath.length) || '/'}${url.search}`};
}
