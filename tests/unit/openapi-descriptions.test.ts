/**
 * The API pages render descriptions to HTML at build time (plugins/api-reference/markdown-html.ts),
 * which escapes raw HTML and knows no `:::` admonitions. A description that used either would show
 * its markup as text, so the definition must not.
 */
import {describe, expect, it} from 'vitest';
import {loadBundledDefinition, type Json} from './openapi-definition';

function descriptions(node: Json, where: string, out: [string, string][] = []): [string, string][] {
  if (Array.isArray(node)) node.forEach((item, i) => descriptions(item, `${where}/${i}`, out));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'description' && typeof value === 'string') out.push([`${where}/description`, value]);
      else descriptions(value, `${where}/${key}`, out);
    }
  }
  return out;
}

/** The text outside fenced code and inline code spans, where markup would be interpreted. */
export function prose(markdown: string): string {
  return markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`]*`/g, '');
}

export const RAW_HTML = /<\/?[a-z][a-z0-9-]*(\s[^>]*)?\/?>/i;
export const ADMONITION = /^\s*:::/m;

describe('descriptions in the definition', () => {
  const all = descriptions(loadBundledDefinition(), '#');

  it('are found (the walk reaches the definition)', () => {
    expect(all.length).toBeGreaterThan(300);
  });

  it('hold no raw HTML outside code', () => {
    expect(all.filter(([, text]) => RAW_HTML.test(prose(text))).map(([where]) => where)).toEqual([]);
  });

  it('hold no ::: admonitions', () => {
    expect(all.filter(([, text]) => ADMONITION.test(text)).map(([where]) => where)).toEqual([]);
  });

  it('the checks catch what they are for', () => {
    expect(RAW_HTML.test(prose('See <b>this</b>.'))).toBe(true);
    expect(RAW_HTML.test(prose('Named `<resource>.<change>`.'))).toBe(false);
    expect(ADMONITION.test(':::note\nHi\n:::')).toBe(true);
  });
});
