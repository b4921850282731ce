// @cmfcmf/docusaurus-search-local 2.0.1 ships no types for its server entry; ./search-local.ts uses these two.
declare module '@cmfcmf/docusaurus-search-local' {
  import type {LoadContext, OptionValidationContext, Plugin} from '@docusaurus/types';

  export default function searchLocal(context: LoadContext, options: unknown): Plugin;
  export function validateOptions<T, U>(data: OptionValidationContext<T, U>): U;
}

// The lunr build that the plugin's indexer and its browser client share (a CommonJS module).
declare module '@cmfcmf/docusaurus-search-local/lib/lunr.js' {
  const lunr: any;
  export default lunr;
}
