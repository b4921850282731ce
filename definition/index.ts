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
export {idempotencyOf, idempotencyOutcome, idempotencyTableProblems, idempotentAnswerCodes} from './idempotency.ts';
export {slugOf} from './operations.ts';
export {tryItOperation} from './try-it.ts';
export {acknowledges, minutesInWords, webhookDeliveryOf, type WebhookDelivery} from './webhook-delivery.ts';
export {signWebhook, webhookSignatureOf, type WebhookSignature} from './webhook-signature.ts';
export {isOpenEnum, OPEN_ENUM_EXTENSION, openEnumsOf} from './open-enums.ts';
export {daysBetween, deprecationOf, lifecycleOf, type ApiLifecycle} from './lifecycle.ts';
export type * from './types.ts';
