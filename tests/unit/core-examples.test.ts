import {describe, it, expect, vi} from 'vitest';
import {
  jitteredDelay,
  parseRetryAfter,
  RETRYABLE_STATUSES,
  withBackoff,
  type RetryableResponse,
} from '../../examples/core/backoff';
import {DEFAULT_DEFER_MS, sendOrDefer} from '../../examples/core/maintenance';
import {issueInvoice} from '../../examples/core/issue-invoice';
import {
  AUTHORIZE_URL,
  buildAuthorizeUrl,
  challengeFor,
  createPkcePair,
  createState,
  exchangeCode,
  OAuthError,
  refreshTokens,
  revokeToken,
  REVOKE_URL,
  TOKEN_URL,
  type FetchLike,
} from '../../examples/core/oauth-pkce';

/** A fetch-like answer with the given status and headers. */
function answer(status: number, headers: Record<string, string> = {}): RetryableResponse {
  const lower = new Map(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return {status, headers: {get: (name) => lower.get(name.toLowerCase()) ?? null}};
}

/** Calls return the given answers in order; the last one repeats. */
function scripted(...answers: RetryableResponse[]) {
  return vi.fn(async (attempt: number) => answers[Math.min(attempt, answers.length) - 1]!);
}

function recorder() {
  const waits: number[] = [];
  return {waits, sleep: vi.fn(async (ms: number) => void waits.push(ms))};
}

describe('parseRetryAfter', () => {
  it('reads delta-seconds as milliseconds', () => {
    expect(parseRetryAfter('7')).toBe(7000);
    expect(parseRetryAfter(' 0 ')).toBe(0);
  });

  it('reads an HTTP date relative to now', () => {
    const now = Date.parse('2026-07-14T06:00:00Z');
    expect(parseRetryAfter('Tue, 14 Jul 2026 06:30:00 GMT', now)).toBe(30 * 60 * 1000);
    expect(parseRetryAfter('Tue, 14 Jul 2026 05:00:00 GMT', now)).toBe(0);
  });

  it('returns null for an absent or unreadable header', () => {
    expect(parseRetryAfter(null)).toBeNull();
    expect(parseRetryAfter('soon')).toBeNull();
    expect(parseRetryAfter('-5')).toBeNull();
    expect(parseRetryAfter('2026-07-14T06:30:00Z')).toBeNull();
  });
});

describe('jitteredDelay', () => {
  it('is a random share of an exponential ceiling capped at capMs', () => {
    const top = () => 0.999999;
    expect(jitteredDelay(1, 500, 30_000, top)).toBe(499);
    expect(jitteredDelay(2, 500, 30_000, top)).toBe(999);
    expect(jitteredDelay(4, 500, 30_000, top)).toBe(3999);
    expect(jitteredDelay(10, 500, 30_000, top)).toBe(29_999);
    expect(jitteredDelay(10, 500, 30_000, () => 0)).toBe(0);
    expect(jitteredDelay(3, 500, 30_000, () => 0.5)).toBe(1000);
  });
});

describe('withBackoff', () => {
  it('returns a successful answer at once without sleeping', async () => {
    const fn = scripted(answer(200));
    const {sleep} = recorder();
    const response = await withBackoff(fn, {sleep});
    expect(response.status).toBe(200);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(sleep).not.toHaveBeenCalled();
  });

  it('does not retry client errors such as 400, 401, 403, 404, 409 and 422', async () => {
    for (const status of [400, 401, 403, 404, 409, 422, 501]) {
      const fn = scripted(answer(status));
      const {sleep} = recorder();
      expect((await withBackoff(fn, {sleep})).status).toBe(status);
      expect(fn).toHaveBeenCalledTimes(1);
    }
    expect([...RETRYABLE_STATUSES].sort()).toEqual([429, 500, 502, 503, 504]);
  });

  it('uses full jitter when there is no Retry-After', async () => {
    const fn = scripted(answer(500), answer(502), answer(504), answer(503), answer(200));
    const {waits, sleep} = recorder();
    const response = await withBackoff(fn, {baseMs: 100, capMs: 10_000, random: () => 0.5, sleep});
    expect(response.status).toBe(200);
    expect(fn.mock.calls.map(([attempt]) => attempt)).toEqual([1, 2, 3, 4, 5]);
    expect(waits).toEqual([50, 100, 200, 400]);
  });

  it('never retries sooner than Retry-After, and adds a little jitter', async () => {
    const fn = scripted(answer(429, {'Retry-After': '3'}), answer(429, {'retry-after': '1'}), answer(201));
    const {waits, sleep} = recorder();
    const response = await withBackoff(fn, {baseMs: 200, random: () => 0.25, sleep});
    expect(response.status).toBe(201);
    expect(waits).toEqual([3050, 1050]);
  });

  it('stops after maxAttempts and returns the last answer', async () => {
    const fn = scripted(answer(429, {'Retry-After': '1'}));
    const {waits, sleep} = recorder();
    const response = await withBackoff(fn, {maxAttempts: 3, random: () => 0, sleep});
    expect(response.status).toBe(429);
    expect(fn).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([1000, 1000]);
  });

  it('returns at once when Retry-After is longer than capMs', async () => {
    const fn = scripted(answer(503, {'Retry-After': '1800'}), answer(200));
    const {sleep} = recorder();
    const response = await withBackoff(fn, {capMs: 30_000, sleep});
    expect(response.status).toBe(503);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(sleep).not.toHaveBeenCalled();
  });

  it('retries a timeout or a network error, and throws the last one when the attempts run out', async () => {
    const timeout = new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    const fn = vi
      .fn<(attempt: number) => Promise<RetryableResponse>>()
      .mockRejectedValueOnce(timeout)
      .mockRejectedValueOnce(new TypeError('fetch failed'))
      .mockResolvedValueOnce(answer(201));
    const {waits, sleep} = recorder();
    expect((await withBackoff(fn, {baseMs: 100, random: () => 0.5, sleep})).status).toBe(201);
    expect(waits).toEqual([50, 100]);
    const failing = vi.fn(async () => Promise.reject(timeout));
    await expect(withBackoff(failing, {maxAttempts: 3, random: () => 0, sleep})).rejects.toBe(timeout);
    expect(failing).toHaveBeenCalledTimes(3);
  });

  it('retries 409 IDEMPOTENCY_KEY_IN_USE and no other 409, reading the code from a copy of the body', async () => {
    const inUse = () => new Response('{"code":"IDEMPOTENCY_KEY_IN_USE"}', {status: 409});
    const fn = scripted(inUse(), new Response('{"id":"x"}', {status: 201}));
    const {sleep} = recorder();
    expect((await withBackoff(fn, {sleep, random: () => 0})).status).toBe(201);
    expect(fn).toHaveBeenCalledTimes(2);
    const reused = scripted(new Response('{"code":"IDEMPOTENCY_KEY_REUSED"}', {status: 409}));
    const last = await withBackoff(reused, {sleep});
    expect(reused).toHaveBeenCalledTimes(1);
    expect(await (last as Response).json()).toEqual({code: 'IDEMPOTENCY_KEY_REUSED'}); // still readable
  });

  it('cancels the body of each answer it discards, and not the one it returns', async () => {
    const discarded = new Response('{"code":"RATE_LIMITED"}', {status: 429, headers: {'Retry-After': '1'}});
    const kept = new Response('{"id":"x"}', {status: 201});
    const {sleep} = recorder();
    await withBackoff(scripted(discarded, kept), {sleep, random: () => 0});
    expect(discarded.bodyUsed).toBe(true);
    expect(kept.bodyUsed).toBe(false);
  });

  it('stops at the deadline: returns the last answer rather than wait past it', async () => {
    const fn = scripted(answer(503, {'Retry-After': '20'}), answer(200));
    const {sleep} = recorder();
    expect((await withBackoff(fn, {deadlineMs: 15_000, sleep})).status).toBe(503);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(sleep).not.toHaveBeenCalled();
  });

  it('hands each attempt a signal that aborts at the deadline, so no attempt outlives it', async () => {
    const {sleep} = recorder();
    const never = (_attempt: number, deadline: AbortSignal) =>
      new Promise<Response>((_resolve, reject) => deadline.addEventListener('abort', () => reject(deadline.reason)));
    const error = await withBackoff(never, {deadlineMs: 50, sleep}).catch((e: unknown) => e);
    expect((error as Error).name).toBe('TimeoutError');
    expect(sleep).not.toHaveBeenCalled();
  });

  it('works with a real fetch Response and sleeps with setTimeout by default', async () => {
    vi.useFakeTimers();
    try {
      const responses = [
        new Response(null, {status: 429, headers: {'Retry-After': '2'}}),
        new Response('{}', {status: 200}),
      ];
      const promise = withBackoff(async (attempt) => responses[attempt - 1]!, {random: () => 0});
      await vi.advanceTimersByTimeAsync(1999);
      let settled = false;
      void promise.then(() => (settled = true));
      await Promise.resolve();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect((await promise).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('sendOrDefer', () => {
  const now = () => Date.parse('2026-07-14T06:05:00Z');

  it('answers when Kestrel answers', async () => {
    const outcome = await sendOrDefer(scripted(answer(503, {'Retry-After': '2'}), answer(200)), {
      random: () => 0,
      sleep: async () => {},
      now,
    });
    expect(outcome).toMatchObject({kind: 'answered', response: {status: 200}});
  });

  it('passes other errors through as answers', async () => {
    const outcome = await sendOrDefer(scripted(answer(422)), {now});
    expect(outcome).toMatchObject({kind: 'answered', response: {status: 422}});
  });

  it('defers to the end of a long maintenance window', async () => {
    const outcome = await sendOrDefer(scripted(answer(503, {'Retry-After': '1500'})), {now});
    expect(outcome.kind).toBe('deferred');
    if (outcome.kind === 'deferred') expect(outcome.retryAt.toISOString()).toBe('2026-07-14T06:30:00.000Z');
  });

  it('defers by a default when a 503 has no Retry-After', async () => {
    const outcome = await sendOrDefer(scripted(answer(503)), {
      maxAttempts: 2,
      random: () => 0,
      sleep: async () => {},
      now,
    });
    expect(outcome.kind).toBe('deferred');
    if (outcome.kind === 'deferred') expect(outcome.retryAt.getTime()).toBe(now() + DEFAULT_DEFER_MS);
  });

  it('defers a 500, 502, 504 or 429 that outlasted the retries: the same key can still run the request', async () => {
    for (const status of [500, 502, 504, 429]) {
      const outcome = await sendOrDefer(scripted(answer(status, {'Retry-After': '5'})), {
        maxAttempts: 2,
        random: () => 0,
        sleep: async () => {},
        now,
      });
      expect(outcome, `status ${status}`).toMatchObject({kind: 'deferred', response: {status}});
      if (outcome.kind === 'deferred') expect(outcome.retryAt.getTime()).toBe(now() + 5_000);
    }
  });

  it('defers a 409 IDEMPOTENCY_KEY_IN_USE that is still running, and answers IDEMPOTENCY_KEY_REUSED', async () => {
    const inUse = await sendOrDefer(scripted(new Response('{"code":"IDEMPOTENCY_KEY_IN_USE"}', {status: 409})), {
      maxAttempts: 1,
      now,
    });
    expect(inUse.kind).toBe('deferred');
    const reused = await sendOrDefer(scripted(new Response('{"code":"IDEMPOTENCY_KEY_REUSED"}', {status: 409})), {
      maxAttempts: 1,
      now,
    });
    expect(reused).toMatchObject({kind: 'answered', response: {status: 409}});
  });

  it('defers a call that never got an answer, with the error', async () => {
    const timeout = new DOMException('The operation timed out.', 'TimeoutError');
    const outcome = await sendOrDefer(
      vi.fn(async () => {
        throw timeout;
      }),
      {maxAttempts: 2, random: () => 0, sleep: async () => {}, now},
    );
    expect(outcome).toMatchObject({kind: 'deferred', error: timeout});
    if (outcome.kind === 'deferred') expect(outcome.retryAt.getTime()).toBe(now() + DEFAULT_DEFER_MS);
  });
});

describe('PKCE', () => {
  it('matches the RFC 7636 Appendix B test vector', () => {
    // The appendix's 32 random octets, base64url-encoded, are the verifier.
    const octets = [
      116, 24, 223, 180, 151, 153, 224, 37, 79, 250, 96, 125, 216, 173, 187, 186, 22, 212, 37, 77, 105, 214, 191, 240,
      91, 88, 5, 88, 83, 132, 141, 121,
    ];
    expect(Buffer.from(octets).toString('base64url')).toBe('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk');
    expect(challengeFor('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('creates a 43-character base64url verifier and its S256 challenge', () => {
    const pair = createPkcePair();
    expect(pair.verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(pair.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(pair.challenge).toBe(challengeFor(pair.verifier));
    expect(pair.method).toBe('S256');
    expect(createPkcePair().verifier).not.toBe(pair.verifier);
  });

  it('creates verifiers up to the 128-character maximum', () => {
    expect(createPkcePair(96).verifier).toHaveLength(128);
    expect(() => createPkcePair(31)).toThrow(RangeError);
    expect(() => createPkcePair(97)).toThrow(RangeError);
  });

  it('rejects verifiers that are too short, too long or use other characters', () => {
    expect(() => challengeFor('a'.repeat(42))).toThrow();
    expect(() => challengeFor('a'.repeat(129))).toThrow();
    expect(() => challengeFor(`${'a'.repeat(42)}+`)).toThrow();
    expect(challengeFor('a'.repeat(128))).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('creates unguessable state values', () => {
    expect(createState()).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(createState()).not.toBe(createState());
  });
});

describe('buildAuthorizeUrl', () => {
  const params = {
    clientId: 'app_3f9c2a',
    redirectUri: 'https://shop.example/oauth/callback?from=kestrel',
    scopes: ['partner.invoice.read', 'partner.invoice.create'],
    state: 'af0ifjsldkj',
    codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  };

  it('points at the Kestrel authorize endpoint with every parameter', () => {
    const url = new URL(buildAuthorizeUrl(params));
    expect(`${url.origin}${url.pathname}`).toBe(AUTHORIZE_URL);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'app_3f9c2a',
      redirect_uri: 'https://shop.example/oauth/callback?from=kestrel',
      scope: 'partner.invoice.read partner.invoice.create',
      state: 'af0ifjsldkj',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
  });

  it('encodes the redirect URI and the spaces between scopes', () => {
    const url = buildAuthorizeUrl(params);
    expect(url).toContain('redirect_uri=https%3A%2F%2Fshop.example%2Foauth%2Fcallback%3Ffrom%3Dkestrel');
    expect(url).toContain('scope=partner.invoice.read+partner.invoice.create');
  });

  it('refuses an empty scope list or a scope with a space', () => {
    expect(() => buildAuthorizeUrl({...params, scopes: []})).toThrow();
    expect(() => buildAuthorizeUrl({...params, scopes: ['partner.invoice.read partner.invoice.create']})).toThrow();
  });
});

describe('token requests', () => {
  const tokens = {
    access_token: '2YotnFZFEjr1zCsicMWpAA',
    token_type: 'Bearer',
    expires_in: 3600,
    refresh_token: 'tGzv3JOkF0XG5Qx2TlKWIA',
    scope: 'partner.invoice.read partner.invoice.create',
  };

  function fakeFetch(status: number, body: unknown) {
    return vi.fn<FetchLike>(async () => ({
      ok: status >= 200 && status < 300,
      status,
      json: async () => {
        if (body === undefined) throw new SyntaxError('Unexpected end of JSON input');
        return body;
      },
    }));
  }

  it('exchanges a code with the verifier, authenticating a confidential client with Basic', async () => {
    const fetch = fakeFetch(200, tokens);
    const result = await exchangeCode(
      {
        code: 'SplxlOBeZQQYbYS6WxSbIA',
        redirectUri: 'https://shop.example/oauth/callback',
        codeVerifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
      },
      {clientId: 'app_3f9c2a', clientSecret: 's3cr3t', fetch},
    );
    expect(result).toEqual(tokens);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(TOKEN_URL);
    expect(init.method).toBe('POST');
    expect(init.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(init.headers.Authorization).toBe(`Basic ${Buffer.from('app_3f9c2a:s3cr3t').toString('base64')}`);
    expect(Object.fromEntries(new URLSearchParams(init.body))).toEqual({
      grant_type: 'authorization_code',
      code: 'SplxlOBeZQQYbYS6WxSbIA',
      redirect_uri: 'https://shop.example/oauth/callback',
      code_verifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
    });
  });

  it('sends client_id in the body for a public client', async () => {
    const fetch = fakeFetch(200, tokens);
    await refreshTokens('tGzv3JOkF0XG5Qx2TlKWIA', {clientId: 'app_3f9c2a', fetch});
    const [, init] = fetch.mock.calls[0]!;
    expect(init.headers.Authorization).toBeUndefined();
    expect(Object.fromEntries(new URLSearchParams(init.body))).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'tGzv3JOkF0XG5Qx2TlKWIA',
      client_id: 'app_3f9c2a',
    });
  });

  it('throws an OAuthError carrying the error code, such as invalid_grant', async () => {
    const fetch = fakeFetch(400, {
      error: 'invalid_grant',
      error_description: 'The refresh token has already been used.',
    });
    const failure = refreshTokens('old', {clientId: 'app_3f9c2a', fetch});
    await expect(failure).rejects.toBeInstanceOf(OAuthError);
    await expect(failure).rejects.toMatchObject({error: 'invalid_grant', status: 400});
  });

  it('reports server_error when an error answer has no JSON body', async () => {
    await expect(refreshTokens('x', {clientId: 'a', fetch: fakeFetch(502, undefined)})).rejects.toMatchObject({
      error: 'server_error',
      status: 502,
    });
  });

  it('revokes a token at the revocation endpoint; the empty 200 answer is success', async () => {
    const fetch = fakeFetch(200, undefined);
    await expect(
      revokeToken('tGzv3JOkF0XG5Qx2TlKWIA', 'refresh_token', {clientId: 'app_3f9c2a', fetch}),
    ).resolves.toBeUndefined();
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(REVOKE_URL);
    expect(Object.fromEntries(new URLSearchParams(init.body))).toEqual({
      token: 'tGzv3JOkF0XG5Qx2TlKWIA',
      token_type_hint: 'refresh_token',
      client_id: 'app_3f9c2a',
    });
  });
});

describe('issueInvoice', () => {
  it('sends the same Idempotency-Key on every retry', async () => {
    const answers = [
      new Response('{"code":"RATE_LIMITED"}', {status: 429, headers: {'Retry-After': '1'}}),
      new Response('{"code":"SERVICE_UNAVAILABLE"}', {status: 503}),
      new Response('{"id":"5b2c4f3e-1a7d-4c8e-9f60-3d2e1b0a9c87","status":"UNPAID"}', {status: 201}),
    ];
    const calls: {url: string; init: RequestInit}[] = [];
    const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
      calls.push({url: String(url), init: init ?? {}});
      return answers[calls.length - 1]!;
    }) as unknown as typeof globalThis.fetch;
    const {waits, sleep} = recorder();

    const response = await issueInvoice(
      {amount: {amount: '25.00', currency: 'USD'}, description: 'Order 1042'},
      {
        apiKey: 'sk_sandbox_test',
        baseUrl: 'https://api.sandbox.kestrel.example/v1',
        idempotencyKey: '5b2c4f3e-1a7d-4c8e-9f60-3d2e1b0a9c87',
        fetch,
        sleep,
        random: () => 0,
      },
    );

    expect(response.status).toBe(201);
    expect(calls).toHaveLength(3);
    expect(waits).toEqual([1000, 0]);
    const keys = calls.map(({init}) => (init.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys).toEqual(Array(3).fill('5b2c4f3e-1a7d-4c8e-9f60-3d2e1b0a9c87'));
    for (const {url, init} of calls) {
      expect(url).toBe('https://api.sandbox.kestrel.example/v1/invoices');
      expect(init.method).toBe('POST');
      expect((init.headers as Record<string, string>).Authorization).toBe('Bearer sk_sandbox_test');
      expect(JSON.parse(String(init.body))).toEqual({
        amount: {amount: '25.00', currency: 'USD'},
        description: 'Order 1042',
      });
    }
  });

  it('uses the Idempotency-Key you pass', async () => {
    const fetch = vi.fn(async () => new Response('{}', {status: 201})) as unknown as typeof globalThis.fetch;
    await issueInvoice(
      {amount: {amount: '1.00', currency: 'EUR'}},
      {apiKey: 'k', baseUrl: 'https://api.sandbox.kestrel.example/v1', fetch, idempotencyKey: 'order-1042'},
    );
    const init = (fetch as unknown as ReturnType<typeof vi.fn>).mock.calls[0]![1] as RequestInit;
    expect((init.headers as Record<string, string>)['Idempotency-Key']).toBe('order-1042');
  });
});

describe('the OAuth connect guide', () => {
  it('shows the authorize URL that buildAuthorizeUrl builds', () => {
    const url = buildAuthorizeUrl({
      clientId: 'app_3f9c2a',
      redirectUri: 'https://merchant.example/oauth/callback',
      scopes: ['partner.invoice.read', 'partner.invoice.create'],
      state: 'af0ifjsldkj',
      codeChallenge: challengeFor('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk'),
    });
    expect(url).toBe(
      'https://auth.kestrel.example/oauth2/authorize?response_type=code&client_id=app_3f9c2a' +
        '&redirect_uri=https%3A%2F%2Fmerchant.example%2Foauth%2Fcallback' +
        '&scope=partner.invoice.read+partner.invoice.create&state=af0ifjsldkj' +
        '&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256',
    );
  });
});
