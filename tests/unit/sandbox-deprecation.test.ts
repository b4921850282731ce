/**
 * The sandbox tells a client what is deprecated, over HTTP: an answer to a request that uses a
 * deprecated operation, or sends a deprecated parameter, carries `Deprecation` (RFC 9745,
 * `@<unix seconds>`) and `Sunset` (RFC 8594, an HTTP date) from the definition's `x-deprecation`,
 * refusals included; other answers carry neither. The definition is the bundled one with an
 * operation and a parameter marked deprecated, served in-process.
 */
import type {AddressInfo} from 'node:net';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {readDefinition} from '../../definition/index.ts';
import {Definition} from '../../sandbox/definition.ts';
import {createSandbox, type Sandbox} from '../../sandbox/start.ts';
import {ROOT} from './openapi-definition';

type Doc = ReturnType<typeof readDefinition>;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- the fixture edits the definition's plain JSON

/**
 * The bundled definition, with `GET /account/balances` deprecated on 27 November 2026, sunset
 * 26 May 2027, `$top` on 1 December 2026, sunset 1 July 2027, and the path parameter `payoutId`
 * on 4 January 2027, sunset 2 August 2027.
 */
function deprecatedFixture(): Doc {
  const doc = readDefinition(path.join(ROOT, 'static', 'openapi.json')) as Json;
  Object.assign(doc.paths['/account/balances'].get, {
    deprecated: true,
    'x-deprecation': {since: '2026-11-27', sunset: '2027-05-26'},
  });
  Object.assign(doc.components.parameters.Top, {
    deprecated: true,
    'x-deprecation': {since: '2026-12-01', sunset: '2027-07-01'},
  });
  Object.assign(doc.components.parameters.PayoutId, {
    deprecated: true,
    'x-deprecation': {since: '2027-01-04', sunset: '2027-08-02'},
  });
  return doc as Doc;
}

let sandbox: Sandbox;
let base: string;

beforeAll(async () => {
  sandbox = createSandbox(new Definition(deprecatedFixture()), {token: 'sk_test', rateLimit: false});
  await new Promise<void>((resolve) => sandbox.server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(sandbox.server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => sandbox.server.close(() => resolve()));
});

const get = (route: string, headers: Record<string, string> = {Authorization: 'Bearer sk_test'}) =>
  fetch(`${base}${route}`, {headers});

describe('Deprecation and Sunset headers in the local sandbox', () => {
  it('a deprecated operation answers with its deprecation time and its sunset', async () => {
    const res = await get('/account/balances');
    expect(res.status).toBe(200);
    expect(res.headers.get('deprecation')).toBe(`@${Date.UTC(2026, 10, 27) / 1000}`);
    expect(res.headers.get('deprecation')).toBe('@1795737600');
    expect(res.headers.get('sunset')).toBe('Wed, 26 May 2027 00:00:00 GMT');
  });

  it('a refusal of a deprecated operation carries them too', async () => {
    const res = await get('/account/balances', {});
    expect(res.status).toBe(401);
    expect(res.headers.get('deprecation')).toBe('@1795737600');
    expect(res.headers.get('sunset')).toBe('Wed, 26 May 2027 00:00:00 GMT');
  });

  it('a request that sends a deprecated parameter gets its dates; the same request without it gets none', async () => {
    const withTop = await get('/invoices?$top=5');
    expect(withTop.status).toBe(200);
    expect(withTop.headers.get('deprecation')).toBe(`@${Date.UTC(2026, 11, 1) / 1000}`);
    expect(withTop.headers.get('sunset')).toBe('Thu, 01 Jul 2027 00:00:00 GMT');
    const without = await get('/invoices');
    expect(without.status).toBe(200);
    expect(without.headers.get('deprecation')).toBeNull();
    expect(without.headers.get('sunset')).toBeNull();
  });

  it('a deprecated path parameter is in every request to its operations, a 404 included', async () => {
    const res = await get('/payouts/00000000-0000-4000-8000-000000000000');
    expect(res.status).toBe(404);
    expect(res.headers.get('deprecation')).toBe(`@${Date.UTC(2027, 0, 4) / 1000}`);
    expect(res.headers.get('sunset')).toBe('Mon, 02 Aug 2027 00:00:00 GMT');
  });

  it('an operation that is not deprecated answers without them', async () => {
    const res = await get('/account/limits');
    expect(res.status).toBe(200);
    expect(res.headers.get('deprecation')).toBeNull();
    expect(res.headers.get('sunset')).toBeNull();
  });

  it('a page on this machine may read them (CORS exposes both)', async () => {
    const res = await fetch(`${base}/account/balances`, {
      headers: {Authorization: 'Bearer sk_test', Origin: 'http://127.0.0.1:3000'},
    });
    const exposed = (res.headers.get('access-control-expose-headers') ?? '').split(/,\s*/);
    expect(exposed).toEqual(expect.arrayContaining(['Deprecation', 'Sunset']));
  });

  it('a definition whose deprecation has no sunset date is refused, naming the field', () => {
    const doc = readDefinition(path.join(ROOT, 'static', 'openapi.json')) as Json;
    Object.assign(doc.paths['/account/limits'].get, {deprecated: true, 'x-deprecation': {since: '2026-11-27'}});
    expect(() => new Definition(doc as Doc)).toThrow(
      '#/paths/~1account~1limits/get/x-deprecation/sunset is undefined, not a date (YYYY-MM-DD)',
    );
  });
});
