/** What the API-changes diff gives: one entry per change and per page it reaches. */

export type ChangeSeverity = 'breaking' | 'additive' | 'deprecated';

export interface ApiChange {
  /**
   * `${rule}:${pointer}`, stable from one run to the next. A change to a shared schema reaches
   * several operations and webhooks: it is listed once for each, and those entries share this id
   * (and the release's migration note for it).
   */
  id: string;
  rule: string;
  severity: ChangeSeverity;
  /** One sentence naming the operation, schema or field. */
  message: string;
  /** JSON pointer in the newer bundle, or in the older one when the thing was removed. */
  pointer: string;
  operation?: {slug: string; operationId: string};
  schema?: string;
  /** The webhook page's slug (`/api/{webhook}`); its event type is in the message. */
  webhook?: string;
  /** The row's id on the operation or webhook page (`request-body.amount.currency`); absent when removed. */
  anchor?: string;
}

export interface Release {
  version: string;
  /** YYYY-MM-DD. */
  date: string;
  summary: string;
  /**
   * YYYY-MM-DD: when the release was deprecated (a later major release replaced it); its answers
   * carry `Deprecation` from then on. Given together with `sunset`.
   */
  deprecated?: string;
  /** YYYY-MM-DD: from this day the release is no longer served; at least the policy's notice after `deprecated`. */
  sunset?: string;
  /** The bundled definition of the release. */
  definition: object;
}
