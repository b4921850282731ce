/**
 * `useIsBrowser` as the tab components see it (packages/kestrel-theme/bundler/tabs-without-remount.ts): always false, so
 * their `key` never changes and they do not remount after hydration. theme-common's Details sees it
 * too, so its class never changes after hydration.
 */
export default function useIsBrowser(): boolean {
  return false;
}
