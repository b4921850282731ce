/**
 * `useIsBrowser` as the docs sidebar's category component sees it (packages/kestrel-theme/bundler/tabs-without-remount.ts):
 * always true, on the server too, so a category's link is the same `href="#"` toggle in the
 * server's HTML and in the browser, instead of a link to its first page on the server that React
 * replaces with a new element once the page has hydrated.
 */
export default function useIsBrowser(): boolean {
  return true;
}
