/**
 * The docs plugin sorts its instances with `localeCompare` while the page hydrates
 * (getActivePlugin, from the breadcrumbs and navbar). A page's first `localeCompare` builds the
 * default ICU collator: 12 to 20 ms on a desktop, four times that on a mid-range phone, inside
 * one hydration slice. Building it in a task of its own, while the page's chunks are still loading,
 * keeps that slice short; every later call reuses the collator.
 */
if (typeof window !== 'undefined') {
  setTimeout(() => 'a'.localeCompare('b'), 0);
}

export {};
