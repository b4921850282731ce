/**
 * The changelog and the versioning policy as /api/introduction draws them: written at build time by
 * plugins/api-reference (api/changelog.json from the released definitions and their diff,
 * api/versioning-policy.json from the change rules and the definition's lifecycle data) and drawn
 * by src/components/Changelog and src/components/VersioningPolicy. Every text is already HTML.
 */

export type ChangeSeverity = 'breaking' | 'additive' | 'deprecated';

/**
 * A section of a release in the changelog: its changes by severity, then the defects it fixed at
 * every version (which code asking for an older version sees too).
 */
export type ChangelogSection = ChangeSeverity | 'fix-to-every-version';

/** The route of the page that holds the changelog. */
export const CHANGELOG_ROUTE = '/api/introduction';

/**
 * Where the build serves a release's bundled definition for download (a copy of
 * `openapi/releases/<version>.json`, byte for byte).
 */
export const releaseDefinitionRoute = (version: string) => `/openapi/releases/${version}.json`;

/** Where a change is: a page of the reference, and the field's row on it when it still exists. */
export interface ChangelogLink {
  /** `/api/issue-invoice#request-body.amount.currency`, or the page alone for a removed item. */
  href: string;
  /** The page's title. */
  page: string;
  /** The row's id on that page, when the link has one. */
  anchor?: string;
}

export interface ChangelogEntry {
  /** The change's id in the check (`<rule>:<JSON pointer>`). */
  id: string;
  /** This entry's element id on the changelog: `change-2.0.0-type-changed-components-...`. */
  anchor: string;
  messageHtml: string;
  links: ChangelogLink[];
  /** What a client's code must do, where it must change. */
  noteHtml?: string;
}

export interface ChangelogGroup {
  severity: ChangelogSection;
  title: string;
  /** The group's heading: `Breaking changes in 2.0.0`. */
  heading: string;
  entries: ChangelogEntry[];
}

export interface ChangelogRelease {
  version: string;
  /** `YYYY-MM-DD` */
  date: string;
  /** The release heading's id: `release-2-0-0`. */
  anchor: string;
  summaryHtml: string;
  /** The release's definition for download: `releaseDefinitionRoute(version)`. */
  definitionHref: string;
  /** Breaking, additive, deprecated, then fixes to every version, each only when the release has some. */
  groups: ChangelogGroup[];
}

/** Newest first. */
export type ChangelogData = ChangelogRelease[];

/** A change of a recent release to the subject of one operation or webhook page, shown near its top. */
export interface PageChange {
  version: string;
  severity: ChangeSeverity;
  messageHtml: string;
  /** The changelog entry: `/api/introduction#change-2.0.0-...`. */
  href: string;
}

export interface VersioningPolicyData {
  /** Each rule's sentence as HTML, by severity, in the check's order. */
  rules: Record<ChangeSeverity, string[]>;
  /** The enums declared open, each with the values it has today. */
  openEnums: {name: string; values: string[]}[];
  /** The `x-` extension that marks an enum open in the definition, for code generators. */
  openEnumExtension: string;
  deprecationNoticeDays: number;
  webhookVersion: {current: string; supportedDaysAfterSuccessor: number};
}
