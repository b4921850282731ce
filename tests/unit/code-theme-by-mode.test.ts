/**
 * packages/kestrel-theme/html/code-theme-by-mode.ts and packages/kestrel-theme/html/code-theme-css.ts: one Prism theme for both modes whose
 * token styles, resolved by the generated CSS, are exactly what each mode's own theme gives.
 */
import {describe, it, expect} from 'vitest';
import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import React, {type CSSProperties} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {Highlight, Prism, type PrismTheme, type Token} from 'prism-react-renderer';
import {codeThemeByMode, codeThemeCss, type ColorMode} from '../../packages/kestrel-theme/html/code-theme-by-mode';
import {darkCodeTheme, lightCodeTheme} from '../../packages/kestrel-theme/html/prism-themes';
import codeThemeCssPlugin from '../../packages/kestrel-theme/html/code-theme-css';

const THEMES = {dark: darkCodeTheme, light: lightCodeTheme};
const MERGED = codeThemeByMode(THEMES);
const CSS = codeThemeCss(THEMES);

/** Every token of `code` with the style prism-react-renderer gives it under `theme`. */
function styledTokens(theme: PrismTheme, code: string, language: string): {token: Token; style: CSSProperties}[] {
  const out: {token: Token; style: CSSProperties}[] = [];
  renderToStaticMarkup(
    React.createElement(Highlight, {
      theme,
      code,
      language,
      prism: Prism,
      children: ({tokens, getTokenProps}) => {
        for (const line of tokens)
          for (const token of line) out.push({token, style: (getTokenProps({token}).style ?? {}) as CSSProperties});
        return null;
      },
    }),
  );
  return out;
}

/** What the browser computes for a token: its own colour and font style, else the line's (plain). */
function effective(style: Record<string, unknown>, plain: PrismTheme['plain']) {
  return {color: style.color ?? plain.color, fontStyle: style.fontStyle ?? 'normal', opacity: style.opacity ?? 1};
}

/** A merged-theme token style as the generated CSS resolves it in `mode` (a var with no value: unset). */
function resolvedInMode(style: Record<string, unknown>, mode: ColorMode) {
  const rule = new RegExp(`\\[data-theme='${mode}'\\] \\.token-line \\.token\\{([^}]*)\\}`).exec(CSS)?.[1] ?? '';
  const resolved: Record<string, unknown> = {};
  for (const declaration of rule.split(';')) {
    const [property, value] = declaration.split(':') as [string, string];
    const variable = /^var\((--[\w-]+)\)$/.exec(value)?.[1];
    const camel = property.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    if (variable && style[variable] !== undefined) resolved[camel] = style[variable];
  }
  return resolved;
}

// Real code from the guides' examples: JavaScript/TypeScript (template strings, doc comments,
// regexes), JSON, shell and HTTP exchanges, where tokens carry several types at once.
const SAMPLES = (() => {
  const root = path.resolve(__dirname, '../../examples');
  const files = readdirSync(root, {recursive: true, withFileTypes: true})
    .filter((e) => e.isFile() && /\.(mjs|js|ts|json|sh|http|go|py)$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
  const language = (file: string) =>
    ({
      mjs: 'javascript',
      js: 'javascript',
      ts: 'typescript',
      json: 'json',
      sh: 'bash',
      http: 'http',
      go: 'go',
      py: 'python',
    })[file.split('.').pop()!]!;
  return files.map((file) => ({file, code: readFileSync(file, 'utf8'), language: language(file)}));
})();

describe('codeThemeByMode', () => {
  it('has code to compare in several languages', () => {
    expect(new Set(SAMPLES.map((s) => s.language)).size).toBeGreaterThanOrEqual(3);
  });

  for (const mode of ['dark', 'light'] as const) {
    it(`gives every token, in ${mode} mode, the colour, font style and opacity of the ${mode} theme`, () => {
      let compared = 0;
      for (const {code, language} of SAMPLES) {
        const expected = styledTokens(THEMES[mode], code, language);
        const actual = styledTokens(MERGED, code, language);
        expect(actual.length).toBe(expected.length);
        actual.forEach(({token, style}, i) => {
          const want = effective(expected[i]!.style as Record<string, unknown>, THEMES[mode].plain);
          const got = effective(resolvedInMode(style as Record<string, unknown>, mode), THEMES[mode].plain);
          expect({types: token.types, ...got}).toEqual({types: token.types, ...want});
          compared++;
        });
      }
      expect(compared).toBeGreaterThan(1000);
    });
  }

  it('keeps no colour of its own in the inline styles, only variables', () => {
    expect(MERGED.plain).toEqual({
      color: 'var(--code-plain-color)',
      backgroundColor: 'var(--code-plain-background-color)',
    });
    for (const entry of MERGED.styles)
      for (const property of Object.keys(entry.style)) expect(property).toMatch(/^--code-(dark|light)-/);
  });

  it('gives each mode its plain colours, the default mode also before any mode is set', () => {
    expect(CSS).toContain(
      `:root,[data-theme='dark']{--code-plain-color:${darkCodeTheme.plain.color};--code-plain-background-color:${darkCodeTheme.plain.backgroundColor}}`,
    );
    expect(CSS).toContain(
      `[data-theme='light']{--code-plain-color:${lightCodeTheme.plain.color};--code-plain-background-color:${lightCodeTheme.plain.backgroundColor}}`,
    );
  });

  it('refuses a theme with language-specific styles, which CSS per mode cannot express', () => {
    const withLanguages: PrismTheme = {
      ...darkCodeTheme,
      styles: [{types: ['string'], languages: ['json'], style: {color: 'red'}}],
    };
    expect(() => codeThemeByMode({dark: withLanguages, light: lightCodeTheme})).toThrow(/language-specific/);
  });
});

describe('code-theme-css plugin', () => {
  it('puts the style sheet in every page head', () => {
    const tags = codeThemeCssPlugin(undefined, THEMES).injectHtmlTags!({content: undefined}) as {
      headTags: {tagName: string; innerHTML: string}[];
    };
    expect(tags.headTags).toEqual([{tagName: 'style', innerHTML: CSS}]);
  });

  it('fails naming the option that is not a Prism theme', () => {
    expect(() => codeThemeCssPlugin(undefined, {dark: darkCodeTheme})).toThrow(/option "light"/);
    expect(() => codeThemeCssPlugin(undefined, {dark: {plain: {}}, light: lightCodeTheme})).toThrow(/option "dark"/);
  });
});
