/**
 * An event as 1.0.0's events API answers it: `deliverySuccess` is true once any subscription's
 * endpoint acknowledged it (2.0.0: once every one did), and there is no `deliveries`, which
 * 1.0.0 does not have.
 */
import {isObject, type JsonObject} from '../api-data.ts';

export function eventAtV1(event: JsonObject): JsonObject {
  // Already shaped (a list shapes its events before filtering them): unchanged.
  if (!('deliveries' in event)) return event;
  const {deliveries, ...rest} = event;
  const acknowledged = Array.isArray(deliveries) && deliveries.some((d) => isObject(d) && d.status === 'SUCCEEDED');
  return {...rest, deliverySuccess: acknowledged};
}
