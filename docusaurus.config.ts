import type {Config} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import {brand, llmsSummary} from './config/brand';
import kestrelTheme, {codeThemes, ssrTemplate} from './packages/kestrel-theme';
import kestrelSearch, {type KestrelSearchOptions} from './packages/kestrel-search';
import {bundledApiTerms} from './plugins/api-reference/search-terms';
import {analyticsId, localSandbox, LOCAL_SANDBOX_ORIGIN} from './site-options';
import {linkChecks} from './link-checks';
import remarkCodeFile from './plugins/remark-code-file';
import {proseFactsHooks} from './plugins/prose-facts/render';
import remarkDiagrams from './plugins/diagrams/remark-diagrams';
import remarkHighlightCode from './plugins/highlight-code/remark-highlight-code';
import remarkReferenceTables from './plugins/reference-tables/remark-reference-tables';
import remarkRenderedPartials from './plugins/rendered-partials/remark-rendered-partials';
import apiReference from './plugins/api-reference';
import workflows from './plugins/workflows';
import remarkWorkflowLinks from './plugins/workflows/remark-workflow-links';
import llmsTxt, {type Options as LlmsTxtOptions} from './plugins/llms-txt';
import {LLMS_FULL_BUDGET} from './plugins/llms-txt/llms-files';
import securityHeaders, {type Options as SecurityHeadersOptions} from './plugins/security-headers';

const config: Config = {
  ssrTemplate,
  title: brand.portalTitle,
  tagline: brand.tagline,
  favicon: 'img/favicon.svg',
  url: brand.portalUrl,
  baseUrl: '/',
  onBrokenLinks: linkChecks.onBrokenLinks,
  onBrokenAnchors: linkChecks.onBrokenAnchors,
  onDuplicateRoutes: 'throw',
  // The banner for a wrong baseUrl is an inline script with inline HTML and a link to
  // docusaurus.io; our baseUrl is fixed, and the CSP allows only the inline scripts we keep.
  baseUrlIssueBanner: false,
  markdown: {
    hooks: linkChecks.markdownHooks,
    // `%fact:NAME%` in a page becomes the fact from its source (plugins/prose-facts), in the front
    // matter and the body alike, before any reader sees the page.
    ...proseFactsHooks,
  },
  i18n: {defaultLocale: 'en', locales: ['en']},

  future: {
    // Rspack + SWC: a cold build in a fraction of the webpack time (about 15 s instead of 100 s on 2 cores).
    // Every fast option on except Rspack's persistent cache. A production build from cold (CI,
    // `npm run bench`) only writes the cache, and pays for it in time and memory. With the definition
    // ten times ours (490 operations, `npm run bench:scale -- 10`, one run each on a shared 2-core
    // machine): bundling 13 s instead of 24 s, the whole build 90 s instead of 114 s, peak memory
    // 6.15 GiB instead of 7.65 GiB. At our size a repeated local build loses about 5 s (16 s to 20 s).
    faster: {
      swcJsLoader: true,
      swcJsMinimizer: true,
      swcHtmlMinimizer: true,
      lightningCssMinimizer: true,
      mdxCrossCompilerCache: true,
      rspackBundler: true,
      rspackPersistentCache: false,
      ssgWorkerThreads: true,
      gitEagerVcs: true,
    },
    // Set the v4 flags one by one: `v4: true` would also namespace storage keys
    // (`theme` becomes `theme-xyz`), and the portal's storage keys are exact (`theme`, `docs-preferred-version-{id}`, `docusaurus.tab.*`).
    v4: {
      removeLegacyPostBuildHeadAttribute: true,
      useCssCascadeLayers: true,
      siteStorageNamespacing: false,
      fasterByDefault: true,
      mdx1CompatDisabledByDefault: true,
    },
  },

  presets: [
    [
      'classic',
      {
        docs: {
          path: 'docs',
          routeBasePath: '/',
          sidebarPath: './sidebars.ts',
          // Twenty guides: every group stays open so a reader sees the whole map at once.
          sidebarCollapsed: false,
          breadcrumbs: true,
          // Diagrams are SVGs drawn ahead of time (`npm run diagrams`): no mermaid in the browser.
          // Code blocks are highlighted at build time: no Prism and no token tree in the browser. Tables
          // wrapped in <ReferenceTable> become stacked entries on a phone. A section that teaches a
          // workflow links its document (plugins/workflows).
          // A line `<RenderedMarkdown of="NAME" />` becomes the part rendered from its source
          // (plugins/rendered-partials), before the headings get their ids and the plugins below run.
          beforeDefaultRemarkPlugins: [remarkRenderedPartials],
          remarkPlugins: [
            remarkCodeFile,
            remarkDiagrams,
            remarkReferenceTables,
            remarkHighlightCode,
            remarkWorkflowLinks,
          ],
        },
        blog: false,
        pages: false,
        theme: {customCss: ['./src/css/custom.css', './src/css/api-reference.css', './src/css/tables.css']},
        gtag: {trackingID: analyticsId(), anonymizeIP: true},
        sitemap: {lastmod: null, changefreq: null, priority: null},
      } satisfies Preset.Options,
    ],
  ],

  // The client modules, the swizzles, the bundler patches and the page's extra tags are the Kestrel
  // theme's (packages/kestrel-theme, last in `themes:` below).
  plugins: [
    './plugins/try-it-validators.ts',
    // build/_headers and build/nginx-security-headers.conf: CSP with the inline scripts' hashes;
    // with KESTREL_LOCAL_SANDBOX=1 it also lets the explorer call the local sandbox.
    [
      securityHeaders,
      (localSandbox() ? {localSandboxOrigin: LOCAL_SANDBOX_ORIGIN} : {}) satisfies SecurityHeadersOptions,
    ],
    [
      llmsTxt,
      {
        summary: llmsSummary,
        definition: 'static/openapi.json',
        guides: {pluginId: 'default', sidebarId: 'tutorialSidebar'},
        api: {pluginId: 'api'},
        fullBudget: LLMS_FULL_BUDGET,
      } satisfies LlmsTxtOptions,
    ],
    [
      '@docusaurus/plugin-content-docs',
      {
        id: 'api',
        path: 'api',
        routeBasePath: 'api',
        sidebarPath: './sidebars-api.ts',
        breadcrumbs: true,
        // No diagrams here: a ```mermaid block fails the build instead of showing as code.
        remarkPlugins: [remarkDiagrams, remarkReferenceTables, remarkHighlightCode],
      },
    ],
    // The operation and webhook pages, generated from the definition into api/ (npm run gen-api)
    // and rewritten when openapi/ changes while `npm start` runs.
    apiReference,
    // The workflow documents (workflows/*.arazzo.yaml) at /workflows/, linked from their guides.
    workflows,
  ],

  // In this order: a theme's components override those of the themes before it (classic, from the
  // preset, comes first). Search brings its indexing and its search box (packages/kestrel-search); the
  // Kestrel theme, last, wraps the components of all of them.
  themes: [
    [kestrelSearch, {apiTerms: bundledApiTerms} satisfies KestrelSearchOptions],
    // One theme per line: tests/unit/theme-wrappers.test.ts reads their order from here. With its
    // (empty) options, as a pair: `npm run check:deps` (knip) calls a bare plugin function itself.
    [kestrelTheme, {}],
  ],

  themeConfig: {
    colorMode: {defaultMode: 'dark', disableSwitch: true, respectPrefersColorScheme: false},
    announcementBar: {id: brand.announcement.id, content: brand.announcement.html, isCloseable: true},
    navbar: {
      title: brand.name,
      hideOnScroll: true,
      logo: {alt: `${brand.name} logo`, src: 'img/logo.svg', href: '/'},
      items: [
        {type: 'docSidebar', sidebarId: 'tutorialSidebar', position: 'left', label: 'Docs'},
        {to: '/api/', label: 'API Reference', position: 'left', activeBaseRegex: '^/api(/|$)'},
        {href: brand.statusPage, label: 'Status', position: 'right'},
        {type: 'search', position: 'right'},
      ],
    },
    footer: {
      style: 'dark',
      links: [
        {
          title: 'Legal',
          items: [
            {label: 'API Terms', href: brand.legal.apiTerms},
            {label: 'Merchant Terms', href: brand.legal.merchantTerms},
            {label: 'Privacy', href: brand.legal.privacy},
          ],
        },
        {
          title: 'Community',
          items: [
            {label: 'Support', href: `mailto:${brand.supportEmail}`},
            {label: brand.social.label, href: brand.social.href},
            {label: brand.blogPost.label, href: brand.blogPost.href},
          ],
        },
      ],
      copyright: `Copyright © ${new Date().getFullYear()} ${brand.name}`,
    },
    tableOfContents: {minHeadingLevel: 2, maxHeadingLevel: 3},
    prism: {
      // Guides and operation pages are highlighted at build time (plugins/highlight-code); these
      // draw the explorer's request (curl) and answer (JSON) once the reader opens it.
      theme: codeThemes.light,
      darkTheme: codeThemes.dark,
      additionalLanguages: ['bash'],
    },
  } satisfies Preset.ThemeConfig,
};

export default config;
