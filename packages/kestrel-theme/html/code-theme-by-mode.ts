/**
 * One Prism theme for both colour modes, with the colours in CSS.
 *
 * Docusaurus renders a code block's server HTML in the default mode and, because hydration does
 * not patch inline styles, mounts every code block a second time once the page runs
 * (`key={isBrowser}` in its CodeBlock) to get the reader's mode right. On a guide that is the
 * largest task of the page load. With this theme the inline styles say only which custom
 * properties apply, the same in both modes; `codeThemeCss` picks the mode's values, so the server
 * HTML is right in either mode and packages/kestrel-theme/theme/CodeBlock mounts once.
 *
 * A token with several types gets prism-react-renderer's `Object.assign` of their styles (the
 * later type wins). Each mode's values sit under their own property names, so the merge still
 * gives, per mode, exactly what that mode's theme alone would give.
 */
import type {PrismTheme} from 'prism-react-renderer';

export type ColorMode = 'dark' | 'light';
export type ThemesByMode = Record<ColorMode, PrismTheme>;
type Style = Record<string, string | number>;

const MODES: readonly ColorMode[] = ['dark', 'light'];
/** The mode of a page before the theme script has set `data-theme` (the site's default). */
const DEFAULT_MODE: ColorMode = 'dark';
/** The plain colours Docusaurus reads from `theme.plain` (code block background and text). */
const PLAIN_PROPERTIES = ['color', 'backgroundColor'] as const;

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const tokenVar = (mode: ColorMode, property: string) => `--code-${mode}-${kebab(property)}`;
const plainVar = (property: string) => `--code-plain-${kebab(property)}`;

/** Every token type either theme styles, in first-seen order; refuses styles for one language only. */
function tokenTypes(themes: ThemesByMode): string[] {
  const types = new Set<string>();
  for (const mode of MODES) {
    for (const entry of themes[mode].styles) {
      if (entry.languages)
        throw new Error(`code theme: language-specific styles are not supported (types ${entry.types.join(', ')})`);
      entry.types.forEach((t) => types.add(t));
    }
  }
  return [...types];
}

/** What a theme gives a single token type: its entries for that type merged in order, as prism-react-renderer does. */
function styleOfType(theme: PrismTheme, type: string): Style {
  const style: Style = {};
  for (const entry of theme.styles) {
    if (entry.types.includes(type)) Object.assign(style, entry.style);
  }
  return style;
}

export function codeThemeByMode(themes: ThemesByMode): PrismTheme {
  return {
    plain: Object.fromEntries(PLAIN_PROPERTIES.map((p) => [p, `var(${plainVar(p)})`])),
    styles: tokenTypes(themes).map((type) => {
      const style: Style = {};
      for (const mode of MODES) {
        for (const [property, value] of Object.entries(styleOfType(themes[mode], type)))
          style[tokenVar(mode, property)] = value;
      }
      return {types: [type], style: style as PrismTheme['styles'][number]['style']};
    }),
  };
}

/** The style sheet that gives `codeThemeByMode`'s variables their values in the page's mode. */
export function codeThemeCss(themes: ThemesByMode): string {
  // Each mode's rule names every property either mode uses, so the default mode's rule (which also
  // matches `:root`) never leaks a value into the other mode.
  const properties = new Set(MODES.flatMap((mode) => themes[mode].styles.flatMap((entry) => Object.keys(entry.style))));
  const rules: string[] = [];
  for (const mode of MODES) {
    const root = mode === DEFAULT_MODE ? `:root,[data-theme='${mode}']` : `[data-theme='${mode}']`;
    const plain = PLAIN_PROPERTIES.map((p) => `${plainVar(p)}:${themes[mode].plain[p]}`);
    rules.push(`${root}{${plain.join(';')}}`);
    const declarations = [...properties].map((p) => `${kebab(p)}:var(${tokenVar(mode, p)})`);
    // A property the token's types leave unset in this mode falls back to `unset`: the line's colour.
    rules.push(
      `${root
        .split(',')
        .map((r) => `${r} .token-line .token`)
        .join(',')}{${declarations.join(';')}}`,
    );
  }
  return rules.join('\n');
}
