/**
 * STAND-IN, only so the policy and the compatibility section can name them on this branch: the
 * releases work provides this module, reading the enums the definition declares open (an `x-`
 * extension on each schema). Same export.
 *
 * The schema names of the enums to which Kestrel may add a value without a new major version: a
 * client must accept a value it does not know. Every other enum, every status among them, is closed.
 */
/** The extension that marks an enum open, as the schema carries it (`x-open-enum: true`). */
export const OPEN_ENUM_EXTENSION = 'x-open-enum';

export function openEnums(): string[] {
  return ['Currency', 'ErrorCode', 'EventType', 'FiatCurrency', 'PaymentNetwork', 'WebhookVersion'];
}
