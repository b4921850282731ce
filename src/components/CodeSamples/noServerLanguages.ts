/**
 * What the browser bundle gets for ./serverLanguages.ts (packages/kestrel-theme/bundler/lazy-prism.ts): nothing. The
 * server's HTML already holds the samples highlighted, and they hydrate on it without Prism.
 */
export {};
