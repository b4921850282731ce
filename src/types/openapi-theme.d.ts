// The API theme ships no declarations for its swizzlable components; these are the props we pass.
declare module '@theme/ApiExplorer/CodeTabs' {
  import type {ReactNode} from 'react';
  export default function CodeTabs(props: {
    groupId?: string;
    defaultValue?: string;
    lazy?: boolean;
    className?: string;
    children: ReactNode;
  }): ReactNode;
}
declare module '@theme/utils/tabsUtils' {
  /** The tab group a component is inside: its chosen tab's value. */
  export function useTabs(): {selectedValue: string};
}
declare module 'crypto-js/sha1' {
  export default function sha1(message: string): {toString(): string};
}
declare module '@theme/ApiItem/hooks' {
  export function useTypedSelector<T>(select: (state: never) => T): T;
  export function useTypedDispatch(): (action: unknown) => void;
}
declare module '@theme/ApiExplorer/Server/slice' {
  export function setServer(serialized: string): unknown;
}
declare module 'prismjs/components/*.js';
