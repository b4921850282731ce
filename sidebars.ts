import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';

// Categories have no link of their own: a generated index page would add a route the spec does not list.
const sidebars: SidebarsConfig = {
  tutorialSidebar: [
    {
      type: 'category',
      label: 'Get started',
      items: ['introduction', 'account/overview', 'account/dashboard', 'sandbox'],
    },
    {
      type: 'category',
      label: 'Authentication',
      items: ['api-keys/overview', 'api-keys/authorization', 'kestrel-oauth-connect'],
    },
    {
      type: 'category',
      label: 'Operating',
      items: ['rate-limits', 'maintenance'],
    },
    {
      type: 'category',
      label: 'Webhooks',
      items: [
        'webhooks/overview',
        'webhooks/setting-up-webhooks',
        'webhooks/signature-verification',
        'webhooks/failure-recovery',
      ],
    },
    {
      type: 'category',
      label: 'Walkthroughs',
      items: [
        'walkthrough/walkthroughs-overview',
        'walkthrough/receiving-payments',
        'walkthrough/sending-payments',
        'walkthrough/making-payouts',
        'walkthrough/exchanging-currencies',
        'walkthrough/directing-payments-third-party',
        'walkthrough/example-apps',
      ],
    },
  ],
};

export default sidebars;
