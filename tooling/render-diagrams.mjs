/**
 * Renders every ```mermaid block of docs/ to an SVG under static/img/diagrams/ and records it in
 * manifest.json (`npm run diagrams`, scripts/render-diagrams.mjs). The site ships these files and
 * no mermaid code: the build (plugins/diagrams/remark-diagrams.ts) shows them as images and fails
 * when a diagram changed since its render. Diagrams whose hash still matches are not drawn again (unless mermaid's version changed);
 * `--force` draws them all.
 * mermaid measures text with a real browser's layout, hence headless Chromium.
 */
// The functions this module hands to page.evaluate run in the browser page, and read its globals.
/* global window, DOMParser, XMLSerializer */
import {readFileSync, writeFileSync, readdirSync, mkdirSync, existsSync, rmSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {chromium} from 'playwright-core';
import {CHROMIUM_ARGS, CHROMIUM_PATH} from './chromium.mjs';
import {
  CONTENT_DIR,
  DIAGRAMS_DIR,
  MANIFEST_FILE,
  RENDER_CONFIG,
  accessibleText,
  diagramHash,
  diagramName,
  mermaidBlocks,
} from '../plugins/diagrams/diagrams-shared.mjs';

const SITE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

/** Every mermaid block under docs/, with its name, hash and accessible text. */
export function findDiagrams(siteDir = SITE) {
  const root = path.join(siteDir, CONTENT_DIR);
  const files = readdirSync(root, {recursive: true})
    .map(String)
    .filter((f) => /\.mdx?$/.test(f))
    .map((f) => f.split(path.sep).join('/'))
    .sort();
  /** @typedef {{name: string, file: string, where: string, title: string | null, description: string | null, source: string, sha256: string}} Diagram */
  /** @type {Diagram[]} */
  const diagrams = [];
  /** @type {string[]} */
  const errors = [];
  for (const file of files) {
    for (const block of mermaidBlocks(readFileSync(path.join(root, file), 'utf8'))) {
      const where = `${CONTENT_DIR}/${file}:${block.line}`;
      const {title, description} = accessibleText(block.source);
      if (!title || !description) errors.push(`${where}: the diagram needs an accTitle and an accDescr line`);
      diagrams.push({
        name: diagramName(file, block.n),
        file: `${CONTENT_DIR}/${file}`,
        where,
        title,
        description,
        source: block.source,
        sha256: diagramHash(block.source),
      });
    }
  }
  if (errors.length) throw new Error(errors.join('\n'));
  return diagrams;
}

/**
 * Draws each diagram in one page that loaded mermaid's standalone build.
 * @param {ReturnType<typeof findDiagrams>} diagrams
 */
async function render(diagrams) {
  const browser = await chromium.launch({executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS});
  try {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><html><body></body></html>');
    await page.addScriptTag({path: require.resolve('mermaid/dist/mermaid.min.js')});
    /** @type {(ReturnType<typeof findDiagrams>[number] & {svg: string, width: number, height: number})[]} */
    const out = [];
    for (const d of diagrams) {
      const svg = await page.evaluate(
        async ({id, source, config}) => {
          const {mermaid} = /** @type {{mermaid: typeof import('mermaid').default}} */ (
            /** @type {unknown} */ (window)
          );
          mermaid.initialize(config);
          const {svg} = await mermaid.render(id, source);
          // mermaid serialises as HTML; an SVG file must be well-formed XML.
          const doc = new DOMParser().parseFromString(svg, 'text/html');
          const drawn = doc.querySelector('svg');
          if (!drawn) throw new Error(`mermaid drew no <svg> for ${id}`);
          return new XMLSerializer().serializeToString(drawn);
        },
        {id: `diagram-${d.name}`, source: d.source, config: RENDER_CONFIG},
      );
      // Whole pixels, so the <img> width and height the page states are the image's own size.
      /** @type {{width?: number, height?: number}} */
      const size = {};
      const file = svg.replace(/^<svg[^>]*>/, (tag) =>
        tag.replace(
          /\s(width|height)="([\d.]+)"/g,
          (_, /** @type {'width' | 'height'} */ name, value) => ` ${name}="${(size[name] = Math.ceil(Number(value)))}"`,
        ),
      );
      if (!size.width || !size.height) throw new Error(`${d.where}: mermaid drew no width and height`);
      out.push({...d, svg: `${file}\n`, width: size.width, height: size.height});
    }
    return out;
  } finally {
    await browser.close();
  }
}

/**
 * @param {string} siteDir
 * @returns {{mermaid?: string, diagrams?: Record<string, {sha256: string, width: number, height: number}>}}
 */
function readManifest(siteDir) {
  const file = path.join(siteDir, MANIFEST_FILE);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {diagrams: {}};
}

/** @param {{siteDir?: string, force?: boolean, log?: (line: string) => void}} [options] */
export async function renderDiagrams({siteDir = SITE, force = false, log = console.log} = {}) {
  const diagrams = findDiagrams(siteDir);
  const version = require('mermaid/package.json').version;
  const old = readManifest(siteDir);
  // Another mermaid may draw differently: draw everything again.
  const previous = old.mermaid === version ? (old.diagrams ?? {}) : {};
  const svgPath = (/** @type {string} */ name) => path.join(siteDir, DIAGRAMS_DIR, `${name}.svg`);
  const stale = diagrams.filter((d) => force || previous[d.name]?.sha256 !== d.sha256 || !existsSync(svgPath(d.name)));
  const rendered = stale.length ? await render(stale) : [];
  mkdirSync(path.join(siteDir, DIAGRAMS_DIR), {recursive: true});
  for (const d of rendered) {
    writeFileSync(svgPath(d.name), d.svg);
    log(`rendered ${d.name}.svg (${d.where})`);
  }
  const fresh = new Map(rendered.map((d) => [d.name, d]));
  const manifest = {
    mermaid: version,
    diagrams: Object.fromEntries(
      diagrams.map((d) => {
        const r = fresh.get(d.name);
        // A diagram not drawn now is unchanged, so the manifest has its size.
        const before = /** @type {{width: number, height: number}} */ (previous[d.name]);
        const size = r ? {width: r.width, height: r.height} : {width: before.width, height: before.height};
        return [d.name, {file: d.file, sha256: d.sha256, ...size, title: d.title, description: d.description}];
      }),
    ),
  };
  writeFileSync(path.join(siteDir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  // An SVG no diagram names any more would ship for nothing.
  for (const f of readdirSync(path.join(siteDir, DIAGRAMS_DIR))) {
    if (f.endsWith('.svg') && !Object.hasOwn(manifest.diagrams, f.slice(0, -4))) {
      rmSync(path.join(siteDir, DIAGRAMS_DIR, f));
      log(`removed ${f}: no diagram uses it`);
    }
  }
  log(`${diagrams.length} diagrams, ${rendered.length} rendered, ${diagrams.length - rendered.length} unchanged`);
}
