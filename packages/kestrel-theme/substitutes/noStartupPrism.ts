/**
 * What theme-classic's Prism client module becomes (packages/kestrel-theme/bundler/prism-on-demand.ts):
 * nothing at start-up. The explorer registers Prism's languages when its chunk loads.
 */
export {};
