// One module per operation slug, written by plugins/try-it-validators.ts: the explorer's precompiled checks.
declare module '@generated/kestrel-try-it-validators/default/*' {
  import type {Check} from '@site/src/components/TryIt/checks';
  export const parameters: Check;
  export const body: Check | undefined;
}
