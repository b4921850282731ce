/**
 * A receive request as 1.0.0 answers it: with its BOLT11 invoice as `lnInvoice` (1.0.0 requires
 * it), and without the LNURL-pay link 2.0.0 added (dropped with every field 1.0.0 does not declare).
 */
import {stringAt, type JsonObject} from '../api-data.ts';
import type {World} from '../world.ts';
import {withInvoice} from './receive-request-invoice.ts';

export function receiveRequestAtV1(answered: JsonObject, world: World): JsonObject {
  const stored = world.store.get('ReceiveRequest', stringAt(answered, 'id'));
  if (!stored) return answered;
  return {...answered, lnInvoice: stringAt(withInvoice(world, stored), '_lnInvoice')};
}
