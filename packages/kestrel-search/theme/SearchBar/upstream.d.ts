// What the search box wraps (the lunr build it shares with the indexer is declared in ../../lunr.d.ts), from @cmfcmf/docusaurus-search-local 2.0.1 (which ships no types for them).

// The plugin's own search box. packages/kestrel-search/index.ts maps this name to it: `@theme-original`
// would name our own SearchBar here, because this folder is a theme of its own.
declare module '@kestrel-search/upstream-search-bar' {
  import type {ComponentType} from 'react';
  const SearchBar: ComponentType<Record<string, unknown>>;
  export default SearchBar;
}
