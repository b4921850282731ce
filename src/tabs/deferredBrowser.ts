/**
 * `useIsBrowser` as theme-common's Details sees it (plugins/tabs-without-remount.ts): true a moment
 * after hydration instead of at once. Details uses it only to add a class to each `<details>`
 * (which turns its arrow by `data-collapsed` instead of `open`; both agree on an untouched
 * disclosure). An operation page has about 45 of them, and their class changes joined everything
 * else React does as the page learns it runs in a browser, in one task; deferred, React applies
 * them in a render of its own that it splits into short slices.
 */
import {useDeferredValue} from 'react';
import useIsBrowserNow from '@docusaurus/useIsBrowser';

export default function useIsBrowser(): boolean {
  return useDeferredValue(useIsBrowserNow());
}
