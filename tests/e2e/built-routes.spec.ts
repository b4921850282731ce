/**
 * The production build holds exactly the routes of config/routes.ts (plus one page per webhook
 * event of the definition), compared both ways.
 */
import {test, expect} from '@playwright/test';
import {readFileSync} from 'node:fs';
import kebabCase from 'lodash/kebabCase';
import {API_SLUGS} from '../../config/routes';
import {GUIDE_ROUTES} from './fixtures';
import {sitemapRoutes} from '../built-files';

const definition = JSON.parse(readFileSync('build/openapi.json', 'utf8'));
const webhookSlugs = Object.values(
  definition.webhooks as Record<string, Record<string, {operationId: string}>>,
).flatMap((item) => Object.values(item).map((op) => kebabCase(op.operationId)));

test('the sitemap lists every published route and nothing else', async () => {
  const built = sitemapRoutes();
  const expected = [
    ...GUIDE_ROUTES,
    '/api/',
    '/api/introduction',
    ...API_SLUGS.map((slug) => `/api/${slug}`),
    ...webhookSlugs.map((slug) => `/api/${slug}`),
  ];
  expect(webhookSlugs.length).toBeGreaterThanOrEqual(8);
  expect([...built].sort()).toEqual([...expected].sort());
});
