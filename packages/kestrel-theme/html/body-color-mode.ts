/**
 * Copies the colour mode from <html> to <body> as the body opens, before any of it is drawn.
 * The search box's theme (autocomplete-js) keys its dark colours to `data-theme` on <body>, and
 * packages/kestrel-search/theme/SearchBar/bodyTheme.ts keeps the two in step when the reader switches modes. Setting
 * it here rather than from a React effect spares the page a restyle of every element right after
 * hydration. The CSP hashes this script like every inline one (plugins/security-headers.ts).
 */
import type {Plugin} from '@docusaurus/types';

const SCRIPT = "document.body.setAttribute('data-theme',document.documentElement.getAttribute('data-theme')||'')";

export default function bodyColorMode(): Plugin {
  return {
    name: 'body-color-mode',
    injectHtmlTags: () => ({preBodyTags: [{tagName: 'script', innerHTML: SCRIPT}]}),
  };
}
