/**
 * Stands in for theme-classic's start-up grammar registration (see plugins/lazy-prism.ts):
 * src/prism registers the grammars when Prism is first used.
 */
export {};
