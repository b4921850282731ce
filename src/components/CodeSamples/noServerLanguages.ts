/**
 * What the browser bundle gets for ./serverLanguages.ts (plugins/lazy-prism.ts): nothing. The
 * server's HTML already holds the samples highlighted, and they hydrate on it without Prism.
 */
export {};
