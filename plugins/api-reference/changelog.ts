/**
 * The changelog on /api/introduction (config/changelog.ts) from the release history: each release,
 * newest first, with a link to its definition, its changes grouped breaking / additive /
 * deprecated (a change its notes declare is breaking) and then the defects it fixed at every
 * version, each linked to the row of what changed on its operation or webhook page (the page alone
 * when the row is gone), with its migration note. Also, per page, the changes of the last two
 * releases to what it documents, which the page shows near its top, and what a release still
 * served lacks (an operation, webhook, field or header a later release added), which the page marks
 * "Since 2.0.0, not in 1.0.0". A link to a row that the page does not have fails the build, naming
 * the change: the changelog never sends a reader to a place that is not there.
 */
import type {ApiField, ApiPage, ApiSince} from '../../config/api-page.ts';
import {
  CHANGELOG_ROUTE,
  type ChangelogData,
  type ChangelogEntry,
  type ChangelogLink,
  type ChangelogSection,
  type PageChange,
  releaseDefinitionRoute,
} from '../../config/changelog.ts';
import {compareVersions, type ApiChange, type ReleaseHistoryEntry} from '../../definition/index.ts';
import type {ApiDefinition} from '../../definition/index.ts';
import {inlineMarkdownToHtml, markdownToHtml} from './markdown-html.ts';
import {schemaUsages} from './schema-usages.ts';

const GROUPS: {severity: ChangelogSection; title: string; heading: (version: string) => string}[] = [
  {severity: 'breaking', title: 'Breaking changes', heading: (v) => `Breaking changes in ${v}`},
  {severity: 'additive', title: 'Additive changes', heading: (v) => `Additive changes in ${v}`},
  {severity: 'deprecated', title: 'Deprecations', heading: (v) => `Deprecations in ${v}`},
  {
    severity: 'fix-to-every-version',
    title: 'Fixes to every version',
    heading: (v) => `Fixes with ${v} that apply to every version`,
  },
];

/** What a changelog entry links: a change the diff found, or one a release's notes declare. */
type LinkSubject = Pick<ApiChange, 'id' | 'pointer' | 'operation' | 'webhook' | 'schema' | 'anchor'>;

/** How many of the newest releases a page's "Changed in" note covers. */
export const RECENT_RELEASES = 2;

/**
 * Every element id of a generated page that the broken-anchor check knows: its headings, its
 * parameter, field and header rows and its statuses (an error code's id is not registered: a
 * change to a code links its status).
 */
export function pageAnchors(page: ApiPage): Set<string> {
  const anchors = new Set<string>(['responses']);
  const fields = (list: readonly ApiField[]) => {
    for (const field of list) {
      anchors.add(field.anchor);
      fields(field.children);
    }
  };
  if (page.kind === 'operation') {
    const {path, query, header} = page.parameters;
    if (path.length + query.length + header.length > 0) anchors.add('parameters');
    fields([...path, ...query, ...header]);
    if (page.requestBody) {
      anchors.add('request');
      fields(page.requestBody.fields);
    }
  } else {
    anchors.add('delivery');
    fields(page.headers);
    if (page.payload) fields(page.payload.fields);
  }
  for (const response of page.responses) {
    anchors.add(response.anchor);
    fields(response.headers);
    if (response.body) fields(response.body.fields);
  }
  return anchors;
}

/** An element id from a change id: lowercase words joined by hyphens. */
export function entryAnchor(version: string, id: string): string {
  const words = id
    .toLowerCase()
    .replace(/~1/g, '-')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `change-${version}-${words}`;
}

// Dots become hyphens: an anchor is lowercase words and digits joined by hyphens, as every heading's is.
export const releaseAnchor = (version: string) => `release-${version.replaceAll('.', '-')}`;

/**
 * Where the pages show the rule data at the definition's root, which no operation or webhook page
 * holds alone: a change to it links the section that draws it.
 */
const RULE_DATA_SECTIONS: {pointer: string; link: ChangelogLink}[] = [
  {
    // The key's description (whom a key belongs to) and its table (x-idempotency).
    pointer: '#/components/parameters/IdempotencyKey',
    link: {href: '/#idempotency', page: 'Kestrel API introduction', anchor: 'idempotency'},
  },
  {
    pointer: '#/x-webhook-delivery',
    link: {
      href: '/webhooks/failure-recovery#retry-schedule',
      page: 'Webhook failure recovery',
      anchor: 'retry-schedule',
    },
  },
  {
    pointer: '#/x-webhook-signature',
    link: {
      href: '/webhooks/signature-verification#the-signature-scheme',
      page: 'Webhook signature verification',
      anchor: 'the-signature-scheme',
    },
  },
];

const ROW_PREFIX: Record<string, string> = {request: 'request-body', delivery: 'payload'};

/** The property a pointer ends on (`/components/schemas/X/properties/p` -> `p`), if it does. */
const propertyOf = (pointer: string) => /\/properties\/([^/]+)$/.exec(pointer)?.[1];

class Linker {
  private readonly anchors = new Map<string, Set<string>>();
  private readonly model: ApiDefinition;
  private readonly pages: ReadonlyMap<string, ApiPage>;

  constructor(model: ApiDefinition, pages: ReadonlyMap<string, ApiPage>) {
    this.model = model;
    this.pages = pages;
  }

  private page(slug: string, change: LinkSubject): ApiPage {
    const page = this.pages.get(slug);
    if (!page)
      throw new Error(`api-reference: the change ${change.id} names the page /api/${slug}, which does not exist`);
    return page;
  }

  private has(slug: string, anchor: string): boolean {
    if (!this.anchors.has(slug)) this.anchors.set(slug, pageAnchors(this.pages.get(slug)!));
    return this.anchors.get(slug)!.has(anchor);
  }

  private link(slug: string, change: LinkSubject, anchor?: string): ChangelogLink {
    const page = this.page(slug, change);
    if (anchor === undefined) return {href: `/api/${slug}`, page: page.summary};
    const status = /^error-(\d{3})-/.exec(anchor)?.[1];
    if (status) anchor = `response-${status}`;
    if (!this.has(slug, anchor)) {
      throw new Error(
        `api-reference: the change ${change.id} links /api/${slug}#${anchor}, which that page does not have`,
      );
    }
    return {href: `/api/${slug}#${anchor}`, page: page.summary, anchor};
  }

  private webhookSlug(change: LinkSubject): string {
    const webhook = this.model.webhooks.find((w) => w.slug === change.webhook || w.event === change.webhook);
    if (!webhook)
      throw new Error(
        `api-reference: the change ${change.id} names the webhook ${change.webhook}, which does not exist`,
      );
    return webhook.slug;
  }

  /** The rows a change is about: its operation's or webhook's, else every row that shows its schema. */
  links(change: LinkSubject): ChangelogLink[] {
    if (change.operation) return [this.link(change.operation.slug, change, change.anchor)];
    if (change.webhook) return [this.link(this.webhookSlug(change), change, change.anchor)];
    if (change.schema) {
      const property = propertyOf(change.pointer);
      const links = schemaUsages(this.model, change.schema).map(({slug, anchor}) => {
        // A whole request body or payload is headed `request` or `delivery`; its rows are `request-body.x`, `payload.x`.
        const rows = ROW_PREFIX[anchor] ?? anchor;
        const row = property && [`${rows}.${property}`, `${rows}[].${property}`].find((a) => this.has(slug, a));
        return this.link(slug, change, row || anchor);
      });
      if (links.length === 0)
        throw new Error(`api-reference: the change ${change.id} is to ${change.schema}, which no page shows`);
      return links;
    }
    const section = RULE_DATA_SECTIONS.find(
      ({pointer}) => change.pointer === pointer || change.pointer.startsWith(`${pointer}/`),
    );
    if (section) return [section.link];
    throw new Error(`api-reference: the change ${change.id} names no operation, webhook or schema to link`);
  }
}

export interface ChangelogOutput {
  changelog: ChangelogData;
  /** Slug -> the changes of the recent releases to that page's subject, newest first. */
  pageChanges: Map<string, PageChange[]>;
  /**
   * Slug -> row anchor ('' for the page's subject itself) -> the release that added it, where a
   * release still served lacks it.
   */
  pageSince: Map<string, Map<string, ApiSince>>;
}

/** The rules by which a release adds something a page shows: an older release does not have it. */
const ADDING_RULES = new Set([
  'operation-added',
  'webhook-added',
  'parameter-added',
  'request-body-added',
  'request-field-added',
  'response-field-added',
  'response-header-added',
]);

export function changelogData(
  model: ApiDefinition,
  pages: ReadonlyMap<string, ApiPage>,
  history: readonly ReleaseHistoryEntry[],
  served: readonly string[] = history.map(({release}) => release.version),
): ChangelogOutput {
  const linker = new Linker(model, pages);
  const pageChanges = new Map<string, PageChange[]>();
  const pageSince = new Map<string, Map<string, ApiSince>>();
  /** Marks what `change` added on each page it links, for the served releases older than `version`. */
  const markAdded = (version: string, change: ApiChange, links: readonly ChangelogLink[], href: string) => {
    const notIn = served.filter((v) => compareVersions(v, version) < 0);
    if (!ADDING_RULES.has(change.rule) || notIn.length === 0) return;
    for (const link of links) {
      if (!link.href.startsWith('/api/')) continue;
      const slug = link.href.replace(/^\/api\/|#.*$/g, '');
      const marks = pageSince.get(slug) ?? pageSince.set(slug, new Map()).get(slug)!;
      // An operation or webhook added is the page's subject itself; anything else is a row.
      const row = change.rule === 'operation-added' || change.rule === 'webhook-added' ? '' : link.anchor;
      // History is newest first: the newest addition of a row is the one that holds today.
      if (row !== undefined && !marks.has(row)) marks.set(row, {version, notIn, href});
    }
  };
  const changelog = history.map(({release, changes, notes, fixes}, index) => {
    const known = new Set(changes.map((c) => c.id));
    const stray = Object.keys(notes).filter((id) => !known.has(id));
    if (stray.length) {
      throw new Error(
        `api-reference: openapi/releases/${release.version}.notes.yaml has notes for changes the release does not have: ${stray.join(', ')}`,
      );
    }
    // A change to a shared schema is listed once per page it reaches, under one id: one entry each,
    // linking every row it touched; a page's own note keeps the sentence that names that page.
    const byId = new Map<string, {change: ApiChange; entry: ChangelogEntry}>();
    const additive = new Map<string, Set<string>>();
    for (const change of changes) {
      let item = byId.get(change.id);
      if (!item) {
        const entry: ChangelogEntry = {
          id: change.id,
          anchor: entryAnchor(release.version, change.id),
          messageHtml: inlineMarkdownToHtml(change.message),
          links: [],
        };
        const note = notes[change.id];
        if (note) entry.noteHtml = markdownToHtml(note);
        item = {change, entry};
        byId.set(change.id, item);
      }
      const {entry} = item;
      const links = linker.links(change).filter((l) => !entry.links.some((known) => known.href === l.href));
      entry.links.push(...links);
      markAdded(release.version, change, links, `${CHANGELOG_ROUTE}#${entry.anchor}`);
      if (index < RECENT_RELEASES) {
        // Only a reference page (/api/<slug>) carries a "Changed in" note.
        const slugs = links.filter((l) => l.href.startsWith('/api/')).map((l) => l.href.replace(/^\/api\/|#.*$/g, ''));
        for (const slug of new Set(slugs)) {
          if (change.severity === 'additive') {
            (additive.get(slug) ?? additive.set(slug, new Set()).get(slug)!).add(change.id);
            continue;
          }
          const list = pageChanges.get(slug) ?? [];
          const href = `${CHANGELOG_ROUTE}#${entry.anchor}`;
          if (list.some((known) => known.href === href)) continue;
          list.push({
            version: release.version,
            severity: change.severity,
            messageHtml: inlineMarkdownToHtml(change.message),
            href,
          });
          pageChanges.set(slug, list);
        }
      }
    }
    // What code must act on (breaking, deprecated) is said on the page one by one; additive changes,
    // which reach every page when a shared answer grows, are counted and link the release's list.
    for (const [slug, ids] of additive) {
      const list = pageChanges.get(slug) ?? [];
      list.push({
        version: release.version,
        severity: 'additive',
        messageHtml: `${ids.size} additive change${ids.size === 1 ? '' : 's'} to what this page documents.`,
        href: `${CHANGELOG_ROUTE}#${releaseAnchor(release.version)}-additive`,
      });
      pageChanges.set(slug, list);
    }
    const entries: {severity: ChangelogSection; entry: ChangelogEntry}[] = [
      ...[...byId.values()].map(({change, entry}) => ({severity: change.severity, entry})),
      // A fix to every version is no change of this release's definition: no page says it changed.
      ...fixes.map((fix) => ({
        severity: 'fix-to-every-version' as const,
        entry: {
          id: fix.id,
          anchor: entryAnchor(release.version, fix.id),
          messageHtml: inlineMarkdownToHtml(fix.summary),
          links: linker.links(fix),
          noteHtml: markdownToHtml(fix.note),
        },
      })),
    ];
    return {
      version: release.version,
      date: release.date,
      anchor: releaseAnchor(release.version),
      summaryHtml: inlineMarkdownToHtml(release.summary),
      definitionHref: releaseDefinitionRoute(release.version),
      groups: GROUPS.map(({severity, title, heading}) => ({
        severity,
        title,
        heading: heading(release.version),
        entries: entries.filter((e) => e.severity === severity).map(({entry}) => entry),
      })).filter((group) => group.entries.length > 0),
    };
  });
  return {changelog, pageChanges, pageSince};
}
