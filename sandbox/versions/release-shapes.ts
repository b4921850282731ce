/**
 * Per earlier release, the shape it gave each schema that a later release changed in a way a client
 * notices, keyed by the schema's name (what an answer or its page's items are). The latest release
 * has no entry: its answers are the working definition's.
 */
import type {JsonObject} from '../api-data.ts';
import type {World} from '../world.ts';
import {balanceAtV1} from './v1-balance.ts';
import {eventAtV1} from './v1-event.ts';
import {lapsedAtV1} from './v1-lapsed.ts';
import {receiveRequestAtV1} from './v1-receive-request.ts';

export type Shape = (answered: JsonObject, world: World) => JsonObject;

export const RELEASE_SHAPES: Record<string, Record<string, Shape>> = {
  '1.0.0': {
    ReceiveRequest: receiveRequestAtV1,
    Payout: lapsedAtV1,
    CurrencyExchangeQuote: lapsedAtV1,
    AccountBalance: balanceAtV1,
    Event: eventAtV1,
  },
};

/** The shape a release gives a schema, if it differs from the latest release's. */
export const shapeAt = (version: string, schema: string): Shape | undefined => RELEASE_SHAPES[version]?.[schema];

/**
 * Stored objects of `kind` as the release writes them, before a list filters and sorts them, so
 * `$filter` and `$orderby` read the values a client of that release sees (1.0.0's `NEW`).
 */
export function servedItems(version: string, kind: string, items: JsonObject[], world: World): JsonObject[] {
  const shape = shapeAt(version, kind);
  return shape ? items.map((item) => shape(item, world)) : items;
}
