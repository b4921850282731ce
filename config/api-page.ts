/**
 * What an API reference page draws: plain JSON that plugins/api-reference writes for each operation
 * and webhook page at build time and src/components/ApiPage renders. Every description is already
 * HTML and every constraint already words, so the browser needs no Markdown parser and no schema
 * logic. The two sides share only this file, so it imports nothing but its siblings.
 */
import type {PageChange} from './changelog';
import type {TryItOperation} from './try-it';

/** One parameter, header or body field, with the fields below it. */
/**
 * What an older release still served lacks: the release that added an operation, a webhook or a
 * field, the served releases before it, and the changelog entry (`/api/introduction#change-...`).
 */
export interface ApiSince {
  version: string;
  /** The releases, still served, that do not have it, oldest first. */
  notIn: string[];
  href: string;
}

export interface ApiField {
  name: string;
  /** The element id of its row: `request-body.amount.currency`, `query.$filter`, `response-201.fee.amount`. */
  anchor: string;
  /** The type in ./schema-words.ts's words: `string (date-time)`, `object (Money)`, `string or null`. */
  type: string;
  required: boolean;
  /** `read-only`, `write-only`, `deprecated`: what marks the field (the type says whether it may be null). */
  marks: string[];
  /** Constraints, enum values, default and example, in ./schema-words.ts's words as sentences (`1 to 255 characters.`). */
  facts: string[];
  descriptionHtml?: string;
  children: ApiField[];
  /** A schema that holds itself: its fields are given once, above. */
  recursive: boolean;
  /** Set when a release still served does not have the field. */
  since?: ApiSince;
}

export interface ApiExample {
  /** The tab's label: the example's summary, else its name. */
  label: string;
  /**
   * The value as indented JSON, highlighted at build time (plugins/highlight-code) and packed
   * (./packed-code.ts): unpacked, the inner HTML of its `<code>`.
   */
  packed: string;
}

export interface ApiBody {
  mediaType: string;
  required: boolean;
  descriptionHtml?: string;
  /** The top-level fields (a body that is one value, such as an array, has one field named after its type). */
  fields: ApiField[];
  examples: ApiExample[];
}

export interface ApiErrorCode {
  code: string;
  /** An element id for the code on this page: `error-INVOICE_NOT_FOUND`. */
  anchor: string;
}

export interface ApiResponse {
  status: string;
  /** `response-201` */
  anchor: string;
  descriptionHtml: string;
  headers: ApiField[];
  body?: ApiBody;
  errorCodes: ApiErrorCode[];
}

export interface ApiCodeSample {
  /** The tab value, one of config/code-sample-languages.ts's keys. */
  language: string;
  label: string;
  /** The Prism language that highlights it. */
  highlight: string;
  /**
   * The source highlighted at build time (plugins/highlight-code) and packed (./packed-code.ts):
   * unpacked, the inner HTML of its `<code>`, whose text is the source.
   */
  packed: string;
}

export interface ApiParameterGroups {
  path: ApiField[];
  query: ApiField[];
  header: ApiField[];
}

/**
 * What a list operation's `$filter` compares and `$orderby` sorts on (`x-filterable`): fields of
 * each item as OData paths, lists inside each item reached with `any`, and filters that work.
 */
export interface ApiListFilter {
  fields: string[];
  any: {collection: string; fields: string[]}[];
  examples: {filter: string; finds?: string}[];
}

interface ApiPageBase {
  slug: string;
  summary: string;
  descriptionHtml: string;
  responses: ApiResponse[];
  /** What the recent releases changed in this page's subject, newest first; absent when nothing. */
  changes?: PageChange[];
  /** Set when a release still served does not have this operation or webhook. */
  since?: ApiSince;
}

export interface ApiOperationPage extends ApiPageBase {
  kind: 'operation';
  method: string;
  path: string;
  /** The API servers, production first: the endpoint line shows the first one's base. */
  serverUrl: string;
  /** How a request is authorized, as HTML (`API key or OAuth 2.0 access token from …`); empty when none. */
  authHtml: string;
  scopes: string[];
  idempotent: boolean;
  deprecated: boolean;
  parameters: ApiParameterGroups;
  /** A list operation's filterable and sortable fields; undefined for any other operation. */
  filterable?: ApiListFilter;
  requestBody?: ApiBody;
  samples: ApiCodeSample[];
  tryIt: TryItOperation;
}

export interface ApiWebhookPage extends ApiPageBase {
  kind: 'webhook';
  /** The event type: `invoice.created`. */
  event: string;
  method: string;
  /** The headers every delivery carries. */
  headers: ApiField[];
  payload?: ApiBody;
}

export type ApiPage = ApiOperationPage | ApiWebhookPage;

/** Where the signature of a webhook delivery is explained; every webhook page links it. */
export const WEBHOOK_SIGNATURE_ROUTE = '/webhooks/signature-verification';

/** The conventions section that explains the Idempotency-Key header. */
export const IDEMPOTENCY_ROUTE = '/api/#conventions';
