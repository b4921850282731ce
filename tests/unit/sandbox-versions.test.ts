/**
 * `npm run sandbox` serves the API version a client pins, over HTTP: `Kestrel-Version` on the
 * request picks the release, else the account's pin (`--token TOKEN=ACCOUNT@VERSION`), else
 * `--api-version`; every answer names the version that served it; a deprecated release's answers
 * carry its `Deprecation` and `Sunset` from releases.json; requests are validated against that
 * release's definition, and so are its answers here; an unknown version, or one past its sunset on
 * the sandbox clock, answers 400 API_VERSION_UNSUPPORTED naming the header and the versions served.
 */
import type {AddressInfo} from 'node:net';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {readReleases} from '../../definition/index.ts';
import {Definition} from '../../sandbox/definition.ts';
import {deprecationDateHeaders} from '../../sandbox/deprecation.ts';
import {SANDBOX_LIMIT} from '../../sandbox/rate-limit-figures.ts';
import {createSandbox, type Sandbox as InProcess} from '../../sandbox/start.ts';
import {LIGHTNING_INVOICES} from '../../sandbox/test-input-triggers.ts';
import {loadBundledDefinition} from './openapi-definition';
import {answerProblems, checkedSender, guideDefinition} from './sandbox-answers';
import {freshRateLimitWindow} from './sandbox-process';
import {suiteSandbox} from './suite-sandbox';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are read field by field

const releases = readReleases();
const first = releases[0]!;
const latest = releases.at(-1)!.version;
const served = releases.map((r) => r.version);
const midnight = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** The default account's token, served at `--api-version`. */
const OLD = 'sk_sandbox_old';
/** A token of the account `shop`, pinned to the latest release. */
const SHOP = 'sk_sandbox_shop';
const sandbox = suiteSandbox([
  '--manual-clock',
  '--no-rate-limit',
  '--quiet',
  '--api-version',
  first.version,
  '--token',
  OLD,
  '--token',
  `${SHOP}=shop@${latest}`,
]);

async function call(
  token: string | undefined,
  method: string,
  path: string,
  options: {version?: string; body?: unknown; headers?: Record<string, string>} = {},
) {
  const res = await fetch(`${sandbox.base}${path}`, {
    method,
    headers: {
      ...(token && {Authorization: `Bearer ${token}`}),
      ...(options.version && {'Kestrel-Version': options.version}),
      ...(options.body !== undefined && {'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID()}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  return {
    res,
    status: res.status,
    version: res.headers.get('kestrel-version'),
    body: (text ? JSON.parse(text) : {}) as Json,
  };
}

describe('the version a request is served at', () => {
  it('is the one it sends in Kestrel-Version, named again on the answer', async () => {
    for (const version of served) {
      const answer = await call(SHOP, 'GET', '/invoices', {version});
      expect(answer.status).toBe(200);
      expect(answer.version).toBe(version);
    }
  });

  it('is --api-version for a request without the header', async () => {
    const answer = await call(OLD, 'GET', '/invoices');
    expect(answer.status).toBe(200);
    expect(answer.version).toBe(first.version);
  });

  it("is the account's pin (--token TOKEN=ACCOUNT@VERSION) for a request without the header", async () => {
    const answer = await call(SHOP, 'GET', '/invoices');
    expect(answer.status).toBe(200);
    expect(answer.version).toBe(latest);
  });

  it('is named on refusals too: 401, 404, 405 and 422', async () => {
    expect(await call(undefined, 'GET', '/invoices')).toMatchObject({status: 401, version: first.version});
    expect(await call(SHOP, 'GET', '/no-such-path')).toMatchObject({status: 404, version: latest});
    expect(await call(SHOP, 'DELETE', '/invoices', {version: first.version})).toMatchObject({
      status: 405,
      version: first.version,
    });
    expect(await call(SHOP, 'POST', '/invoices', {body: {}})).toMatchObject({status: 422, version: latest});
  });

  it('is a header a page on this machine may send and read (CORS)', async () => {
    const origin = 'http://localhost:3000';
    const preflight = await fetch(`${sandbox.base}/invoices`, {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'kestrel-version',
      },
    });
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/(^|, )Kestrel-Version(,|$)/);
    const answer = await call(SHOP, 'GET', '/invoices', {headers: {Origin: origin}});
    expect(answer.res.headers.get('access-control-expose-headers')).toMatch(/(^|, )Kestrel-Version(,|$)/);
  });
});

describe('an unknown version', () => {
  it('answers 400 API_VERSION_UNSUPPORTED, naming the header and listing the versions served', async () => {
    const answer = await call(SHOP, 'GET', '/invoices', {version: '0.9.0'});
    expect(answer.status).toBe(400);
    expect(answer.status).toBe(guideDefinition.errorStatuses().get('API_VERSION_UNSUPPORTED'));
    expect(answer.res.headers.get('content-type')).toBe('application/problem+json');
    expect(answer.body).toMatchObject({status: 400, code: 'API_VERSION_UNSUPPORTED', instance: '/v1/invoices'});
    expect(answer.body.detail).toBe(
      `Kestrel-Version 0.9.0 is not a version this API serves. Send Kestrel-Version with one of: ${served.join(', ')}.`,
    );
    // Answered at the version the request would have had without the header.
    expect(answer.version).toBe(latest);
  });

  it('answers the same for a value that is no version at all', async () => {
    const answer = await call(OLD, 'POST', '/invoices', {version: 'latest', body: {}});
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('API_VERSION_UNSUPPORTED');
    expect(answer.body.detail).toContain('Kestrel-Version latest is not a version this API serves');
  });
});

describe('a deprecated version', () => {
  const deprecation = `@${midnight(first.deprecated!) / 1000}`;
  const sunset = new Date(midnight(first.sunset!)).toUTCString();

  it("carries Deprecation and Sunset with the release's dates on every answer", async () => {
    expect([deprecation, sunset]).toEqual(['@1795737600', 'Wed, 26 May 2027 00:00:00 GMT']);
    for (const answer of [
      await call(OLD, 'GET', '/invoices'),
      await call(SHOP, 'GET', '/invoices', {version: first.version}),
      await call(SHOP, 'GET', '/no-such-path', {version: first.version}),
    ]) {
      expect(answer.version).toBe(first.version);
      expect(answer.res.headers.get('deprecation')).toBe(deprecation);
      expect(answer.res.headers.get('sunset')).toBe(sunset);
    }
  });

  it('with a deprecated operation or parameter too, the earliest deprecation and the earliest sunset bind', () => {
    const version = {since: first.deprecated!, sunset: first.sunset!};
    const parameter = {since: '2026-12-01', sunset: '2027-03-01'};
    expect(deprecationDateHeaders([version, parameter])).toEqual({
      Deprecation: deprecation,
      Sunset: 'Mon, 01 Mar 2027 00:00:00 GMT',
    });
  });

  it('the latest version carries neither', async () => {
    const answer = await call(SHOP, 'GET', '/invoices');
    expect(answer.version).toBe(latest);
    expect(answer.res.headers.get('deprecation')).toBeNull();
    expect(answer.res.headers.get('sunset')).toBeNull();
  });
});

describe("validation at the served version's definition", () => {
  // 2.0.0 takes a BOLT11 invoice in capitals, as QR codes carry it; 1.0.0 took small letters only.
  const capitals = {lnInvoice: LIGHTNING_INVOICES.pays.toUpperCase()};

  it('a request the latest release accepts is refused at 1.0.0, naming the field', async () => {
    const now = await call(SHOP, 'POST', '/payment-quotes/lightning', {body: capitals});
    expect(now.status, JSON.stringify(now.body)).toBe(201);
    const then = await call(SHOP, 'POST', '/payment-quotes/lightning', {version: first.version, body: capitals});
    expect(then.status).toBe(422);
    expect(then.version).toBe(first.version);
    expect(Object.keys(then.body.validationErrors)).toEqual(['lnInvoice']);
  });
});

describe('the contract, at the version that served each answer', () => {
  it('checks an answer at 1.0.0 against 1.0.0.json and one at the latest release against the definition', async () => {
    const sendOld = checkedSender(() => sandbox.base, OLD);
    const issued = await sendOld('POST', '/invoices', {amount: {amount: '10.00', currency: 'USD'}});
    expect(issued.status).toBe(201);
    const listed = await sendOld('GET', '/invoices');
    expect(listed.body.items.map((i: Json) => i.id)).toContain(issued.body.id);
    const now = await checkedSender(() => sandbox.base, SHOP)('POST', '/receive-requests', {currency: 'USD'});
    expect(now.status).toBe(201);
  });

  it('an answer checked against the wrong release fails: a 2.0.0 receive request lacks 1.0.0 lnInvoice', async () => {
    const answer = await call(SHOP, 'POST', '/receive-requests', {body: {currency: 'USD'}});
    expect(answer.version).toBe(latest);
    const type = answer.res.headers.get('content-type');
    expect(answerProblems('POST', '/receive-requests', answer.status, type, answer.body, answer.version)).toEqual([]);
    const wrong = answerProblems('POST', '/receive-requests', answer.status, type, answer.body, first.version);
    expect(wrong.join('\n')).toMatch(/lnInvoice/);
  });
});

describe('the sunset', () => {
  it('keeps serving 1.0.0 until its sunset on the sandbox clock, then answers 400 naming it', async () => {
    const clock = (await (await fetch(`${sandbox.origin}/_sandbox/clock`)).json()) as {now: string};
    const untilSunset = Math.floor((midnight(first.sunset!) - Date.parse(clock.now)) / 1000);
    await sandbox.advance(untilSunset - 1);
    expect(await call(OLD, 'GET', '/invoices')).toMatchObject({status: 200, version: first.version});

    await sandbox.advance(2);
    const pinned = await call(OLD, 'GET', '/invoices');
    expect(pinned.status).toBe(400);
    expect(pinned.body.code).toBe('API_VERSION_UNSUPPORTED');
    expect(pinned.body.detail).toBe(
      `The version this account is pinned to, ${first.version}, reached its sunset on ${first.sunset} and is no longer served. Send Kestrel-Version with one of: ${latest}.`,
    );
    // Its own version is gone: the refusal is answered at the latest release.
    expect(pinned.version).toBe(latest);

    const sent = await call(SHOP, 'GET', '/invoices', {version: first.version});
    expect(sent.status).toBe(400);
    expect(sent.body.detail).toContain(`Kestrel-Version ${first.version} reached its sunset on ${first.sunset}`);
    expect(await call(SHOP, 'GET', '/invoices')).toMatchObject({status: 200, version: latest});
  });
});

describe('the rate limit', () => {
  let inProcess: InProcess;
  let base = '';
  beforeAll(async () => {
    inProcess = createSandbox(new Definition(loadBundledDefinition()), {token: OLD, apiVersion: first.version});
    await new Promise<void>((resolve) => inProcess.server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(inProcess.server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => new Promise((resolve) => inProcess.server.close(resolve)));

  it('names the version on a 429 too, with its deprecation', async () => {
    // Windows run on real time: start the burst early in one, so it cannot straddle two.
    await freshRateLimitWindow();
    let last: Response | undefined;
    for (let i = 0; i <= SANDBOX_LIMIT; i++)
      last = await fetch(`${base}/invoices`, {headers: {Authorization: `Bearer ${OLD}`}});
    expect(last!.status).toBe(429);
    expect(last!.headers.get('kestrel-version')).toBe(first.version);
    expect(last!.headers.get('sunset')).toBe(new Date(midnight(first.sunset!)).toUTCString());
  });
});
