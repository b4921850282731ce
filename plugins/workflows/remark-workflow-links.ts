/**
 * Under the guide section that teaches a workflow (its document's `x-kestrel-guide`, such as
 * /walkthrough/making-payouts#make-a-payout), a line linking the document for download:
 * "Run this procedure: [make-a-payout.arazzo.yaml](/workflows/make-a-payout.arazzo.yaml)". Made
 * from the documents at build time, so the guides' Markdown holds no copy of the list. A section
 * the guide does not have fails the build; ./index.ts checks after the build that every workflow's
 * link is on its page.
 *
 * The heading's id is read from `data.hProperties.id`, which the mdx-loader's heading plugin sets
 * before the site's remark plugins run and which becomes the HTML id. The link is `pathname://`:
 * Docusaurus' documented way to link a file that is not a page of the site (its link checker knows
 * only routes).
 */
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {publishedWorkflows, type PublishedWorkflow} from './published.ts';

type Node = {
  type: string;
  value?: string;
  url?: string;
  depth?: number;
  children?: Node[];
  data?: {hProperties?: {id?: unknown; download?: unknown}};
};
type File = {path?: string; data?: {frontMatter?: {slug?: unknown}}};
export type Options = {
  /** The guides' folder (default: docs/ of this site). */
  docsDir?: string;
  /** The workflows to link (default: every document of workflows/). */
  workflows?: PublishedWorkflow[];
};

export const LINK_TEXT = 'Run this procedure: ';

const DOCS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs');

/** The route of a guide file with the docs plugin at the site root: docs/walkthrough/making-payouts.md -> /walkthrough/making-payouts. */
function routeOf(file: File, docsDir: string): string | undefined {
  const slug = file.data?.frontMatter?.slug;
  if (typeof slug === 'string' && slug.startsWith('/')) return slug.replace(/\/+$/, '') || '/';
  if (!file.path) return undefined;
  const relative = path.relative(docsDir, file.path);
  if (relative.startsWith('..')) return undefined;
  return `/${relative.replace(/\\/g, '/').replace(/\.mdx?$/, '')}`.replace(/\/index$/, '') || '/';
}

/** The paragraph that links a workflow's document. */
export function linkParagraph(workflow: PublishedWorkflow): Node {
  return {
    type: 'paragraph',
    children: [
      {type: 'text', value: LINK_TEXT},
      {
        type: 'link',
        url: `pathname://${workflow.route}`,
        data: {hProperties: {download: `${workflow.id}.arazzo.yaml`}},
        children: [{type: 'text', value: `${workflow.id}.arazzo.yaml`}],
      },
    ],
  };
}

export default function remarkWorkflowLinks(options: Options = {}) {
  const docsDir = path.resolve(options.docsDir ?? DOCS_DIR);
  let workflows = options.workflows;
  return (tree: Node, file: File) => {
    const route = routeOf(file, docsDir);
    if (route === undefined) return;
    workflows ??= publishedWorkflows();
    for (const workflow of workflows) {
      const [guideRoute, anchor] = workflow.guide.split('#', 2) as [string, string | undefined];
      if (guideRoute.replace(/\/+$/, '') !== route) continue;
      const children = tree.children ?? [];
      const at = children.findIndex((n) => n.type === 'heading' && n.data?.hProperties?.id === anchor);
      if (!anchor || at < 0)
        throw new Error(
          `remark-workflow-links: ${workflow.file} names the guide section ${workflow.guide}, and ${route} has no heading with the id "${anchor ?? ''}"`,
        );
      children.splice(at + 1, 0, linkParagraph(workflow));
    }
  };
}
