/**
 * What the site's routes need that no page says of itself: the guides' sidebar, as categories in
 * reading order each with its doc ids, and the API reference's two written pages.
 *
 * A guide's route is its front matter `slug` (read by config/guide-routes.ts); an operation's page
 * is `/api/{slug}`, with the slug the definition model gives it (`slugOf` in definition/). Neither
 * is written here again.
 */

/** The guides' sidebar (`tutorialSidebar`): categories in reading order, each with its doc ids (paths under docs/ without the extension). */
export const GUIDE_CATEGORIES: readonly {label: string; ids: readonly string[]}[] = [
  {label: 'Get started', ids: ['introduction', 'account/overview', 'account/dashboard', 'sandbox']},
  {label: 'Authentication', ids: ['api-keys/overview', 'api-keys/authorization', 'kestrel-oauth-connect']},
  {label: 'Operating', ids: ['rate-limits', 'maintenance']},
  {
    label: 'Webhooks',
    ids: [
      'webhooks/overview',
      'webhooks/setting-up-webhooks',
      'webhooks/signature-verification',
      'webhooks/failure-recovery',
    ],
  },
  {
    label: 'Walkthroughs',
    ids: [
      'walkthrough/walkthroughs-overview',
      'walkthrough/receiving-payments',
      'walkthrough/sending-payments',
      'walkthrough/making-payouts',
      'walkthrough/exchanging-currencies',
      'walkthrough/directing-payments-third-party',
      'walkthrough/example-apps',
    ],
  },
];

/** Every guide's doc id, in sidebar order. */
export const GUIDE_IDS: readonly string[] = GUIDE_CATEGORIES.flatMap((category) => category.ids);

/** The API reference's two hand-written pages. */
export const API_OVERVIEW_ROUTES = ['/api/', '/api/introduction'] as const;
