/**
 * get_operation named with nothing answers how to name an operation, with an example operation
 * whose slug, method and path come from the definition (the example's operationId is checked
 * against the generated OperationId type, so a rename fails `tsc`).
 */
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {DefinitionLookup} from '../../mcp/definition-lookup.ts';

const ROOT = path.resolve(__dirname, '../..');
const dir = mkdtempSync(path.join(tmpdir(), 'kestrel-mcp-example-'));
afterAll(() => rmSync(dir, {recursive: true, force: true}));

describe('get_operation without a name', () => {
  it('shows the example operation as the definition names it', async () => {
    const answer = await new DefinitionLookup().getOperation({});
    expect(answer).toEqual({
      ok: false,
      error:
        'Name the operation: slug (issue-invoice), operationId (issueInvoice), or method and path (POST /invoices).',
    });
  });

  it('follows the definition: a moved path is the path it shows', async () => {
    const bundled = JSON.parse(readFileSync(path.join(ROOT, 'static/openapi.json'), 'utf8')) as {
      paths: Record<string, unknown>;
    };
    bundled.paths = Object.fromEntries(
      Object.entries(bundled.paths).map(([route, item]) => [route === '/invoices' ? '/bills' : route, item]),
    );
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(bundled));
    const answer = await new DefinitionLookup(file).getOperation({});
    expect(answer.ok === false && answer.error).toContain('method and path (POST /bills).');
  });
});
