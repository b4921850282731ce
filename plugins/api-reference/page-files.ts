/**
 * Writes the reference's generated pages into the `api` docs folder, for the stock docs plugin to
 * load: per operation and webhook `{slug}.api.mdx` (front matter and one component) and
 * `{slug}.json` (its data, as config/api-page-store.ts stores it), `sidebar.ts` (the groups, in
 * the definition's order) and `error-catalogue.json` (the rows of the introduction's error catalogue), `webhook-delivery.json`
 * (the introduction's webhook retry schedule), `changelog.json`, `versioning-policy.json` and `release-support.json` (the
 * introduction's changelog, policy and support window; each page also carries the recent changes to its subject). A file whose
 * content is unchanged is not rewritten, so `npm start` reloads only the pages a change touched;
 * a generated file whose page is gone is deleted.
 */
import {existsSync, readdirSync, readFileSync, unlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {API_SIDEBAR, groupPageSlug} from '../../config/api-sidebar.ts';
import type {ApiPage} from '../../config/api-page.ts';
import {storeApiPage} from '../../config/api-page-store.ts';
import {releaseHistory, servedVersions, today, type ReleaseHistoryEntry} from '../../definition/index.ts';
import type {ApiDefinition} from '../../definition/index.ts';
import {changelogData} from './changelog.ts';
import {errorCatalogue} from './error-catalogue.ts';
import {operationPage, webhookPage} from './page-data.ts';
import {releaseSupport} from './release-support.ts';
import {markSince} from './since-marks.ts';
import {versioningPolicy} from './versioning-policy.ts';
import {webhookDeliveryData} from './webhook-delivery.ts';

const GENERATED = /\.(api\.mdx|json)$/;
const ERROR_CATALOGUE_FILE = 'error-catalogue.json';
const WEBHOOK_DELIVERY_FILE = 'webhook-delivery.json';
const CHANGELOG_FILE = 'changelog.json';
const VERSIONING_POLICY_FILE = 'versioning-policy.json';
const RELEASE_SUPPORT_FILE = 'release-support.json';

/** The description's first paragraph as plain text, for the page's meta description. */
function metaDescription(markdown: string): string {
  const first = markdown.split(/\n\s*\n/)[0] ?? '';
  return first
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function mdx(page: ApiPage, description: string): string {
  const sidebarClass = page.kind === 'operation' ? `${page.method.toLowerCase()} api-method` : 'event api-method';
  return [
    '---',
    `id: ${page.slug}`,
    `title: ${JSON.stringify(page.summary)}`,
    `sidebar_label: ${JSON.stringify(page.summary)}`,
    `description: ${JSON.stringify(metaDescription(description))}`,
    `sidebar_class_name: ${JSON.stringify(sidebarClass)}`,
    'hide_table_of_contents: true',
    'custom_edit_url: null',
    '---',
    '',
    "import ApiPage from '@site/src/components/ApiPage';",
    `import page from './${page.slug}.json';`,
    '',
    '<ApiPage page={page} />',
    '',
  ].join('\n');
}

/**
 * The API sidebar: one category per group. Past `API_SIDEBAR.openLimit` operations each group is
 * collapsed (the page's own group opens itself) and links to a generated page listing its
 * operations.
 */
export function sidebarCategories(model: ApiDefinition, pages: Map<string, ApiPage>) {
  const collapsed = model.operations.length > API_SIDEBAR.openLimit;
  return model.groups
    .filter((group) => group.slugs.length > 0)
    .map((group) => ({
      type: 'category',
      label: group.name,
      collapsed,
      ...(collapsed && {
        link: {
          type: 'generated-index',
          slug: groupPageSlug(group.name),
          title: group.name,
          ...(group.description && {description: metaDescription(group.description)}),
        },
      }),
      items: group.slugs.map((slug) => {
        const page = pages.get(slug)!;
        const method = page.kind === 'operation' ? page.method.toLowerCase() : 'event';
        return {type: 'doc', id: slug, label: page.summary, className: `api-method ${method}`};
      }),
    }));
}

function sidebar(model: ApiDefinition, pages: Map<string, ApiPage>): string {
  const categories = sidebarCategories(model, pages);
  return [
    '// Generated from the definition by plugins/api-reference (npm run gen-api): build output, not committed.',
    "import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';",
    '',
    `const sidebar: SidebarsConfig[string] = ${JSON.stringify(categories, null, 2)};`,
    '',
    'export default sidebar;',
    '',
  ].join('\n');
}

function writeIfChanged(file: string, content: string): boolean {
  if (existsSync(file) && readFileSync(file, 'utf8') === content) return false;
  writeFileSync(file, content);
  return true;
}

/** Writes every page of the model into `apiDir`; returns how many files it wrote and deleted. */
export function writePages(
  model: ApiDefinition,
  apiDir: string,
  history: readonly ReleaseHistoryEntry[] = releaseHistory(),
  day: string = today(),
): {pages: number; written: number; deleted: number} {
  // Oldest first, as releases.json lists them; the window is the one of the build's day.
  const releases = history.map(({release}) => release).reverse();
  const served = servedVersions(releases, day);
  const pages = new Map<string, ApiPage>();
  const descriptions = new Map<string, string>();
  for (const operation of model.operations) {
    pages.set(operation.slug, operationPage(model, operation, served));
    descriptions.set(operation.slug, operation.description);
  }
  for (const webhook of model.webhooks) {
    pages.set(webhook.slug, webhookPage(webhook));
    descriptions.set(webhook.slug, webhook.description);
  }
  const {changelog, pageChanges, pageSince} = changelogData(model, pages, history, served);
  for (const [slug, changes] of pageChanges) pages.get(slug)!.changes = changes;
  for (const [slug, marks] of pageSince) markSince(pages.get(slug)!, marks);
  const files = new Map<string, string>();
  for (const [slug, page] of pages) {
    files.set(`${slug}.api.mdx`, mdx(page, descriptions.get(slug)!));
    files.set(`${slug}.json`, `${JSON.stringify(storeApiPage(page))}\n`);
  }
  files.set('sidebar.ts', sidebar(model, pages));
  // The catalogue of error codes, drawn on the hand-written introduction (api/introduction.mdx).
  files.set(ERROR_CATALOGUE_FILE, `${JSON.stringify(errorCatalogue(model))}\n`);
  // The webhook retry schedule, drawn on the same introduction.
  files.set(WEBHOOK_DELIVERY_FILE, `${JSON.stringify(webhookDeliveryData(model))}\n`);
  // The changelog and the versioning policy, on the same introduction.
  files.set(CHANGELOG_FILE, `${JSON.stringify(changelog)}\n`);
  files.set(VERSIONING_POLICY_FILE, `${JSON.stringify(versioningPolicy(model))}\n`);
  // The support window of each release, on the same introduction.
  files.set(RELEASE_SUPPORT_FILE, `${JSON.stringify(releaseSupport(releases, day))}\n`);
  let written = 0;
  for (const [name, content] of files) if (writeIfChanged(path.join(apiDir, name), content)) written++;
  let deleted = 0;
  for (const name of readdirSync(apiDir)) {
    if (GENERATED.test(name) && !files.has(name)) {
      unlinkSync(path.join(apiDir, name));
      deleted++;
    }
  }
  return {pages: pages.size, written, deleted};
}
