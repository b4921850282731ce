// The lunr build that the plugin's indexer and its browser client share (a CommonJS module): lunr
// 2.3.9 adjusted to index literal fields. What our code and tests use of it, as lunr documents it.
declare module '@cmfcmf/docusaurus-search-local/lib/lunr.js' {
  interface Token {
    str: string;
    metadata: Record<string, unknown>;
    toString(): string;
    update(fn: (str: string, metadata: Record<string, unknown>) => string): Token;
    clone(fn?: (str: string, metadata: Record<string, unknown>) => string): Token;
  }
  interface Builder {
    ref(name: string): void;
    field(name: string, attributes?: {boost?: number}): void;
    add(doc: object, attributes?: {boost?: number}): void;
  }
  /** A built index: JSON.stringify serialises it as the index files hold it. */
  interface Index {
    invertedIndex: Record<string, Record<string, unknown>>;
    toJSON(): object;
  }
  type PipelineFunction = (token: Token, index: number, tokens: Token[]) => Token | Token[] | null | undefined;
  interface Lunr {
    (config: (this: Builder, builder: Builder) => void): Index;
    Token: new (str: string, metadata?: object) => Token;
    Builder: new () => Builder;
    Query: {
      wildcard: {NONE: number; LEADING: number; TRAILING: number};
      prototype: {
        term(term: string | string[], options?: {fields?: string[]; boost?: number; wildcard?: number}): unknown;
      };
    };
    tokenizer: ((obj?: unknown, metadata?: object) => Token[]) & {separator: RegExp};
    // Generic: each returns the token it was given (or nothing), whatever else the caller knows of it.
    stemmer<T extends {toString(): string}>(token: T): T;
    stopWordFilter<T extends {toString(): string}>(token: T): T | undefined;
    Pipeline: {
      registeredFunctions: Record<string, PipelineFunction>;
      registerFunction(fn: PipelineFunction, label: string): void;
    };
  }
  const lunr: Lunr;
  export default lunr;
}
