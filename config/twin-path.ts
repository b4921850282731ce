/**
 * The Markdown twin of a page route: the route without its trailing slash, plus `.md`; the site
 * root's twin is `/index.md`. So `/rate-limits/` -> `/rate-limits.md`, `/api/` -> `/api.md`,
 * `/api/issue-invoice` -> `/api/issue-invoice.md`. plugins/llms-txt writes the files, the page
 * actions link to them: both use this function.
 */
export function twinPath(route: string): string {
  const path = route.split(/[?#]/)[0]!.replace(/\/+$/, '');
  return path === '' ? '/index.md' : `${path}.md`;
}
