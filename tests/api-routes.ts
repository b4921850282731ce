/**
 * The API reference's pages as a bundled definition makes them, read with the definition model so
 * that no list of slugs is written anywhere else: each operation's and webhook event's page
 * `/api/{slug}`, and the groups of the API sidebar. The browser and after-build tests read the
 * copy the build published (`build/openapi.json`).
 */
import {readFileSync} from 'node:fs';
// model.ts, not index.ts: index.ts also exports the bundle loader, whose path comes from
// import.meta, and Playwright loads test helpers as CommonJS.
import {buildDefinition} from '../definition/model.ts';

type ApiRoutes = {
  /** Every operation's slug, in the definition's order. */
  operationSlugs: string[];
  /** Every operation's page slug with its method and path (`GET`, `/invoices`). */
  operations: {slug: string; method: string; path: string}[];
  /** Every webhook event page's slug. */
  webhookSlugs: string[];
  /** The groups that hold operations, in the API sidebar's order, each with its operations' slugs. */
  operationGroups: {label: string; slugs: string[]}[];
};

export function apiRoutes(file = 'build/openapi.json'): ApiRoutes {
  const model = buildDefinition(JSON.parse(readFileSync(file, 'utf8')));
  const operationSlugs = model.operations.map((op) => op.slug);
  const operations = new Set(operationSlugs);
  return {
    operationSlugs,
    operations: model.operations.map((op) => ({slug: op.slug, method: op.method, path: op.path})),
    webhookSlugs: model.webhooks.map((webhook) => webhook.slug),
    operationGroups: model.groups
      .map((group) => ({label: group.name, slugs: group.slugs.filter((slug) => operations.has(slug))}))
      .filter((group) => group.slugs.length > 0),
  };
}
