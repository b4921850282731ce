/**
 * The API pages' data as api/{slug}.json stores it (config/api-page-store.ts): a response body
 * whose fields repeat an earlier response's is written once, and the page read back is the page
 * that was written, every field's anchor under its own response.
 */
import {describe, expect, it} from 'vitest';
import type {ApiField, ApiOperationPage, ApiResponse} from '../../config/api-page';
import {restoreApiPage, storeApiPage, type SharedFieldsBody} from '../../config/api-page-store';
import {buildDefinition} from '../../definition/index.ts';
import {operationPage, webhookPage} from '../../plugins/api-reference/page-data';
import {loadBundledDefinition} from './openapi-definition';

const model = buildDefinition(structuredClone(loadBundledDefinition()));
const pages = [...model.operations.map((op) => operationPage(model, op)), ...model.webhooks.map((w) => webhookPage(w))];

const field = (anchor: string, children: ApiField[] = []): ApiField => ({
  name: anchor.split('.').pop()!,
  anchor,
  type: 'string',
  required: true,
  marks: [],
  facts: [],
  children,
  recursive: false,
});
const response = (status: string, fields: ApiField[]): ApiResponse => ({
  status,
  anchor: `response-${status}`,
  descriptionHtml: `<p>${status}</p>`,
  headers: [],
  errorCodes: [],
  body: {mediaType: 'application/json', required: true, fields, examples: [{label: status, packed: `\n${status}`}]},
});
const page = (responses: ApiResponse[]) =>
  ({...pages.find((p) => p.kind === 'operation')!, responses}) as ApiOperationPage;

describe('api-page-store', () => {
  it('gives back every page of the definition as it was, with less to store', () => {
    let shared = 0;
    let before = 0;
    let after = 0;
    for (const p of pages) {
      const stored = storeApiPage(p);
      expect(restoreApiPage(JSON.parse(JSON.stringify(stored)))).toEqual(p);
      shared += stored.responses.filter((r) => r.body && 'fieldsOf' in r.body).length;
      before += JSON.stringify(p).length;
      after += JSON.stringify(stored).length;
    }
    // The errors of each operation share one body: most pages store it once.
    expect(shared).toBeGreaterThan(model.operations.length);
    // Every answer's RateLimit-* and Kestrel-Version headers are stored once per page.
    const sharedHeaders = pages
      .map((p) => storeApiPage(p).responses.flatMap((r) => r.headers.filter((h) => 'headerOf' in h)))
      .flat().length;
    expect(sharedHeaders).toBeGreaterThan(model.operations.length * 4);
    expect(after).toBeLessThan(before * 0.75);
  });

  it('writes fields shared with an earlier status once, and moves every anchor under its own status', () => {
    const errorFields = (status: string) => [
      field(`response-${status}.code`),
      field(`response-${status}.details`, [field(`response-${status}.details.field`)]),
    ];
    const p = page([
      response('201', [field('response-201.id')]),
      response('400', errorFields('400')),
      response('404', errorFields('404')),
    ]);
    const stored = storeApiPage(p);
    expect(stored.responses.map((r) => r.body && ('fieldsOf' in r.body ? r.body.fieldsOf : 'own'))).toEqual([
      'own',
      'own',
      '400',
    ]);
    expect(JSON.stringify(stored.responses[2])).not.toContain('response-404.code');
    const restored = restoreApiPage(stored);
    expect(restored.responses[2]!.body!.fields[1]!.children[0]!.anchor).toBe('response-404.details.field');
    expect(restored).toEqual(p);
  });

  it('keeps fields that differ in anything but their anchors', () => {
    const other = [field('response-404.code'), {...field('response-404.message'), type: 'integer'}];
    const p = page([
      response('400', [field('response-400.code'), field('response-400.message')]),
      response('404', other),
    ]);
    expect(storeApiPage(p).responses.every((r) => !(r.body && 'fieldsOf' in r.body))).toBe(true);
  });

  it('fails naming the page and status when a body takes its fields from a status with none', () => {
    const stored = storeApiPage(page([response('400', [field('response-400.code')])]));
    const body: SharedFieldsBody = {mediaType: 'application/json', required: true, fieldsOf: '418', examples: []};
    stored.responses.push({...stored.responses[0]!, status: '409', anchor: 'response-409', body});
    expect(() => restoreApiPage(stored)).toThrow(/409 takes its fields from 418, which has none/);
  });

  it('writes a header an earlier status carries the same once, and keeps one that differs', () => {
    const header = (status: string, name: string, type = 'string') => ({
      ...field(`response-${status}.headers.${name}`),
      name,
      type,
    });
    const p = page([
      {...response('200', []), headers: [header('200', 'Kestrel-Version'), header('200', 'Retry-After', 'integer')]},
      {...response('429', []), headers: [header('429', 'Kestrel-Version'), header('429', 'Retry-After')]},
    ]);
    const stored = storeApiPage(p);
    expect(stored.responses[1]!.headers.map((h) => ('headerOf' in h ? `${h.name} of ${h.headerOf}` : h.name))).toEqual([
      'Kestrel-Version of 200',
      'Retry-After',
    ]);
    const restored = restoreApiPage(JSON.parse(JSON.stringify(stored)));
    expect(restored.responses[1]!.headers[0]!.anchor).toBe('response-429.headers.Kestrel-Version');
    expect(restored).toEqual(p);
  });

  it('fails naming the page, status and header when a header comes from a status without it', () => {
    const stored = storeApiPage(page([response('400', [field('response-400.code')])]));
    stored.responses[0]!.headers = [{name: 'Kestrel-Version', headerOf: '418'}];
    expect(() => restoreApiPage(stored)).toThrow(/400 takes its Kestrel-Version header from 418, which has none/);
  });
});
