/**
 * An invalid definition fails lint: copies of the definition, each broken one way, must make
 * `redocly lint` exit non-zero naming the rule that caught it. The real definition passes clean.
 */
import {describe, it, expect} from 'vitest';
import {spawnSync} from 'node:child_process';
import {cpSync, mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

function lintCopy(breakIt?: (dir: string) => void) {
  const dir = mkdtempSync(path.join(tmpdir(), 'openapi-lint-'));
  cpSync(path.join(ROOT, 'openapi'), path.join(dir, 'openapi'), {recursive: true});
  cpSync(path.join(ROOT, 'redocly.yaml'), path.join(dir, 'redocly.yaml'));
  breakIt?.(dir);
  const result = spawnSync(path.join(ROOT, 'node_modules/.bin/redocly'), ['lint', '--format', 'stylish'], {
    cwd: dir,
    encoding: 'utf8',
  });
  return {status: result.status, output: `${result.stdout}\n${result.stderr}`};
}

function edit(dir: string, file: string, from: string, to: string) {
  const full = path.join(dir, file);
  const source = readFileSync(full, 'utf8');
  if (!source.includes(from)) throw new Error(`fixture edit: "${from}" not in ${file}`);
  writeFileSync(full, source.replace(from, to));
}

describe('redocly lint', {timeout: 60_000}, () => {
  it('passes the definition with no error and no warning', () => {
    const {status, output} = lintCopy();
    expect(status, output).toBe(0);
    expect(output).toMatch(/Your API description is valid/);
    // (The Node 20 deprecation banner says "warning" too; the lint summary counts them.)
    expect(output).not.toMatch(/\d+ warnings?/);
  });

  it('fails a money-moving operation without Idempotency-Key', () => {
    const {status, output} = lintCopy((dir) =>
      edit(dir, 'openapi/paths/invoices.yaml', '    - $ref: ../components/parameters/IdempotencyKey.yaml\n', ''),
    );
    expect(status).not.toBe(0);
    expect(output).toMatch(/idempotent-write-has-idempotency-key/);
  });

  it('fails an operation without a description', () => {
    const {status, output} = lintCopy((dir) =>
      edit(
        dir,
        'openapi/paths/invoices.yaml',
        '  description: |-\n    Issues an invoice',
        '  x-note: |-\n    Issues an invoice',
      ),
    );
    expect(status).not.toBe(0);
    expect(output).toMatch(/operation-description/);
  });
});
