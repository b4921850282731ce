/**
 * Code highlighted at build time, as HTML: Prism's own `highlight` (prismjs, the tokenizer
 * prism-react-renderer wraps), so a guide's code blocks reach the browser as finished markup with
 * `token <type>` classes, coloured by CSS for both modes (packages/kestrel-theme/html/code-token-css.ts).
 * No Prism and no token tree ship for them.
 */
import Prism from 'prismjs';
import loadLanguages from 'prismjs/components/index.js';
import {packHighlighted} from '../../config/packed-code.ts';

/** The fence languages the guides and samples use, and the Prism grammar each names. */
const GRAMMARS: Record<string, string> = {
  bash: 'bash',
  shell: 'bash',
  sh: 'bash',
  http: 'http',
  json: 'json',
  ts: 'typescript',
  typescript: 'typescript',
  js: 'javascript',
  javascript: 'javascript',
  python: 'python',
  go: 'go',
  sql: 'sql',
  java: 'java',
  php: 'php',
  ruby: 'ruby',
  csharp: 'csharp',
};
/** Code shown as written, with no grammar. */
const PLAIN = new Set(['text', 'txt', 'plain', '']);

loadLanguages([...new Set(Object.values(GRAMMARS))]);

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The inner HTML of a `<code>` showing `code` in `language`. An unknown language fails, naming it,
 * so a typo in a fence never ships uncoloured code silently.
 */
export function highlightCode(code: string, language: string): string {
  const lang = language.toLowerCase();
  if (PLAIN.has(lang)) return escapeHtml(code);
  const grammarName = GRAMMARS[lang];
  const grammar = grammarName === undefined ? undefined : Prism.languages[grammarName];
  if (!grammar) {
    throw new Error(
      `highlight-code: no grammar for the language "${language}" (known: ${[...PLAIN].filter(Boolean).join(', ')}, ${Object.keys(GRAMMARS).join(', ')})`,
    );
  }
  return Prism.highlight(code, grammar, grammarName!);
}

/**
 * `highlightCode`'s HTML packed for the page (config/packed-code.ts): what the page data and the
 * guides carry, about a quarter of the HTML's bytes.
 */
export function highlightCodePacked(code: string, language: string): string {
  return packHighlighted(highlightCode(code, language));
}
