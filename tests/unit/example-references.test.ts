/**
 * The files that the examples' comments and docstrings name exist, so that a reader who follows
 * "see server.ts" finds it: a reference resolves next to the file, from the site root, or as the
 * name of a file under examples/.
 */
import {describe, expect, it} from 'vitest';
import {existsSync, readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {ROOT} from './guide-http';

const EXAMPLES = path.join(ROOT, 'examples');
const files = (readdirSync(EXAMPLES, {recursive: true}) as string[]).filter(
  (f) => /\.(ts|mjs|py|go|sh)$/.test(f) && !f.includes('node_modules'),
);
const names = new Set(files.map((f) => path.basename(f)));

/** Lines of comment: //, /* and * lines, # lines, and Python docstrings. */
function commentLines(source: string): string[] {
  const docstrings = [...source.matchAll(/"""([\s\S]*?)"""/g)].flatMap((m) => m[1]!.split('\n'));
  return [...source.split('\n').filter((l) => /^\s*(\/\/|\/\*|\*|#)/.test(l)), ...docstrings];
}

describe('example comments', () => {
  it('are read from many files', () => {
    expect(files.length).toBeGreaterThanOrEqual(60);
  });

  it.each(files.map((f) => [f] as const))('%s: names only files that exist', (file) => {
    const missing: string[] = [];
    for (const line of commentLines(readFileSync(path.join(EXAMPLES, file), 'utf8'))) {
      for (const [ref] of line.matchAll(/(?<![\w@.-])[\w./-]+\.(?:ts|mjs|py|go|sh|json)\b/g)) {
        // `[body.json]` in a usage line is an optional argument of yours, not a file of ours.
        if (/^https?:|^node:/.test(ref!) || line.includes(`[${ref}]`)) continue;
        const found =
          existsSync(path.join(EXAMPLES, path.dirname(file), ref!)) ||
          existsSync(path.join(ROOT, ref!)) ||
          names.has(path.basename(ref!));
        if (!found) missing.push(ref!);
      }
    }
    expect(missing).toEqual([]);
  });
});
