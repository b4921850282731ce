/**
 * The production build holds exactly the routes its sources make: each guide's front matter, the
 * API reference's two written pages, and one page per operation and per webhook event of the
 * definition the build published, compared both ways.
 */
import {test, expect} from '@playwright/test';
import {API_OVERVIEW_ROUTES} from '../../config/routes';
import {GUIDE_ROUTES} from './fixtures';
import {apiRoutes} from '../api-routes';
import {sitemapRoutes} from '../built-files';

const {operationSlugs, webhookSlugs} = apiRoutes();

test('the sitemap lists every published route and nothing else', async () => {
  const built = sitemapRoutes();
  const expected = [
    ...GUIDE_ROUTES,
    ...API_OVERVIEW_ROUTES,
    ...[...operationSlugs, ...webhookSlugs].map((slug) => `/api/${slug}`),
  ];
  expect([...built].sort()).toEqual([...expected].sort());
});
