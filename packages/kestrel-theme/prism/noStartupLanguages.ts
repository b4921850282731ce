/**
 * Stands in for theme-classic's start-up grammar registration (see packages/kestrel-theme/bundler/lazy-prism.ts):
 * packages/kestrel-theme/prism registers the grammars when Prism is first used.
 */
export {};
