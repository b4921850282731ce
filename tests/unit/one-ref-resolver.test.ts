/**
 * One place follows `$ref` in the API definition: the definition model (definition/refs.ts). Every
 * other reader (pages, Markdown twins, search words, code samples, the sandbox, the test helpers)
 * reads the model, so a new keyword or a broken reference is handled once. This fails on a source
 * file outside definition/ that reads a node's `$ref` itself. Writing `{$ref: ...}` (a fixture, a
 * schema for Ajv to compile) is not reading one.
 */
import {execFileSync} from 'node:child_process';
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';

const ROOT = path.resolve(__dirname, '../..');
/** This file names the patterns it looks for. */
const SELF = path.relative(ROOT, __filename);

/** Reading a `$ref`: `node.$ref`, `node['$ref']`, or `const {$ref, ...rest} = node`. */
const READS_REF = [/\.\$ref\b/, /\[\s*['"`]\$ref['"`]\s*\]/, /\{\s*\$ref\s*[,}][^=]*\}\s*=[^=>]/];

function sourceFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return (
    listed
      .split('\n')
      .filter((file) => /\.(ts|tsx|mts|cts|js|mjs|cjs)$/.test(file))
      .filter((file) => !file.startsWith('tests/fixtures/') && file !== SELF)
      // A file deleted but not yet staged is still in the index.
      .filter((file) => existsSync(path.join(ROOT, file)))
  );
}

const readsRef = (file: string) =>
  readFileSync(path.join(ROOT, file), 'utf8')
    .split('\n')
    .some((line) => READS_REF.some((pattern) => pattern.test(line)));

describe('one $ref resolver', () => {
  const files = sourceFiles();
  const readers = files.filter(readsRef);

  it('finds the resolver it protects (the check reads the files it should)', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(readers).toContain('definition/refs.ts');
  });

  it('no file outside definition/ follows $ref itself', () => {
    const outside = readers.filter(
      (file) => !file.startsWith('definition/') && !file.startsWith('tests/unit/definition-'),
    );
    expect(outside).toEqual([]);
  });
});
