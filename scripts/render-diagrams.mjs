#!/usr/bin/env node
/**
 * `npm run diagrams`: renders the guides' mermaid diagrams to SVG (tooling/render-diagrams.mjs);
 * `--force` draws them all, not only those that changed. A failure prints one line and exits 1.
 */
import {renderDiagrams} from '../tooling/render-diagrams.mjs';

try {
  await renderDiagrams({force: process.argv.includes('--force')});
} catch (error) {
  console.error(/** @type {Error} */ (error).message);
  process.exit(1);
}
