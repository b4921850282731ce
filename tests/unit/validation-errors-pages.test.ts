/**
 * Only `422 VALIDATION_FAILED` carries `validationErrors`; a 422 the operation decided
 * (INSUFFICIENT_FUNDS, QUOTE_EXPIRED, ...) has none. Every page sentence that ties
 * `validationErrors` to a 422 names VALIDATION_FAILED, so no page says every 422 has them.
 */
import {describe, it, expect} from 'vitest';
import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {ROOT} from './openapi-definition';

function pages(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), {withFileTypes: true, recursive: true})
    .filter((e) => e.isFile() && /\.mdx?$/.test(e.name))
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)));
}

/** Sentences of running text (list items and table cells count as their own sentences). */
function sentences(text: string): string[] {
  return text
    .replace(/```[\s\S]*?```/g, ' ')
    .split(/(?<=[.:;])\s+|\n\s*\n|\n\s*-\s|\|/)
    .map((s) => s.replace(/\s+/g, ' ').trim());
}

describe('pages on validationErrors', () => {
  const files = [...pages('docs'), ...pages('api')];

  it('reads the guide and reference pages', () => {
    expect(files).toContain('api/introduction.mdx');
    expect(files).toContain('docs/sandbox.md');
  });

  it.each(files)('%s: ties validationErrors only to 422 VALIDATION_FAILED', (file) => {
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    const wrong = sentences(text).filter(
      (s) => s.includes('validationErrors') && /\b422\b/.test(s) && !s.includes('VALIDATION_FAILED'),
    );
    expect(wrong).toEqual([]);
  });
});
