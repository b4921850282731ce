/**
 * What the site publishes of the workflow documents (workflows/*.arazzo.yaml): each document at
 * /workflows/<id>.arazzo.yaml, and the OpenAPI descriptions beside them that a document names
 * (the sandbox's controls, the test receiver) at /workflows/<file>. A document's
 * `sourceDescriptions` point at files of the repository (`../openapi/openapi.yaml`); published,
 * they point at the site's copies (/openapi.yaml, which the build serves, and /workflows/<file>),
 * as absolute URLs, so a downloaded document still finds them; the facts a document names are
 * rendered (workflows/facts.ts), so it states the numbers the runner uses. Pure: ./index.ts writes the files,
 * plugins/llms-txt lists them, ./remark-workflow-links.ts links them from their guides.
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {parseDocument, type Scalar} from 'yaml';
import {listWorkflows, renderedText, type WorkflowSummary} from '../../workflows/index.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The bundled definition the site serves at /openapi.yaml, as the repository's documents name it. */
const DEFINITION = path.join(ROOT, 'openapi', 'openapi.yaml');

/** The folder of the site the files are published under. */
export const PUBLISHED_DIR = 'workflows';

/** The route of a workflow document on the site, without the baseUrl: `/workflows/make-a-payout.arazzo.yaml`. */
export const documentRoute = (id: string) => `/${PUBLISHED_DIR}/${id}.arazzo.yaml`;

export interface PublishedFile {
  /** Under the build folder: `workflows/make-a-payout.arazzo.yaml`. */
  file: string;
  text: string;
}

/** A workflow as the site links it: its document's route and the guide section that teaches it. */
export interface PublishedWorkflow extends WorkflowSummary {
  route: string;
}

export function publishedWorkflows(): PublishedWorkflow[] {
  return listWorkflows().map((w) => ({...w, route: documentRoute(w.id)}));
}

/**
 * Every file to publish, the documents' `sourceDescriptions` rewritten against `siteUrl` (the
 * site's URL with its baseUrl, no trailing slash: `https://docs.kestrel.example`). A description
 * that is neither the definition nor a file beside the documents fails, naming it.
 */
export function publishedFiles(siteUrl: string): PublishedFile[] {
  const files: PublishedFile[] = [];
  const companions = new Map<string, string>();
  for (const workflow of listWorkflows()) {
    const source = path.join(ROOT, workflow.file);
    const folder = path.dirname(source);
    // The facts the document names rendered (workflows/facts.ts), as the runner reads it.
    let text = renderedText(workflow.id);
    const doc = parseDocument(text);
    const urls = doc.getIn(['sourceDescriptions'], true) as {items?: unknown[]} | undefined;
    // Each url is replaced where it stands in the text, last first, so that the rest of the
    // document (comments, folded descriptions, flow mappings) stays byte for byte as written.
    for (let i = (urls?.items?.length ?? 0) - 1; i >= 0; i--) {
      const node = doc.getIn(['sourceDescriptions', i, 'url'], true) as Scalar | undefined;
      if (!node?.range || typeof node.value !== 'string')
        throw new Error(`workflows: ${workflow.file}: sourceDescriptions[${i}] has no url`);
      const url = node.value;
      const target = path.resolve(folder, url);
      let published: string;
      if (target === DEFINITION) published = `${siteUrl}/openapi.yaml`;
      else if (path.dirname(target) === folder && /\.ya?ml$/.test(target) && existsSync(target)) {
        const name = path.basename(target);
        companions.set(name, target);
        published = `${siteUrl}/${PUBLISHED_DIR}/${name}`;
      } else
        throw new Error(
          `workflows: ${workflow.file} names the source description ${url}, which is neither ${path.relative(ROOT, DEFINITION)} nor a file beside it`,
        );
      const [start, end] = node.range;
      text = `${text.slice(0, start)}${JSON.stringify(published)}${text.slice(end)}`;
    }
    files.push({file: `${PUBLISHED_DIR}/${workflow.id}.arazzo.yaml`, text});
  }
  for (const [name, source] of [...companions].sort(([a], [b]) => a.localeCompare(b)))
    files.push({file: `${PUBLISHED_DIR}/${name}`, text: readFileSync(source, 'utf8')});
  return files;
}
