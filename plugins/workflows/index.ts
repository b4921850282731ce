/**
 * Publishes the workflow documents with the build (./published.ts says what and where), and fails
 * the build when a workflow's guide page does not link its document (./remark-workflow-links.ts
 * adds the links while the guides are compiled). The files are written from workflows/ at each
 * build, so the repository holds one copy of each.
 */
import {existsSync} from 'node:fs';
import {mkdir, readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {publishedFiles, publishedWorkflows} from './published.ts';

/** Whether the page has a link to `href`; minified HTML quotes an attribute only where it must. */
export function linksTo(html: string, href: string): boolean {
  const escaped = href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`\\shref=(?:"${escaped}"|'${escaped}'|${escaped}(?=[\\s>]))`).test(html);
}

export default function workflowsPlugin(context: LoadContext): Plugin {
  return {
    name: 'kestrel-workflows',
    // The site's URL is read here, not when the plugin is made: tools that load the config (knip)
    // call the plugin without a context.
    async postBuild({outDir}) {
      const {siteConfig} = context;
      const baseUrl = siteConfig.baseUrl.replace(/\/+$/, '');
      const siteUrl = `${siteConfig.url.replace(/\/+$/, '')}${baseUrl}`;
      const files = publishedFiles(siteUrl);
      for (const {file, text} of files) {
        const target = path.join(outDir, file);
        await mkdir(path.dirname(target), {recursive: true});
        await writeFile(target, text);
      }
      for (const workflow of publishedWorkflows()) {
        const guide = workflow.guide.split('#', 1)[0]!.replace(/\/+$/, '');
        const html = path.join(outDir, guide, 'index.html');
        if (!existsSync(html) || !linksTo(await readFile(html, 'utf8'), `${baseUrl}${workflow.route}`))
          throw new Error(
            `workflows: ${workflow.guide} (the guide of ${workflow.file}) does not link ${baseUrl}${workflow.route}`,
          );
      }
      console.log(`[workflows] ${files.length} files under /workflows/`);
    },
  };
}
