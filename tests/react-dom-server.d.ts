// react-dom ships no types here (@types/react-dom is not installed); the search unit test uses one function.
declare module 'react-dom/server' {
  import type {ReactNode} from 'react';
  export function renderToStaticMarkup(node: ReactNode): string;
}
