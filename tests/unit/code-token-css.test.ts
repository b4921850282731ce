/**
 * packages/kestrel-theme/html/code-token-css.ts: the colours of build-time highlighted code, per
 * mode, are each mode's Prism theme, and one mode's rules never apply in the other.
 */
import {describe, expect, it} from 'vitest';
import type {PrismTheme} from 'prism-react-renderer';
import {codeTokenCss} from '../../packages/kestrel-theme/html/code-token-css';
import {darkCodeTheme, lightCodeTheme} from '../../packages/kestrel-theme/html/prism-themes';

const THEMES = {dark: darkCodeTheme, light: lightCodeTheme};
const CSS = codeTokenCss(THEMES);
const SCOPES = {dark: "html:not([data-theme='light'])", light: "[data-theme='light']"} as const;

/** What a theme gives one token type: its entries for that type merged in order. */
function styleOfType(theme: PrismTheme, type: string): Record<string, unknown> {
  return Object.assign({}, ...theme.styles.filter((e) => e.types.includes(type)).map((e) => e.style));
}

/** The declarations the CSS gives a `.token.{type}` in a mode, later rules winning (equal specificity). */
function cssOfType(mode: keyof typeof SCOPES, type: string): Record<string, string> {
  const style: Record<string, string> = {};
  for (const rule of CSS.split('\n')) {
    const [, selector, body] = /^(.*)\{(.*)\}$/.exec(rule)!;
    const types = /\.token:is\(([^)]*)\)/.exec(selector!)?.[1]?.split(',') ?? [];
    if (!selector!.startsWith(`${SCOPES[mode]} `) || !types.includes(`.${type}`)) continue;
    for (const declaration of body!.split(';')) {
      const [property, value] = declaration.split(/:(.*)/s);
      style[property!.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())] = value!;
    }
  }
  return style;
}

describe('code token colours', () => {
  for (const mode of ['dark', 'light'] as const) {
    it(`give each token type in ${mode} mode what the ${mode} theme gives it`, () => {
      const types = new Set(THEMES[mode].styles.flatMap((e) => e.types));
      expect(types.size).toBeGreaterThan(10);
      for (const type of types) {
        const expected = Object.fromEntries(
          Object.entries(styleOfType(THEMES[mode], type)).map(([k, v]) => [k, String(v)]),
        );
        expect(cssOfType(mode, type), `${mode} ${type}`).toEqual(expected);
      }
    });
  }

  it("scopes every rule to one mode, dark also before the theme script has run, and sets each mode's block colours", () => {
    for (const rule of CSS.split('\n'))
      expect(rule.startsWith(SCOPES.dark) || rule.startsWith(SCOPES.light), rule).toBe(true);
    expect(CSS).toContain(
      `${SCOPES.dark} .highlighted-code{--prism-color:${darkCodeTheme.plain.color};--prism-background-color:${darkCodeTheme.plain.backgroundColor}}`,
    );
    expect(CSS).toContain(
      `${SCOPES.light} .highlighted-code{--prism-color:${lightCodeTheme.plain.color};--prism-background-color:${lightCodeTheme.plain.backgroundColor}}`,
    );
  });

  it('refuses a theme with styles for one language only, naming the token types', () => {
    const theme: PrismTheme = {plain: {}, styles: [{types: ['tag'], languages: ['markup'], style: {color: 'red'}}]};
    expect(() => codeTokenCss({dark: theme, light: lightCodeTheme})).toThrow(/language-specific styles .*types tag/);
  });
});
