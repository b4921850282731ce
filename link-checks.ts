/**
 * How the build treats broken links: every kind fails it. One module, so the portal config and
 * the fixture site that proves the behaviour (tests/fixtures/broken-links) use the same values.
 */
export const linkChecks = {
  onBrokenLinks: 'throw',
  onBrokenAnchors: 'throw',
  markdownHooks: {onBrokenMarkdownLinks: 'throw', onBrokenMarkdownImages: 'throw'},
} as const;
