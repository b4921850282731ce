/**
 * Every Kestrel brand value lives here so that a rename is one edit.
 * All addresses sit under the reserved `.example` domain (RFC 2606), so no link in the docs can reach a real host.
 */
export const brand = {
  name: 'Kestrel',
  portalTitle: 'Kestrel Developers',
  tagline: 'Guides and API reference for the Kestrel payments API',
  /** Where the built portal is published (used for canonical URLs and the sitemap). */
  portalUrl: 'https://docs.kestrel.example',
  developerSite: 'https://developer.kestrel.example',
  legal: {
    apiTerms: 'https://developer.kestrel.example/legal/api-terms',
    merchantTerms: 'https://developer.kestrel.example/legal/merchant-terms',
    privacy: 'https://developer.kestrel.example/legal/privacy',
  },
  statusPage: 'https://status.kestrel.example',
  api: {
    production: 'https://api.kestrel.example/v1',
    sandbox: 'https://api.sandbox.kestrel.example/v1',
  },
  dashboard: 'https://dashboard.kestrel.example',
  oauthServer: 'https://auth.kestrel.example',
  supportEmail: 'developers@kestrel.example',
  social: {label: 'Kestrel on Social', href: 'https://social.kestrel.example/@kestrel'},
  blogPost: {
    label: 'Introducing the Kestrel API',
    href: 'https://kestrel.example/blog/introducing-the-kestrel-api',
  },
  /** Google Analytics 4 measurement id; KESTREL_GTAG_ID overrides it at build time. */
  analyticsId: 'G-KESTREL000',
  /** Bump the id when the text changes, so readers who dismissed the old bar see the new one. */
  announcement: {
    id: 'sandbox-2026-11',
    html: 'The Kestrel sandbox now simulates expired and failed payments. <a href="/sandbox/">See the test inputs</a>.',
  },
} as const;

/** The one-paragraph summary at the top of /llms.txt, for AI assistants. */
export const llmsSummary =
  `${brand.name} is a payments API: receive, hold, exchange and send money over Bitcoin Lightning, ` +
  `on-chain Bitcoin and bank rails, with balances in BTC, USD, EUR and GBP, one REST interface ` +
  `(${brand.api.production}, sandbox ${brand.api.sandbox}) and signed webhooks. This portal holds the ` +
  `guides (authentication, rate limits, sandbox, webhooks, a walkthrough of each money flow) and a ` +
  `reference page for every API operation and webhook event.`;

/**
 * Google Analytics 4 (the gtag plugin): the script host and the hosts it reports to. The build
 * preconnects to the first two; the Content-Security-Policy allows all of them.
 */
export const analyticsOrigins = {
  script: 'https://www.googletagmanager.com',
  collect: 'https://www.google-analytics.com',
  /** GA4 also reports to regional subdomains of these (Google's CSP guide for GA4). */
  connectPatterns: [
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
    'https://*.googletagmanager.com',
  ],
} as const;

/** Every external origin the portal may link to; tests check each external link against it. */
export const externalOrigins: readonly string[] = [
  brand.developerSite,
  brand.statusPage,
  brand.dashboard,
  brand.oauthServer,
  new URL(brand.social.href).origin,
  new URL(brand.blogPost.href).origin,
  new URL(brand.api.production).origin,
  new URL(brand.api.sandbox).origin,
  // <link rel="preconnect"> of the gtag plugin.
  analyticsOrigins.script,
  analyticsOrigins.collect,
];
