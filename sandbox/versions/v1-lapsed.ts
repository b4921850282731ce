/**
 * A payout or exchange quote past its `expiration` as 1.0.0 shows it. 1.0.0 has no `EXPIRED`: such
 * an object stays `NEW` with its `expiration` in the past ("an unexecuted quote simply expires";
 * "a payout that has expired must be created again"), and executing or initiating it answers
 * `422 QUOTE_EXPIRED`, as at every version.
 */
import type {JsonObject} from '../api-data.ts';

export const lapsedAtV1 = (answered: JsonObject): JsonObject =>
  answered.status === 'EXPIRED' ? {...answered, status: 'NEW'} : answered;
