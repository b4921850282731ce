// @cmfcmf/docusaurus-search-local 2.0.1 ships no types for its server entry; ./search-local.ts uses these two.
declare module '@cmfcmf/docusaurus-search-local' {
  import type {LoadContext, OptionValidationContext, Plugin} from '@docusaurus/types';

  export default function searchLocal(context: LoadContext, options: unknown): Plugin;
  export function validateOptions<T, U>(data: OptionValidationContext<T, U>): U;
}
