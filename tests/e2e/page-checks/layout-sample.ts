/**
 * The pages whose layout is checked at a phone's and a desktop's width: the first and last page of
 * each type in the sitemap, and the pages with the most tab groups, so that it is the same on every
 * run and covers each type's extremes.
 */
import {API_OVERVIEW_ROUTES} from '../../../config/routes';
import {apiRoutes} from '../../api-routes';
import {sitemapRoutes} from '../../built-files';

export type PageType = 'guide' | 'API overview' | 'operation' | 'webhook';

const OPERATION_ROUTES = new Set(apiRoutes().operationSlugs.map((slug) => `/api/${slug}`));

export function pageType(route: string): PageType {
  if (OPERATION_ROUTES.has(route)) return 'operation';
  if ((API_OVERVIEW_ROUTES as readonly string[]).includes(route)) return 'API overview';
  if (route.startsWith('/api/')) return 'webhook';
  return 'guide';
}

const MOST_TABS = ['/api/create-a-payout', '/api/issue-invoice', '/walkthrough/receiving-payments/'];

export const LAYOUT_SAMPLE: readonly string[] = (() => {
  const routes = sitemapRoutes();
  const sample = new Set(MOST_TABS.filter((route) => routes.includes(route)));
  for (const type of new Set(routes.map(pageType))) {
    const ofType = routes.filter((route) => pageType(route) === type);
    sample.add(ofType[0]!).add(ofType[ofType.length - 1]!);
  }
  return [...sample];
})();
