/**
 * What the "Try it" explorer needs to know about one operation: plain JSON, written by the build
 * (definition/try-it.ts) into the page's data and read by the browser (src/components/TryIt). The
 * two sides share only this file, so it imports nothing.
 */

export type TryItJson = null | boolean | number | string | TryItJson[] | {[key: string]: TryItJson};

/** An API server the reader can send to; the local-sandbox build adds "Local sandbox" (sandbox/local-sandbox.mjs). */
export interface TryItServer {
  url: string;
  /** The label shown in the server choice: `Production`, `Sandbox`, `Local sandbox`. */
  description: string;
}

/** The part of a parameter's schema that draws its form control and checks its value. */
export interface TryItParameterSchema {
  /** The JSON types as written (`['string']`, `['integer']`); empty when any value is allowed. */
  type: string[];
  /** The named schema it refers to (`Currency`): the hint names a named enum as the page does. */
  schemaName?: string;
  format?: string;
  enum?: TryItJson[];
  default?: TryItJson;
  example?: TryItJson;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
}

export type TryItParameterPlace = 'path' | 'query' | 'header';

export interface TryItParameter {
  name: string;
  in: TryItParameterPlace;
  required: boolean;
  /** The parameter's description (Markdown source, shown as plain text under the field). */
  description?: string;
  deprecated: boolean;
  /** The parameter's own example, else its schema's. */
  example?: TryItJson;
  schema: TryItParameterSchema;
}

export interface TryItBody {
  /** `application/json`: the only media type the definition's requests use. */
  mediaType: string;
  required: boolean;
  /** The request body's schema, self-contained (JSON Schema 2020-12, the schemas it uses under `$defs`). */
  schema: {[key: string]: TryItJson};
  /** The first example of the request body, which prefills the editor; absent when the definition gives none. */
  example?: TryItJson;
}

export interface TryItOperation {
  /** The page's route is `/api/{slug}`. */
  slug: string;
  operationId: string;
  method: 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH';
  /** The path template, such as `/invoices/{invoiceId}`. */
  path: string;
  summary: string;
  /** In the definition's order; the first is the default choice. */
  servers: TryItServer[];
  /**
   * Path, query and header parameters in that order, without `Idempotency-Key` (the explorer fills
   * that one itself when `idempotent` is true).
   */
  parameters: TryItParameter[];
  /** Whether the operation takes an `Idempotency-Key` header: the explorer sends a fresh UUID, renewable. */
  idempotent: boolean;
  /** Whether the operation needs credentials: the explorer asks for a bearer token. */
  authenticated: boolean;
  /** The scopes any one of which the token needs (shown beside the token field). */
  scopes: string[];
  body?: TryItBody;
}

/** The request header that makes a write safe to repeat. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
