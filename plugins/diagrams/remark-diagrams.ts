/**
 * Shows each ```mermaid block of a guide as the SVG scripts/render-diagrams.mjs drew from it, so
 * no mermaid code reaches the browser. The block becomes a `diagram` element (MDXComponents maps
 * it to src/components/Diagram): the image with its size, its text alternative from the
 * diagram's accTitle and accDescr, and the source for the page's Markdown twin.
 *
 * The build fails, naming the file, when a diagram has no accTitle or accDescr, was never
 * rendered, or changed since it was: a stale picture would contradict the prose beside it.
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {
  CONTENT_DIR,
  DIAGRAMS_DIR,
  MANIFEST_FILE,
  RENDER_COMMAND,
  accessibleText,
  altText,
  diagramHash,
  diagramName,
} from './diagrams-shared.mjs';

type Node = {type: string; lang?: string | null; value?: string; children?: Node[]; data?: unknown};
type Manifest = {diagrams?: Record<string, {sha256: string; width: number; height: number}>};
export type Options = {siteDir?: string};

const SITE_DIR = path.resolve(__dirname, '../..');

function readManifest(siteDir: string): Manifest {
  const file = path.join(siteDir, MANIFEST_FILE);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : {};
}

/** The `diagram` node for one mermaid block, or an error naming the file. */
export function diagramNode(source: string, file: string, n: number, siteDir: string, manifest: Manifest): Node {
  const where = `${CONTENT_DIR}/${file} (mermaid block ${n})`;
  const text = accessibleText(source);
  if (!text.title || !text.description) {
    throw new Error(
      `remark-diagrams: ${where}: a diagram needs a text alternative. Add "accTitle: <short title>" and ` +
        `"accDescr: <what it shows>" lines to its source, then run ${RENDER_COMMAND}.`,
    );
  }
  const name = diagramName(file, n);
  const entry = manifest.diagrams?.[name];
  if (!entry || !existsSync(path.join(siteDir, DIAGRAMS_DIR, `${name}.svg`))) {
    throw new Error(
      `remark-diagrams: ${where} has not been rendered (no ${DIAGRAMS_DIR}/${name}.svg): run ${RENDER_COMMAND} and commit the result.`,
    );
  }
  if (entry.sha256 !== diagramHash(source)) {
    throw new Error(
      `remark-diagrams: ${where} changed since ${name}.svg was rendered: run ${RENDER_COMMAND} and commit the result.`,
    );
  }
  return {
    type: 'diagram',
    data: {
      hName: 'diagram',
      hProperties: {
        src: `/${path.posix.relative('static', DIAGRAMS_DIR)}/${name}.svg`,
        width: entry.width,
        height: entry.height,
        alt: altText({title: text.title, description: text.description}),
        source,
      },
    },
  };
}

export default function remarkDiagrams(options: Options = {}) {
  const siteDir = options.siteDir ?? SITE_DIR;
  return (tree: Node, vfile: {path?: string}) => {
    let n = 0;
    let manifest: Manifest | undefined;
    const relative = path
      .relative(path.join(siteDir, CONTENT_DIR), vfile.path ?? '')
      .split(path.sep)
      .join('/');
    const walk = (node: Node) => {
      if (!node.children) return;
      node.children = node.children.map((child) => {
        if (child.type !== 'code' || child.lang !== 'mermaid') {
          walk(child);
          return child;
        }
        if (!vfile.path || relative.startsWith('../')) {
          throw new Error(
            `remark-diagrams: ${vfile.path ?? 'a file'} has a diagram outside ${CONTENT_DIR}/, where ${RENDER_COMMAND} looks`,
          );
        }
        manifest ??= readManifest(siteDir);
        return diagramNode(child.value ?? '', relative, ++n, siteDir, manifest);
      });
    };
    walk(tree);
  };
}
