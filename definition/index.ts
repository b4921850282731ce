/**
 * The API definition model: the bundled definition read once, every `$ref` followed here and only
 * here, and its operations, webhooks, groups, servers, error codes and idempotency outcomes as typed plain data.
 */
export {BUNDLED_DEFINITION, loadDefinition, readDefinition} from './load.ts';
export {buildDefinition} from './model.ts';
export {findOperation, findWebhook, requestBodySchema} from './lookup.ts';
export {fieldTree, flattenFields} from './fields.ts';
export {pointerOf, referencedSchemaName, resolve, schemaNameOf, standaloneSchema} from './refs.ts';
export {errorStatus} from './error-codes.ts';
export {keyProblemResponses} from './problem-responses.ts';
export {idempotencyOf, idempotencyOutcome, idempotencyTableProblems, idempotentAnswerCodes} from './idempotency.ts';
export {slugOf} from './operations.ts';
export {tryItOperation} from './try-it.ts';
export {acknowledges, minutesInWords, webhookDeliveryOf, type WebhookDelivery} from './webhook-delivery.ts';
export {rateLimitOf, type RateLimit} from './rate-limit.ts';
export {eventRetentionDaysOf} from './event-retention.ts';
export {exchangeFeePercentOf, minimumAmountsOf} from './amounts.ts';
export {exampleLifetimeOf, lifetimeOf} from './example-lifetime.ts';
export {signWebhook, webhookSignatureOf, type WebhookSignature} from './webhook-signature.ts';
export {isOpenEnum, OPEN_ENUM_EXTENSION, openEnumsOf} from './open-enums.ts';
export {daysBetween, deprecationOf, lifecycleOf, type ApiLifecycle} from './lifecycle.ts';
export {isObject} from './refs.ts';
export {valueAt} from './json-pointer.mjs';
export {
  PAYLOAD_ANCHOR,
  REQUEST_BODY_ANCHOR,
  errorCodeAnchor,
  fieldAnchor,
  parameterAnchor,
  responseAnchor,
  responseHeadersAnchor,
} from './anchors.ts';
export {tryItValidatorModule} from './try-it-validators.ts';
// The releases of the definition and what changed between them (definition/changes/).
export {diffDefinitions, historyEntry, readReleases, releaseHistory} from './changes/index.ts';
export {diffByRules} from './changes/diff.ts';
export type {ApiChange, Release, ReleaseHistoryEntry} from './changes/index.ts';
export {
  breakingOnce,
  bumpBetween,
  bumpProblems,
  describe as describeChange,
  releaseProblems,
  requiredBump,
  unreleasedProblems,
} from './changes/release-checks.ts';
export {MANIFEST, RELEASES_DIR, compareVersions, versionParts} from './changes/releases.ts';
export {releaseState, servedVersions, today} from './changes/support-window.ts';
export {
  NEXT_NOTES,
  NEXT_VERSION,
  declaredOf,
  notesFile,
  parseReleaseNotes,
  readReleaseNotes,
} from './changes/release-notes.ts';
export type {DeclaredChange, PlacedChange, ReleaseNotes} from './changes/release-notes.ts';
export {CHANGE_RULES} from './changes/rules.ts';
// The operations' ids, bodies and answers, as openapi-typescript generates them from the bundled definition (npm run gen-api).
export type {Answer, OperationId, RequestBody, Schema} from './kestrel-api-types.ts';
export type * from './types.ts';
