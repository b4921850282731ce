/**
 * Every operation page of the build links each error code it documents to that code's row in the
 * catalogue on /api/introduction, and that row exists: read from the built HTML, against the
 * model of the definition the build serves (build/openapi.json).
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {buildDefinition, readDefinition} from '../../definition/index.ts';

const BUILD = path.resolve(__dirname, '../../build');
const model = buildDefinition(readDefinition(path.join(BUILD, 'openapi.json')));
const html = (route: string) => readFileSync(path.join(BUILD, route, 'index.html'), 'utf8');

const introduction = html('api/introduction');
// The build's HTML is minified: attribute values are quoted only where they must be.
const rowIds = new Set([...introduction.matchAll(/<tr id="?(error-[A-Z_]+)"?[ >]/g)].map((m) => m[1]!));
const LINK =
  /<a href="?\/api\/introduction#(error-[A-Z_]+)"?><code class="?api-error-code"?[^>]*>([A-Z_]+)<\/code><\/a>/g;

describe('the error catalogue in the build', () => {
  it('has a row for every code of ErrorCode on /api/introduction', () => {
    expect(model.errorCodes.length).toBeGreaterThan(0);
    expect([...rowIds]).toEqual(model.errorCodes.map((c) => `error-${c.code}`));
  });

  it.each(model.operations.map((op) => [op.slug, op] as const))(
    '/api/%s links each error code it documents to its row',
    (slug, operation) => {
      const links = [...html(`api/${slug}`).matchAll(LINK)].map((m) => ({anchor: m[1]!, code: m[2]!}));
      const documented = operation.errors.flatMap((e) => e.codes);
      expect(links.map((l) => l.code)).toEqual(documented);
      for (const {anchor, code} of links) {
        expect(anchor).toBe(`error-${code}`);
        expect(rowIds.has(anchor), `${slug}: ${code} has a row`).toBe(true);
      }
    },
  );
});
