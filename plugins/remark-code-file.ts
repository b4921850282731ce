/**
 * Fills a code block from a file under the site root, so a guide shows the exact file the tests
 * run: ```ts file=examples/webhooks/node/verify-signature.ts region=verify
 * The block must be empty. `region=NAME` keeps only the lines between `#region NAME` and
 * `#endregion NAME` markers (in any comment syntax). A missing file or region fails the build.
 */
import {readFileSync, existsSync} from 'node:fs';
import path from 'node:path';

type Node = {type: string; lang?: string | null; meta?: string | null; value?: string; children?: Node[]};

const SITE_DIR = path.resolve(__dirname, '..');

export function extractRegion(source: string, region: string, file: string): string {
  const lines = source.split('\n');
  const start = lines.findIndex((l) => new RegExp(`#region ${region}\\b`).test(l));
  const end = lines.findIndex((l, i) => i > start && new RegExp(`#endregion ${region}\\b`).test(l));
  if (start < 0 || end < 0) throw new Error(`remark-code-file: region "${region}" not found in ${file}`);
  const body = lines.slice(start + 1, end);
  const indent = Math.min(...body.filter((l) => l.trim()).map((l) => l.match(/^ */)![0].length));
  return body.map((l) => l.slice(indent)).join('\n');
}

/** Strips region markers so the reader sees clean code. */
function stripMarkers(source: string): string {
  return source
    .split('\n')
    .filter((l) => !/#(end)?region\b/.test(l))
    .join('\n');
}

export function resolveCodeFile(meta: string, siteDir = SITE_DIR): {value: string; meta: string} | null {
  const fileMatch = meta.match(/(?:^|\s)file=(\S+)/);
  if (!fileMatch) return null;
  const rel = fileMatch[1]!;
  const file = path.resolve(siteDir, rel);
  if (!file.startsWith(siteDir + path.sep) || !existsSync(file)) {
    throw new Error(`remark-code-file: file "${rel}" does not exist under the site root`);
  }
  const source = readFileSync(file, 'utf8').replace(/\s+$/, '');
  const regionMatch = meta.match(/(?:^|\s)region=(\S+)/);
  const value = stripMarkers(regionMatch ? extractRegion(source, regionMatch[1]!, rel) : source);
  const rest = meta.replace(/(?:^|\s)(file|region)=\S+/g, '').trim();
  return {value, meta: rest};
}

export default function remarkCodeFile() {
  return (tree: Node) => {
    const walk = (node: Node) => {
      if (node.type === 'code' && node.meta) {
        const resolved = resolveCodeFile(node.meta);
        if (resolved) {
          if (node.value && node.value.trim()) {
            throw new Error(`remark-code-file: a code block with file= must be empty (${node.meta})`);
          }
          node.value = resolved.value;
          node.meta = resolved.meta || null;
        }
      }
      node.children?.forEach(walk);
    };
    walk(tree);
  };
}
