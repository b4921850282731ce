import {describe, it, expect} from 'vitest';
import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import remarkCodeFile, {resolveCodeFile} from '../../plugins/remark-code-file';

const site = mkdtempSync(path.join(tmpdir(), 'code-file-'));
writeFileSync(
  path.join(site, 'sample.ts'),
  [
    '// #region setup',
    'const a = 1;',
    '// #endregion setup',
    'function f() {',
    '  // #region body',
    '  return a;',
    '  // #endregion body',
    '}',
    '',
  ].join('\n'),
);

describe('remark-code-file', () => {
  it('fills a block with the whole file, without region markers', () => {
    expect(resolveCodeFile('title="x" file=sample.ts', site)).toEqual({
      value: 'const a = 1;\nfunction f() {\n  return a;\n}',
      meta: 'title="x"',
    });
  });
  it('keeps only a region, dedented', () => {
    expect(resolveCodeFile('file=sample.ts region=body', site)?.value).toBe('return a;');
  });
  it('leaves blocks without file= alone', () => {
    expect(resolveCodeFile('title="x"', site)).toBeNull();
  });
  it('fails on a missing file, a missing region, or a path outside the site', () => {
    expect(() => resolveCodeFile('file=nope.ts', site)).toThrow(/does not exist/);
    expect(() => resolveCodeFile('file=sample.ts region=nope', site)).toThrow(/region "nope" not found/);
    expect(() => resolveCodeFile('file=../etc/passwd', site)).toThrow(/does not exist/);
  });
  it('refuses a block that has both file= and its own code', () => {
    const tree = {type: 'root', children: [{type: 'code', meta: 'file=examples/README.md', value: 'x'}]};
    expect(() => remarkCodeFile()(tree)).toThrow(/must be empty/);
  });
});
