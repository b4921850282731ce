/**
 * A deprecation must give the notice the policy states (`x-api-lifecycle.deprecationNoticeDays`):
 * a newly deprecated operation, parameter or field says in `x-deprecation` when it was deprecated
 * and when it goes, at least that many days apart. One that does not is a breaking change; one
 * that does is listed as deprecated.
 */
import {daysBetween, deprecationOf, lifecycleOf} from '../lifecycle.ts';
import type {Context, Page} from './context.ts';
import {nodeAt, schemaOfPointer} from './pointers.ts';

export interface Deprecated {
  /** Where the deprecated item is written in the newer definition. */
  pointer: string;
  /** The item as a sentence names it. */
  what: string;
  page?: Page;
  anchor?: string;
}

export function deprecationRule(ctx: Context, item: Deprecated): void {
  const notice = lifecycleOf(ctx.newer.doc)?.deprecationNoticeDays;
  const deprecation = deprecationOf(nodeAt(ctx.newer.doc, item.pointer), item.pointer);
  const base = {pointer: item.pointer, page: item.page, anchor: item.anchor, schema: schemaOfPointer(item.pointer)};
  if (notice === undefined) {
    ctx.add({
      ...base,
      rule: 'deprecation-without-notice',
      severity: 'breaking',
      message: `${item.what} is deprecated, but the definition states no notice period (x-api-lifecycle).`,
    });
  } else if (!deprecation) {
    ctx.add({
      ...base,
      rule: 'deprecation-without-notice',
      severity: 'breaking',
      message: `${item.what} is deprecated without a sunset date (x-deprecation); the policy gives ${notice} days' notice.`,
    });
  } else if (daysBetween(deprecation.since, deprecation.sunset) < notice) {
    ctx.add({
      ...base,
      rule: 'deprecation-without-notice',
      severity: 'breaking',
      message: `${item.what} is deprecated on ${deprecation.since} with its sunset on ${deprecation.sunset}, ${daysBetween(deprecation.since, deprecation.sunset)} days' notice where the policy gives ${notice}.`,
    });
  } else {
    ctx.add({
      ...base,
      rule: 'deprecated',
      severity: 'deprecated',
      message: `${item.what} is deprecated since ${deprecation.since}; it stops working on ${deprecation.sunset}.`,
    });
  }
}
