// What the search box wraps, from @cmfcmf/docusaurus-search-local 2.0.1 (which ships no types for them).

// The plugin's own search box. packages/kestrel-search/index.ts maps this name to it: `@theme-original`
// would name our own SearchBar here, because this folder is a theme of its own.
declare module '@kestrel-search/upstream-search-bar' {
  import type {ComponentType} from 'react';
  const SearchBar: ComponentType<Record<string, unknown>>;
  export default SearchBar;
}

// The lunr build that the plugin's indexer and its browser client share (a CommonJS module).
declare module '@cmfcmf/docusaurus-search-local/lib/lunr.js' {
  const lunr: any;
  export default lunr;
}
