/**
 * Puts the code colours of both modes in each page's head, as CSS on the token classes of the code
 * highlighted at build time (./code-token-css.ts), so a code block is drawn in the reader's mode
 * from the first paint, before any script runs.
 * Options: `{dark, light}`, a Prism theme each.
 */
import type {Plugin} from '@docusaurus/types';
import {codeTokenCss, type ThemesByMode} from './code-token-css';

function validateThemes(raw: unknown): ThemesByMode {
  for (const mode of ['dark', 'light'] as const) {
    const theme = (raw as Record<string, unknown> | undefined)?.[mode] as Record<string, unknown> | undefined;
    if (typeof theme?.plain !== 'object' || theme.plain === null || !Array.isArray(theme.styles)) {
      throw new Error(`code-theme-css: option "${mode}" must be a Prism theme ({plain, styles})`);
    }
  }
  return raw as ThemesByMode;
}

export default function codeThemeCssPlugin(_context: unknown, rawOptions: unknown): Plugin {
  const themes = validateThemes(rawOptions);
  const css = codeTokenCss(themes);
  return {
    name: 'code-theme-css',
    injectHtmlTags: () => ({headTags: [{tagName: 'style', innerHTML: css}]}),
  };
}
