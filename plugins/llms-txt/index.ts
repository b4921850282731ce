/**
 * llms.txt, llms-full.txt and a Markdown twin of every guide and API page (route + `.md`; the
 * root's twin is /index.md, /api/'s is /api.md), for developers who read the docs through AI
 * assistants.
 *
 * The maintained @signalwire/docusaurus-plugin-llms-txt does most of it and runs inside this
 * plugin: it writes the twins of the guides and of the two hand-written API overview pages from
 * the built HTML, with ./docusaurus-html.ts teaching it Docusaurus' code blocks, tabs, admonitions
 * and diagrams. What we write ourselves, and why:
 * - The twins of the operation and webhook pages (./openapi-markdown.ts), from the definition:
 *   its schema tables are more exact than the pages' HTML read back (that file says why).
 * - llms.txt and llms-full.txt: the plugin groups links by URL segment (`account`, `api-keys`,
 *   `api`, ...), so it cannot make the Guides / API reference / Webhook events sections of the
 *   llmstxt.org layout, nor the Workflows section that links the workflow documents
 *   (plugins/workflows publishes them); its llms-full.txt also leaves out the root page.
 * The plugin's postBuild must finish before ours reads its twins, and Docusaurus runs every
 * plugin's postBuild in parallel: hence one plugin that wraps the other rather than two.
 */
import {existsSync} from 'node:fs';
import {mkdir, readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import signalwireLlmsTxt, {validateOptions, type PluginOptions} from '@signalwire/docusaurus-plugin-llms-txt';
import {twinPath} from '../../config/twin-path';
import {rehypeDocusaurusHtml, remarkCodeMeta} from './docusaurus-html';
import {OpenApiMarkdown, type ApiPage} from './openapi-markdown';
import {loadDefinition, readReleases} from '../../definition/index.ts';
import {releaseDefinitionRoute} from '../../config/changelog.ts';
import {fullBytesBudget, llmsFullTxt, llmsTxt, type FullBudget, type Header, type Link} from './llms-files';
import {publishedWorkflows} from '../workflows/published.ts';

/** One link per release's definition (plugins/api-reference/release-files.ts copies them), newest first. */
function releaseLinks(baseUrl: string): Link[] {
  return readReleases()
    .reverse()
    .map((r) => ({
      title: `OpenAPI definition ${r.version} (JSON)`,
      route: `${baseUrl}${releaseDefinitionRoute(r.version)}`,
      description: `Release ${r.version} of ${r.date}, as released: ${r.summary}`,
    }));
}

/** One link per workflow document: its summary, and the guide section that teaches it. */
function workflowLinks(baseUrl: string, origin: string): Link[] {
  return publishedWorkflows().map((w) => {
    const [route, anchor] = w.guide.split('#', 2) as [string, string | undefined];
    return {
      title: `${w.id}.arazzo.yaml`,
      route: `${baseUrl}${w.route}`,
      description: `${w.summary} Taught in ${origin}${baseUrl}${twinPath(route)}${anchor ? `#${anchor}` : ''}.`,
    };
  });
}

export type Options = {
  /** The blockquote under the title of llms.txt: what the portal is, in one paragraph. */
  summary: string;
  /** The bundled definition the API pages are generated from, relative to the site. */
  definition: string;
  /** The guides' docs plugin and sidebar, and the API reference's docs plugin. */
  guides: {pluginId: string; sidebarId: string};
  api: {pluginId: string};
  /**
   * The build fails when llms-full.txt grows past `fixedBytes + bytesPerApiPage * API pages`: a
   * budget that grows with the API, not a wall a bigger definition runs into.
   */
  fullBudget: FullBudget;
};

type Doc = {id: string; title: string; description: string; permalink: string};
type SidebarItem = {type: string; id?: string; items?: SidebarItem[]};
type DocsContent = {loadedVersions: {docs: Doc[]; sidebars: Record<string, SidebarItem[]>}[]};
function docsContent(plugins: {name: string; options: {id?: string}; content: unknown}[], id: string): DocsContent {
  const plugin = plugins.find((p) => p.name === 'docusaurus-plugin-content-docs' && (p.options.id ?? 'default') === id);
  if (!plugin) throw new Error(`llms-txt: no docs plugin with id "${id}"`);
  return plugin.content as DocsContent;
}

/** The docs of a sidebar in its order. */
function sidebarDocs(content: DocsContent, sidebarId: string): Doc[] {
  const version = content.loadedVersions[0]!;
  const ids: string[] = [];
  const walk = (items: SidebarItem[]) =>
    items.forEach((item) => (item.type === 'doc' && item.id ? ids.push(item.id) : walk(item.items ?? [])));
  walk(version.sidebars[sidebarId] ?? []);
  return ids.map((id) => {
    const doc = version.docs.find((d) => d.id === id);
    if (!doc) throw new Error(`llms-txt: sidebar ${sidebarId} names doc "${id}", which does not exist`);
    return doc;
  });
}

function checkOptions(raw: unknown): Options {
  const o = raw as Partial<Options> | undefined;
  if (!o?.summary || !o.definition || !o.guides?.pluginId || !o.guides.sidebarId || !o.api?.pluginId || !o.fullBudget) {
    throw new Error(
      'llms-txt: options need summary, definition, guides {pluginId, sidebarId}, api {pluginId} and fullBudget',
    );
  }
  const {fixedBytes, bytesPerApiPage} = o.fullBudget;
  for (const [name, value] of Object.entries({fixedBytes, bytesPerApiPage})) {
    if (!Number.isInteger(value) || value <= 0) {
      throw new Error(
        `llms-txt: fullBudget.${name} must be a positive whole number of bytes, got ${JSON.stringify(value)}`,
      );
    }
  }
  return o as Options;
}

export default function llmsTxtPlugin(context: LoadContext, rawOptions: unknown): Plugin {
  const options = checkOptions(rawOptions);
  const {siteConfig, siteDir} = context;
  // Routes (permalinks) carry the baseUrl; files in outDir do not.
  const baseUrl = siteConfig.baseUrl.replace(/\/+$/, '');
  const origin = siteConfig.url.replace(/\/+$/, '');
  const fileOf = (outDir: string, route: string) => path.join(outDir, twinPath(route).slice(baseUrl.length));
  const definitionFile = path.join(siteDir, options.definition);
  if (!existsSync(definitionFile)) {
    throw new Error(`llms-txt: ${options.definition} is missing: run \`npm run gen-api\` (npm run build does it).`);
  }
  const apiPages = (): ApiPage[] => new OpenApiMarkdown(loadDefinition(definitionFile), baseUrl).pages();

  const innerOptions: PluginOptions = {
    siteTitle: siteConfig.title,
    siteDescription: options.summary,
    onRouteError: 'throw',
    logLevel: 0,
    content: {
      enableMarkdownFiles: true,
      enableLlmsFullTxt: false,
      includeDocs: true,
      includeBlog: false,
      includePages: false,
      // The operation and webhook pages get their twins from the definition (see above).
      excludeRoutes: apiPages().map((page) => page.route),
      beforeDefaultRehypePlugins: [[rehypeDocusaurusHtml as never, {baseUrl}]],
      remarkPlugins: [remarkCodeMeta as never],
      // Resource links, never `<https://...>` autolinks: a twin carries no angle-bracket markup.
      remarkStringify: {bullet: '-', rule: '-', fences: true, resourceLink: true},
      // Unaligned tables: padding every cell to its column's width adds a tenth to the guides.
      remarkGfm: {tablePipeAlign: false},
    },
  };
  const validated = validateOptions({
    options: innerOptions as never,
    validate: ((schema: {validate: (v: unknown) => {value: unknown; error?: Error}}, value: unknown) => {
      const result = schema.validate(value);
      if (result.error) throw result.error;
      return result.value;
    }) as never,
  }) as PluginOptions;
  const inner = signalwireLlmsTxt(context, validated);

  return {
    name: 'kestrel-llms-txt',
    async postBuild(props) {
      await inner.postBuild!({...props, content: undefined});
      const {outDir, routesPaths} = props;
      const routes = new Set(routesPaths);
      const plugins = props.plugins as unknown as Parameters<typeof docsContent>[0];

      // Operation and webhook twins, from the definition.
      const pages = apiPages();
      for (const page of pages) {
        if (!routes.has(page.route)) throw new Error(`llms-txt: the definition has ${page.route}, the site does not`);
        const file = fileOf(outDir, page.route);
        await mkdir(path.dirname(file), {recursive: true});
        await writeFile(file, page.markdown);
      }

      const guides = sidebarDocs(docsContent(plugins, options.guides.pluginId), options.guides.sidebarId);
      const apiDocs = docsContent(plugins, options.api.pluginId).loadedVersions[0]!.docs;
      const generated = new Set(pages.map((p) => p.route));
      const overview = apiDocs
        .filter((d) => !generated.has(d.permalink))
        .sort((a, b) => a.permalink.length - b.permalink.length || a.permalink.localeCompare(b.permalink));

      const docLink = (d: Doc): Link => ({title: d.title, route: d.permalink, description: d.description});
      const apiLink = (p: ApiPage): Link => ({
        title: p.title,
        route: p.route,
        description: p.kind === 'operation' ? `\`${p.method} ${p.path}\`. ${p.summary}` : `\`${p.path}\`. ${p.summary}`,
      });
      const sections = [
        {name: 'Guides', links: guides.map(docLink)},
        {
          name: 'API reference',
          links: [...overview.map(docLink), ...pages.filter((p) => p.kind === 'operation').map(apiLink)],
        },
        {name: 'Webhook events', links: pages.filter((p) => p.kind === 'webhook').map(apiLink)},
      ];
      const header: Header = {
        title: siteConfig.title,
        summary: options.summary,
        details:
          'Every page of this portal has a Markdown twin at its address plus `.md` (the home page: `/index.md`; ' +
          '`/api/`: `/api.md`). `llms.txt` links the twins; `llms-full.txt` holds all of them in one file.',
      };
      const index = llmsTxt(
        header,
        sections,
        [
          {
            title: 'llms-full.txt',
            route: `${baseUrl}/llms-full.txt`,
            description: 'Every page above in one Markdown file.',
          },
          {
            title: 'OpenAPI definition (YAML)',
            route: `${baseUrl}/openapi.yaml`,
            description: 'The bundled OpenAPI 3.1 definition the API reference is generated from.',
          },
          {
            title: 'OpenAPI definition (JSON)',
            route: `${baseUrl}/openapi.json`,
            description: 'The same definition in JSON.',
          },
          ...releaseLinks(baseUrl),
        ],
        origin,
        [{name: 'Workflows', links: workflowLinks(baseUrl, origin)}],
      );

      const all = sections.flatMap((s) => s.links);
      const twins = [];
      for (const link of all) {
        const file = fileOf(outDir, link.route);
        if (!existsSync(file)) throw new Error(`llms-txt: no Markdown twin for ${link.route} (${file})`);
        twins.push({link, markdown: await readFile(file, 'utf8'), url: `${origin}${twinPath(link.route)}`});
      }
      const full = llmsFullTxt(header, twins);
      const bytes = Buffer.byteLength(full);
      const budget = fullBytesBudget(options.fullBudget, pages.length);
      if (bytes > budget) {
        throw new Error(
          `llms-txt: llms-full.txt is ${bytes} bytes, over its budget of ${budget} for ${pages.length} API pages (fullBudget in docusaurus.config.ts).`,
        );
      }
      await writeFile(path.join(outDir, 'llms.txt'), index);
      await writeFile(path.join(outDir, 'llms-full.txt'), full);
      console.log(
        `[llms-txt] llms.txt (${all.length} links, ${Buffer.byteLength(index)} bytes), llms-full.txt (${bytes} bytes, budget ${budget}), ${pages.length} API twins`,
      );
    },
  };
}
