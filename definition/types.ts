/**
 * The shapes of the definition model: plain data (JSON-serialisable), so a plugin can write a page's
 * share of it to a file and a component can draw it. Every `$ref` is already followed; nothing here
 * holds one.
 */
import type {RetryAdvice} from '../config/retry-advice.ts';

export type Json = null | boolean | number | string | Json[] | JsonObject;
export interface JsonObject {
  [key: string]: Json;
}

export type HttpMethod = 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH';

/** Which way a body travels: a request drops `readOnly` fields, a response `writeOnly` ones. */
export type Direction = 'request' | 'response';

/** What a schema says about one value, whatever its place in a tree. */
export interface SchemaFacts {
  /** The JSON types as written (`['string', 'null']`); empty when the schema allows any value. */
  type: string[];
  /** The component name when the schema is a `$ref` to `#/components/schemas/{name}`. */
  schemaName?: string;
  title?: string;
  description?: string;
  format?: string;
  enum?: Json[];
  /** `x-enumDescriptions`: a note per enum value. */
  enumDescriptions?: Record<string, string>;
  const?: Json;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  default?: Json;
  /** `example`, else the first of the schema's `examples`. */
  example?: Json;
  readOnly: boolean;
  writeOnly: boolean;
  deprecated: boolean;
  /** For an array: what each item is (its own fields are the array field's `children`). */
  items?: SchemaFacts;
}

/** One field of a body, with the fields below it. */
export interface Field extends SchemaFacts {
  /** The property name; `''` for the root of a body. */
  name: string;
  /**
   * The path from the root: `amount.currency`; the items of an array add `[]` (`items[].id`), the
   * values of a map `.*`. `''` for the root.
   */
  path: string;
  /** Whether the parent object requires it (the root: whether the body is required). */
  required: boolean;
  /** An object's properties, or the properties of an array's items, in the definition's order. */
  children: Field[];
  /** A map's values (`additionalProperties` with a schema): path `{path}.*`. */
  additionalProperties?: Field;
  /** A schema that holds itself (a tree of replies): its fields are given once, above, not again here. */
  recursive: boolean;
}

export interface Example {
  /** The key under `examples`, or `example` for a lone `example`. */
  name: string;
  summary?: string;
  description?: string;
  value: Json;
}

/** `x-deprecation` of something `deprecated: true`: the day it was deprecated and the day it goes away. */
/** `x-deprecation` on a deprecated operation, parameter or field (read by `deprecationOf`). */
export interface Deprecation {
  /** The day it was deprecated (YYYY-MM-DD). */
  since: string;
  /** The day it stops working (YYYY-MM-DD). */
  sunset: string;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  description?: string;
  deprecated: boolean;
  /** When `deprecated`: its dates. */
  deprecation?: Deprecation;
  example?: Json;
  /** The parameter's schema as a field named after it (`path` is the name). */
  schema: Field;
  /** The local JSON pointer of the parameter's schema, for a validator that compiles the whole definition. */
  schemaPointer: string;
}

export interface ParameterGroups {
  path: Parameter[];
  query: Parameter[];
  header: Parameter[];
}

export interface Body {
  /** The media type, such as `application/json`. */
  mediaType: string;
  description?: string;
  required: boolean;
  /** The root of the field tree (`name` and `path` are `''`); its `children` are the top-level fields. */
  schema: Field;
  /** The local JSON pointer of the body's schema, for a validator that compiles the whole definition. */
  schemaPointer: string;
  examples: Example[];
}

export interface Header {
  name: string;
  description?: string;
  required: boolean;
  schema: Field;
  example?: Json;
}

export interface Response {
  /** The status as the definition writes it: `200`, `404`, `default`. */
  status: string;
  description: string;
  /** The component (`#/components/responses/{name}`) the response is shared from, if any. */
  component?: string;
  headers: Header[];
  /** The first media type's body; undefined for an answer without content (204). */
  body?: Body;
  /** The problem codes this answer carries (an error status): from its examples, else its description. */
  errorCodes: string[];
}

/** The problem codes an operation can answer with at one error status. */
export interface ErrorStatus {
  status: string;
  description: string;
  codes: string[];
}

export interface SecurityRequirement {
  /** The security scheme's name, such as `apiKey` or `oauth2`. */
  scheme: string;
  scopes: string[];
}

export interface CodeSample {
  lang: string;
  label?: string;
  source: string;
}

/** `x-filterable` on a list operation (definition/filterable.ts reads it). */
export interface ListFilter {
  /** Fields of each item as OData paths (`amount/currency`): `$filter` compares them, `$orderby` sorts on them. */
  fields: string[];
  /** Lists inside each item that `$filter` reaches with `any` (`deliveries/any(d: d/status eq 'FAILED')`), with their elements' fields. */
  any: {collection: string; fields: string[]}[];
  /** Filters that work, each with what it finds when that is not plain from the filter. */
  examples: {filter: string; finds?: string}[];
}

export interface Operation {
  /** The page's route is `/api/{slug}`: the operationId in kebab case. */
  slug: string;
  operationId: string;
  method: HttpMethod;
  /** The path template, such as `/invoices/{invoiceId}`. */
  path: string;
  /** The first tag: the operation's group in the sidebar. */
  group: string;
  tags: string[];
  summary: string;
  description: string;
  deprecated: boolean;
  /** When `deprecated`: its dates. */
  deprecation?: Deprecation;
  /** Any one of these grants access; empty for an operation that needs no credentials. */
  security: SecurityRequirement[];
  /** Every scope named by `security`, once each. */
  scopes: string[];
  /** Whether it takes an `Idempotency-Key` header. */
  idempotent: boolean;
  /** Path-level parameters first, overridden by the operation's own of the same name and place. */
  parameters: ParameterGroups;
  requestBody?: Body;
  /** In the definition's order. */
  responses: Response[];
  /** The error statuses (4xx, 5xx) with their codes, in the definition's order. */
  errors: ErrorStatus[];
  /** `x-codeSamples`, as the bundle script writes them; empty in a bundle without them. */
  codeSamples: CodeSample[];
  /** `x-filterable`: what a list operation's `$filter` and `$orderby` may name; undefined for any other operation. */
  filterable?: ListFilter;
  /** The local JSON pointer of the operation, for messages. */
  pointer: string;
}

export interface Webhook {
  /** The page's route is `/api/{slug}`: the operationId (else the summary) in kebab case. */
  slug: string;
  /** The event type, the key under `webhooks`: `invoice.created`. */
  event: string;
  operationId: string;
  method: HttpMethod;
  group: string;
  summary: string;
  description: string;
  /** The headers each delivery carries (`Kestrel-Signature`). */
  headers: Parameter[];
  /** The event's body, read as a response: the receiver gets what Kestrel writes. */
  payload?: Body;
  /** What the receiver answers. */
  responses: Response[];
  pointer: string;
}

export interface Server {
  url: string;
  description?: string;
}

export interface Group {
  /** The tag's name: the group's label in the sidebar. */
  name: string;
  description?: string;
  /** The slugs of its operations and webhooks, in the definition's order. */
  slugs: string[];
}

/** Whether to send a request again after an error: the four values of config/retry-advice.ts. */
export type Retry = RetryAdvice;

export interface ErrorCode {
  code: string;
  /** `x-error-catalogue`'s status, else (released definitions up to 2.0.0) the one its description gives in brackets. */
  status?: number;
  /** The `x-enumDescriptions` note as written. */
  description?: string;
  /** The note without a status bracket (which released definitions up to 2.0.0 open it with): what the code means. */
  meaning?: string;
  /** From `x-error-catalogue`: whether and how to send the request again. */
  retry?: Retry;
  /** From `x-error-catalogue`: what to do (Markdown). */
  action?: string;
  /** The slugs of the operations whose errors name it, in the definition's order. */
  operations: string[];
}

/** What to send after an answer to a request with an `Idempotency-Key`: the same four values. */
export type IdempotencyNext = RetryAdvice;

/** How a request's body is compared with the body of the request whose answer is kept. */
export type BodyComparison = 'parsed-json' | 'bytes';

/** `x-webhook-delivery`: how Kestrel delivers webhooks (definition/webhook-delivery.ts reads it). */
export interface WebhookDelivery {
  /** An endpoint must answer within this many seconds, or the attempt failed. */
  timeoutSeconds: number;
  /** The statuses that acknowledge a delivery, as a class such as `2xx`; redirects are not followed. */
  acknowledgedBy: string;
  /** When each attempt is made, in minutes after the first attempt; the first is 0. */
  attemptMinutes: number[];
  /** How long, in hours, the previous secret keeps signing beside the new one after a rotation. */
  secretRotationOverlapHours: number;
}

/** `x-rate-limit`: the production request budget of one API key (definition/rate-limit.ts reads it). */
export interface RateLimit {
  /** Requests one key may send per window. */
  requestsPerWindow: number;
  /** The length of a fixed window, in seconds. */
  windowSeconds: number;
}

/** One row of `x-idempotency`: an answer (a 2xx, or an error status and code) and what follows it. */
export interface IdempotencyOutcome {
  status: number | '2xx';
  code?: string;
  /** Whether the answer is kept against the key, and replayed to the same request. */
  kept: boolean;
  next: IdempotencyNext;
}

/** `x-idempotency` on the `Idempotency-Key` parameter component. */
export interface IdempotencyRules {
  retentionHours: number;
  bodyComparison: BodyComparison;
  outcomes: IdempotencyOutcome[];
}

export interface Info {
  title: string;
  version: string;
  summary?: string;
  description?: string;
}

export interface ApiDefinition {
  info: Info;
  servers: Server[];
  /** The definition's tags in order, each with its pages. */
  groups: Group[];
  operations: Operation[];
  webhooks: Webhook[];
  /** The `ErrorCode` schema's enum, in order. */
  errorCodes: ErrorCode[];
  /** `x-idempotency`: which answers a key keeps and what to send after each. */
  idempotency?: IdempotencyRules;
  /** `x-webhook-delivery`: the delivery timeout, the acknowledging statuses, the attempt schedule, the rotation overlap. */
  webhookDelivery?: WebhookDelivery;
  /** `x-rate-limit`: the production requests per window of one API key. */
  rateLimit?: RateLimit;
  /** `x-events`: the days Kestrel keeps an event. */
  eventRetentionDays?: number;
  /** The bundled definition itself, for a validator that compiles its schemas (the pointers above point into it). */
  document: JsonObject;
}
