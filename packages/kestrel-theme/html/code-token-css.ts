/**
 * The colours of code highlighted at build time (src/components/HighlightedCode, whose tokens are
 * `<span class="token type">`): each mode's Prism theme as CSS rules on the token classes, under
 * `[data-theme]`, so a block is right in either mode from the first paint with no script. A token
 * with several types gets the rules of each, the later theme entry winning, as Prism themes apply.
 */
import type {PrismTheme} from 'prism-react-renderer';

export type ColorMode = 'dark' | 'light';
export type ThemesByMode = Record<ColorMode, PrismTheme>;

const BLOCK = '.highlighted-code';
/**
 * Where each mode's rules apply. Dark is the site's default, so it also covers a page before the
 * theme script has set `data-theme`; the two never match together, so no property one mode sets
 * leaks into the other.
 */
const SCOPE: Record<ColorMode, string> = {dark: "html:not([data-theme='light'])", light: "[data-theme='light']"};

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const declarations = (style: Record<string, unknown>) =>
  Object.entries(style)
    .map(([property, value]) => `${kebab(property)}:${String(value)}`)
    .join(';');

function modeRules(mode: ColorMode, theme: PrismTheme): string[] {
  const scoped = (selector: string) => `${SCOPE[mode]} ${selector}`;
  const rules = [
    `${scoped(BLOCK)}{--prism-color:${theme.plain.color};--prism-background-color:${theme.plain.backgroundColor}}`,
  ];
  for (const entry of theme.styles) {
    if (entry.languages)
      throw new Error(`code theme: language-specific styles are not supported (types ${entry.types.join(', ')})`);
    // :is() weighs as one of its classes: a later entry wins over an earlier one, as in the theme.
    rules.push(
      `${scoped(`${BLOCK} .token:is(${entry.types.map((type) => `.${type}`).join(',')})`)}{${declarations(entry.style)}}`,
    );
  }
  return rules;
}

export function codeTokenCss(themes: ThemesByMode): string {
  return [...modeRules('dark', themes.dark), ...modeRules('light', themes.light)].join('\n');
}
