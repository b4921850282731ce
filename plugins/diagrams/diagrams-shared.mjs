/**
 * What the diagram renderer (scripts/render-diagrams.mjs) and the remark plugin that shows its
 * output (plugins/diagrams/remark-diagrams.ts) must agree on: where the SVGs live, how a diagram is named,
 * and the hash that tells the build a diagram was edited but not rendered again. Plain JavaScript
 * so the script runs on Node without a TypeScript loader.
 */
import {createHash} from 'node:crypto';

/** Under static/, so the SVGs ship at /img/diagrams/<name>.svg. */
export const DIAGRAMS_DIR = 'static/img/diagrams';
export const MANIFEST_FILE = `${DIAGRAMS_DIR}/manifest.json`;
/** The folder whose Markdown holds the diagrams; names are relative to it. */
export const CONTENT_DIR = 'docs';
export const RENDER_COMMAND = 'npm run diagrams (node scripts/render-diagrams.mjs)';

/**
 * mermaid's configuration. The site is dark-only: the look it had with @docusaurus/theme-mermaid
 * (theme `dark`). Arial and Liberation Sans share their metrics, so the boxes measured here fit
 * the text a reader's machine draws. Part of the hash: a change here asks for a new render.
 */
export const RENDER_CONFIG = Object.freeze({
  startOnLoad: false,
  securityLevel: 'strict',
  deterministicIds: true,
  theme: 'dark',
  fontFamily: "Arial, 'Liberation Sans', Helvetica, sans-serif",
  // Fixed width and height attributes: an <img> needs an intrinsic size.
  sequence: {useMaxWidth: false},
});

/**
 * `walkthrough/making-payouts.md`, 1 → `walkthrough-making-payouts-1`.
 * @param {string} relativePath
 * @param {number} n
 */
export function diagramName(relativePath, n) {
  const slug = relativePath
    .replace(/\.mdx?$/, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${slug}-${n}`;
}

/**
 * Line endings and trailing blanks are not part of a diagram.
 * @param {string} source
 */
export function normalizeSource(source) {
  return source.replace(/\r\n?/g, '\n').replace(/\s+$/, '');
}

/** @param {string} source */
export function diagramHash(source) {
  return createHash('sha256')
    .update(JSON.stringify({source: normalizeSource(source), config: RENDER_CONFIG}))
    .digest('hex');
}

/**
 * The diagram's own `accTitle` and `accDescr` (one line, or `accDescr { ... }` over several),
 * whitespace collapsed; null for one that is missing.
 * @param {string} source
 */
export function accessibleText(source) {
  const clean = (/** @type {string | undefined} */ s) => (s ? s.replace(/\s+/g, ' ').trim() || null : null);
  const title = /^\s*accTitle\s*:(.*)$/m.exec(source)?.[1];
  const description = /^\s*accDescr\s*:(.*)$/m.exec(source)?.[1] ?? /^\s*accDescr\s*\{([^}]*)\}/m.exec(source)?.[1];
  return {title: clean(title), description: clean(description)};
}

/**
 * The text alternative of the image: "Title. Description".
 * @param {{title: string, description: string}} text
 */
export function altText({title, description}) {
  return `${title}${/[.!?]$/.test(title) ? '' : '.'} ${description}`;
}

/**
 * The ```mermaid (or ~~~mermaid) fenced blocks of a Markdown file, in order: the same blocks, with
 * the same text, that remark hands the plugin as `code` nodes (a unit test holds the two to it).
 * @param {string} markdown
 * @returns {{n: number, line: number, source: string}[]}
 */
export function mermaidBlocks(markdown) {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  /** @type {{n: number, line: number, source: string}[]} */
  const blocks = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^( *)(`{3,}|~{3,})\s*(\S*)/.exec(lines[i] ?? '');
    if (!open) continue;
    const [, indent = '', fence = '```', lang] = open;
    const close = new RegExp(`^ *${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`);
    let end = i + 1;
    while (end < lines.length && !close.test(lines[end] ?? '')) end++;
    if (lang === 'mermaid') {
      const body = lines.slice(i + 1, end).map((l) => l.replace(new RegExp(`^ {0,${indent.length}}`), ''));
      blocks.push({n: blocks.length + 1, line: i + 1, source: normalizeSource(body.join('\n'))});
    }
    i = end;
  }
  return blocks;
}
