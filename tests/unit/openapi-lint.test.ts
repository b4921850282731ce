/**
 * An invalid definition fails lint: copies of the definition, each broken one way, must make
 * `npm run lint:api` (Redocly's lint of the finished bundle) exit non-zero naming the rule that
 * caught it. The real definition passes clean.
 */
import {describe, it, expect} from 'vitest';
import {cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {lintDefinition} from '../../tooling/lint-definition.mjs';

const ROOT = path.resolve(__dirname, '../..');

async function lintCopy(breakIt?: (dir: string) => void) {
  const dir = mkdtempSync(path.join(tmpdir(), 'openapi-lint-'));
  try {
    cpSync(path.join(ROOT, 'openapi'), path.join(dir, 'openapi'), {recursive: true});
    cpSync(path.join(ROOT, 'redocly.yaml'), path.join(dir, 'redocly.yaml'));
    cpSync(path.join(ROOT, 'tooling/redocly-plugin.mjs'), path.join(dir, 'tooling/redocly-plugin.mjs'));
    breakIt?.(dir);
    return await lintDefinition(dir);
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
}

function edit(dir: string, file: string, from: string, to: string) {
  const full = path.join(dir, file);
  const source = readFileSync(full, 'utf8');
  if (!source.includes(from)) throw new Error(`fixture edit: "${from}" not in ${file}`);
  writeFileSync(full, source.replace(from, to));
}

describe('redocly lint', () => {
  it('passes the definition with no error and no warning', async () => {
    const {status, output} = await lintCopy();
    expect(status, output).toBe(0);
    expect(output).toMatch(/Your API description is valid/);
    // (The Node 20 deprecation banner says "warning" too; the lint summary counts them.)
    expect(output).not.toMatch(/\d+ warnings?/);
  });

  it('fails a money-moving operation without Idempotency-Key', async () => {
    const {status, output} = await lintCopy((dir) =>
      edit(dir, 'openapi/paths/invoices.yaml', '    - $ref: ../components/parameters/IdempotencyKey.yaml\n', ''),
    );
    expect(status).not.toBe(0);
    expect(output).toMatch(/idempotent-write-has-idempotency-key/);
  });

  it('fails an operation without a description', async () => {
    const {status, output} = await lintCopy((dir) =>
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

  it('fails an operation that lists no problem, so has no 4xx once filed by status', async () => {
    const file = 'openapi/paths/invoices_{invoiceId}_cancel.yaml';
    const {status, output} = await lintCopy((dir) => {
      const source = readFileSync(path.join(dir, file), 'utf8');
      writeFileSync(path.join(dir, file), source.replace(/\n {2}x-problems:\n( {4}.*\n)*/, '\n'));
    });
    expect(status).not.toBe(0);
    expect(output).toMatch(/operation-4xx-response/);
  });
});
