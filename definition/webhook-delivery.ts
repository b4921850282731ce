/**
 * How Kestrel delivers webhooks, as the definition states it once in the root extension
 * `x-webhook-delivery`: the time an endpoint has to answer, which statuses acknowledge a delivery,
 * when each attempt is made (minutes after the first), and how long a rotated-out secret keeps
 * signing. The sandbox delivers by it, and the pages that state the schedule are drawn from it or
 * checked against it, so a change here changes all of them. A missing or malformed member fails,
 * naming it: a schedule with a hole would be delivered and documented wrong.
 */
import {isObject} from './refs.ts';
import type {JsonObject, WebhookDelivery} from './types.ts';

export type {WebhookDelivery};

const AT = '#/x-webhook-delivery';

function positive(value: unknown, name: string): number {
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) return value;
  throw new Error(`definition: ${AT}/${name} is ${JSON.stringify(value)}, not a positive number`);
}

/** The delivery rules of the bundled definition `doc`. */
export function webhookDeliveryOf(doc: JsonObject): WebhookDelivery {
  const rules = doc['x-webhook-delivery'];
  if (!isObject(rules)) throw new Error(`definition: ${AT} is missing or not an object`);
  const {attemptMinutes, acknowledgedBy} = rules;
  if (
    !Array.isArray(attemptMinutes) ||
    attemptMinutes[0] !== 0 ||
    !attemptMinutes.every((m, i) => typeof m === 'number' && (i === 0 || m > (attemptMinutes[i - 1] as number)))
  ) {
    throw new Error(`definition: ${AT}/attemptMinutes must be increasing minutes that start at 0`);
  }
  if (typeof acknowledgedBy !== 'string' || !/^[1-5]xx$/.test(acknowledgedBy)) {
    throw new Error(
      `definition: ${AT}/acknowledgedBy is ${JSON.stringify(acknowledgedBy)}, not a status class such as 2xx`,
    );
  }
  return {
    timeoutSeconds: positive(rules.timeoutSeconds, 'timeoutSeconds'),
    acknowledgedBy,
    attemptMinutes: attemptMinutes as number[],
    secretRotationOverlapHours: positive(rules.secretRotationOverlapHours, 'secretRotationOverlapHours'),
  };
}

/** Whether an endpoint's answer with this status acknowledges the delivery. */
export function acknowledges(rules: WebhookDelivery, status: number): boolean {
  return Math.floor(status / 100) === Number(rules.acknowledgedBy[0]);
}

/** A duration in minutes as the pages write it: `immediately` is the caller's; 90 -> `90 minutes`, 120 -> `2 hours`. */
export function minutesInWords(minutes: number): string {
  const [n, unit] = minutes % 60 === 0 ? [minutes / 60, 'hour'] : [minutes, 'minute'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}
