/**
 * Accounts and credentials in the local sandbox, over HTTP: tokens act for accounts
 * (`--token TOKEN=ACCOUNT`), idempotency keys belong to the account (a retry with a rotated API key
 * or a refreshed access token replays; another account never sees the answer), one account never
 * sees another's objects, 401 and 403 answers say what to do in `WWW-Authenticate` (RFC 6750 §3),
 * access tokens issued by `POST /_sandbox/tokens` expire on the sandbox clock, and
 * `--manual-clock` runs scheduled steps only when the clock is moved.
 */
import {describe, it, expect} from 'vitest';
import {execFile} from 'node:child_process';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {promisify} from 'node:util';
import {sendWithConnection} from '../../examples/core/oauth-pkce';
import {Clock} from '../../sandbox/clock.ts';
import {ROOT} from './openapi-definition';
import {localAnswer} from './sandbox-answers';
import {waitFor, type Sandbox} from './sandbox-process';
import {suiteSandbox} from './suite-sandbox';

const runFile = promisify(execFile);
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers read field by field: their shapes are what the tests check

/** One request as a token of an account sends it; the answer is checked against the definition. */
async function call(
  sandbox: Sandbox,
  token: string | undefined,
  method: string,
  path: string,
  options: {body?: unknown; key?: string; authorization?: string} = {},
) {
  const headers: Record<string, string> = {};
  const authorization = options.authorization ?? (token === undefined ? undefined : `Bearer ${token}`);
  if (authorization !== undefined) headers.Authorization = authorization;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.key !== undefined) headers['Idempotency-Key'] = options.key;
  const res = await fetch(`${sandbox.base}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  const {parsed: body, problems} = localAnswer(method, path, res, text);
  expect(problems, text).toEqual([]);
  return {status: res.status, body: body as Json, challenge: res.headers.get('www-authenticate')};
}

async function control(sandbox: Sandbox, path: string, body: unknown) {
  const res = await fetch(`${sandbox.origin}${path}`, {
    method: 'POST',
    headers: {'Content-Type': 'application/json'},
    body: JSON.stringify(body),
  });
  return {status: res.status, body: (await res.json()) as Json, type: res.headers.get('content-type')};
}

const byReference = (reference: string) => `/invoices?$filter=${encodeURIComponent(`reference eq '${reference}'`)}`;

describe('accounts: --token TOKEN=ACCOUNT', () => {
  const sandbox = suiteSandbox([
    '--no-rate-limit',
    '--manual-clock',
    '--token',
    'sk_alice_old=alice',
    '--token',
    'sk_alice_new=alice',
    '--token',
    'sk_bob=bob',
    '--token',
    'sk_default',
  ]);

  it('a key retried with a second API key of the same account replays the first answer: one invoice exists', async () => {
    const key = crypto.randomUUID();
    const body = {amount: {amount: '31.00', currency: 'USD'}, reference: 'rotated-key'};
    const first = await call(sandbox, 'sk_alice_old', 'POST', '/invoices', {body, key});
    const retried = await call(sandbox, 'sk_alice_new', 'POST', '/invoices', {body, key});
    expect(first.status).toBe(201);
    expect([retried.status, retried.body]).toEqual([201, first.body]);
    const list = await call(sandbox, 'sk_alice_new', 'GET', byReference('rotated-key'));
    expect(list.body.count).toBe(1);
  });

  it("the same key and body from another account never returns the first account's answer: it makes that account's own invoice", async () => {
    const key = crypto.randomUUID();
    const body = {amount: {amount: '32.00', currency: 'USD'}, reference: 'shared-key'};
    const alice = await call(sandbox, 'sk_alice_old', 'POST', '/invoices', {body, key});
    const bob = await call(sandbox, 'sk_bob', 'POST', '/invoices', {body, key});
    expect([alice.status, bob.status]).toEqual([201, 201]);
    expect(bob.body.id).not.toBe(alice.body.id);
    expect(bob.body.payeeHandle).toBe('bob');
    expect(bob.body.issuerAccountId).not.toBe(alice.body.issuerAccountId);
    // A key another account used on another operation is no reuse either: keys are per account.
    const quote = await call(sandbox, 'sk_default', 'POST', '/receive-requests', {body: {currency: 'USD'}, key});
    expect(quote.status).toBe(201);
    expect((await call(sandbox, 'sk_alice_new', 'GET', byReference('shared-key'))).body.count).toBe(1);
    expect((await call(sandbox, 'sk_bob', 'GET', byReference('shared-key'))).body.items).toEqual([bob.body]);
  });

  it("an account cannot read another account's invoice: 404 INVOICE_NOT_FOUND, and its lists leave it out", async () => {
    const body = {amount: {amount: '33.00', currency: 'USD'}, reference: 'alice-only'};
    const invoice = (await call(sandbox, 'sk_alice_old', 'POST', '/invoices', {body, key: crypto.randomUUID()})).body;
    expect((await call(sandbox, 'sk_alice_new', 'GET', `/invoices/${invoice.id}`)).status).toBe(200);
    const theirs = await call(sandbox, 'sk_bob', 'GET', `/invoices/${invoice.id}`);
    expect([theirs.status, theirs.body.code]).toEqual([404, 'INVOICE_NOT_FOUND']);
    expect((await call(sandbox, 'sk_default', 'GET', byReference('alice-only'))).body.count).toBe(0);
    const cancel = await call(sandbox, 'sk_bob', 'PATCH', `/invoices/${invoice.id}/cancel`);
    expect(cancel.status).toBe(404);
    expect((await call(sandbox, 'sk_alice_old', 'GET', `/invoices/${invoice.id}`)).body.status).toBe('UNPAID');
  });

  it('balances are per account: a paid invoice credits only its own account', async () => {
    const usd = async (token: string) =>
      Number(
        (await call(sandbox, token, 'GET', '/account/balances')).body.items.find((b: Json) => b.currency === 'USD')
          .available.amount,
      );
    const [alice, bob] = [await usd('sk_alice_old'), await usd('sk_bob')];
    const invoice = (
      await call(sandbox, 'sk_bob', 'POST', '/invoices', {
        body: {amount: {amount: '70.00', currency: 'USD'}},
        key: crypto.randomUUID(),
      })
    ).body;
    await call(sandbox, 'sk_bob', 'POST', `/invoices/${invoice.id}/quote`, {key: crypto.randomUUID()});
    await sandbox.advance(15);
    expect((await call(sandbox, 'sk_bob', 'GET', `/invoices/${invoice.id}`)).body.status).toBe('PAID');
    expect(await usd('sk_bob')).toBeCloseTo(bob + 70, 2);
    expect(await usd('sk_alice_old')).toBeCloseTo(alice, 2);
  });

  it('/_sandbox/stats counts every account and each one apart', async () => {
    const stats = await (await fetch(`${sandbox.origin}/_sandbox/stats`)).json();
    const {alice, bob} = stats.accounts;
    expect(alice.objects.Invoice).toBeGreaterThanOrEqual(3);
    expect(bob.objects.Invoice).toBeGreaterThanOrEqual(2);
    expect(stats.objects.Invoice).toBe(
      Object.values<Json>(stats.accounts).reduce((n, a) => n + (a.objects.Invoice ?? 0), 0),
    );
  });

  it("a test event is sent for the subscription of whichever account holds it; another account's id is found too", async () => {
    const sub = (
      await call(sandbox, 'sk_bob', 'POST', '/subscriptions', {
        body: {
          webhookUrl: 'http://127.0.0.1:9/hooks',
          webhookVersion: '2025-06-01',
          secret: 'whsec_accounts_test_1234567890',
          eventTypes: ['invoice.updated'],
        },
        key: crypto.randomUUID(),
      })
    ).body;
    expect(sub.id).toBeTruthy();
    expect((await call(sandbox, 'sk_alice_old', 'GET', `/subscriptions/${sub.id}`)).status).toBe(404);
    const sent = await control(sandbox, `/_sandbox/subscriptions/${sub.id}/test-event`, {});
    expect(sent.status).toBe(200);
    expect(sent.body.event.eventType).toBe('invoice.updated');
    // The entity named is bob's newest invoice, not another account's.
    const named = sent.body.event.data.entityId;
    expect((await call(sandbox, 'sk_bob', 'GET', `/invoices/${named}`)).status).toBe(200);
  });
});

describe('WWW-Authenticate on 401 and 403 (RFC 6750 §3)', () => {
  const sandbox = suiteSandbox([
    '--no-rate-limit',
    '--manual-clock',
    '--token',
    'sk_known',
    '--token',
    'sk_live_configured_by_mistake',
  ]);

  it('a live key answers 401 error="invalid_token" even when --token names it', async () => {
    const res = await call(sandbox, 'sk_live_configured_by_mistake', 'GET', '/invoices');
    expect([res.status, res.body.code]).toEqual([401, 'UNAUTHORIZED']);
    expect(res.challenge).toMatch(
      /^Bearer realm="kestrel", error="invalid_token", error_description="[^"]*live[^"]*"$/,
    );
  });

  it('no credentials: 401 with the realm and no error', async () => {
    const res = await call(sandbox, undefined, 'GET', '/invoices');
    expect([res.status, res.body.code]).toEqual([401, 'UNAUTHORIZED']);
    expect(res.challenge).toBe('Bearer realm="kestrel"');
  });

  it('a malformed Authorization header: 401 error="invalid_request"', async () => {
    for (const authorization of ['Basic c2s6', 'Bearer', 'sk_known']) {
      const res = await call(sandbox, undefined, 'GET', '/invoices', {authorization});
      expect(res.status).toBe(401);
      expect(res.challenge).toMatch(/^Bearer realm="kestrel", error="invalid_request", error_description="[^"]+"$/);
    }
  });

  it('the scheme is case-insensitive (RFC 9110 §11.1), as the introduction says: "Bearer", a space and the key', async () => {
    for (const authorization of ['Bearer sk_known', 'bearer sk_known', 'BEARER sk_known']) {
      expect((await call(sandbox, undefined, 'GET', '/invoices', {authorization})).status, authorization).toBe(200);
    }
    const introduction = readFileSync(path.join(ROOT, 'docs/introduction.md'), 'utf8');
    expect(introduction).toContain('the header reads `Bearer`, a space and the key');
    expect(introduction).not.toMatch(/one space/);
  });

  it('an unknown token: 401 error="invalid_token" with a description', async () => {
    const res = await call(sandbox, 'sk_unknown', 'GET', '/invoices');
    expect([res.status, res.body.code]).toEqual([401, 'UNAUTHORIZED']);
    expect(res.challenge).toMatch(/^Bearer realm="kestrel", error="invalid_token", error_description="[^"]+"$/);
  });

  it('an access token works until it expires on the sandbox clock, then answers 401 error="invalid_token"', async () => {
    // As /sandbox shows it: examples/sandbox/issue-access-token.sh.
    const {stdout} = await runFile(
      'bash',
      [path.join(ROOT, 'examples/sandbox/issue-access-token.sh'), 'default', '60'],
      {
        env: {...process.env, KESTREL_SANDBOX_ORIGIN: sandbox.origin},
      },
    );
    const issued = JSON.parse(stdout);
    expect(issued).toMatchObject({tokenType: 'Bearer', expiresIn: 60, account: 'default'});
    const token = issued.accessToken as string;
    const body = {amount: {amount: '8.00', currency: 'USD'}, reference: 'oauth-refresh'};
    const key = crypto.randomUUID();
    const created = await call(sandbox, token, 'POST', '/invoices', {body, key});
    expect(created.status).toBe(201);
    await sandbox.advance(59);
    expect((await call(sandbox, token, 'GET', `/invoices/${created.body.id}`)).status).toBe(200);
    await sandbox.advance(1);
    const expired = await call(sandbox, token, 'GET', `/invoices/${created.body.id}`);
    expect([expired.status, expired.body.code]).toEqual([401, 'UNAUTHORIZED']);
    expect(expired.challenge).toMatch(
      /^Bearer realm="kestrel", error="invalid_token", error_description="[^"]*expired/,
    );
    // Refreshed: a new token of the same account; the retry with the same key replays the invoice.
    const refreshed = (await control(sandbox, '/_sandbox/tokens', {expiresIn: 3600})).body.accessToken as string;
    const retried = await call(sandbox, refreshed, 'POST', '/invoices', {body, key});
    expect([retried.status, retried.body]).toEqual([201, created.body]);
    expect((await call(sandbox, 'sk_known', 'GET', byReference('oauth-refresh'))).body.count).toBe(1);
  });

  it('examples/core/oauth-pkce.ts refreshes once on invalid_token and retries with the same key, which replays; never on another 401', async () => {
    const issue = async (expiresIn: number) =>
      (await control(sandbox, '/_sandbox/tokens', {expiresIn})).body.accessToken as string;
    let current = await issue(60);
    const refreshes: string[] = [];
    const connection = {
      accessToken: () => current,
      refresh: async () => {
        current = await issue(3600);
        refreshes.push(current);
        return current;
      },
    };
    const key = crypto.randomUUID();
    const body = JSON.stringify({amount: {amount: '9.00', currency: 'USD'}, reference: 'oauth-example'});
    const issueInvoice = (token: string) =>
      fetch(`${sandbox.base}/invoices`, {
        method: 'POST',
        headers: {Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Idempotency-Key': key},
        body,
      });
    const first = await sendWithConnection(issueInvoice, connection);
    expect(first.status).toBe(201);
    const invoice = await first.json();
    await sandbox.advance(61);
    const retried = await sendWithConnection(issueInvoice, connection);
    expect(refreshes).toHaveLength(1);
    expect([retried.status, await retried.json()]).toEqual([201, invoice]);
    expect((await call(sandbox, 'sk_known', 'GET', byReference('oauth-example'))).body.count).toBe(1);

    // A refresh that does not help (the connection was revoked) is tried once, and its answer returned.
    const revoked = {accessToken: () => 'kat_revoked', refresh: async () => (refreshes.push('again'), 'kat_revoked')};
    const refused = await sendWithConnection(issueInvoice, revoked);
    expect(refused.status).toBe(401);
    expect(refreshes.at(-1)).toBe('again');
    expect(refreshes).toHaveLength(2);
    // A 401 that is not invalid_token (a malformed header) is no reason to refresh.
    const malformed = await sendWithConnection(
      () => fetch(`${sandbox.base}/invoices`, {headers: {Authorization: 'Token abc'}}),
      connection,
    );
    expect(malformed.status).toBe(401);
    expect(refreshes).toHaveLength(2);
  });

  it('a token without the scope: 403 INSUFFICIENT_SCOPE with error="insufficient_scope" and the scope needed', async () => {
    const token = (await control(sandbox, '/_sandbox/tokens', {scopes: ['partner.invoice.read']})).body.accessToken;
    expect((await call(sandbox, token, 'GET', '/invoices')).status).toBe(200);
    const denied = await call(sandbox, token, 'POST', '/invoices', {
      body: {amount: {amount: '1.00', currency: 'USD'}},
      key: crypto.randomUUID(),
    });
    expect([denied.status, denied.body.code]).toEqual([403, 'INSUFFICIENT_SCOPE']);
    expect(denied.challenge).toBe('Bearer realm="kestrel", error="insufficient_scope", scope="partner.invoice.create"');
  });

  it.each([
    [{expiresIn: 0}, 'expiresIn'],
    [{expiresIn: 1.5}, 'expiresIn'],
    [{account: 'nobody'}, 'account'],
    [{scopes: ['partner.nope']}, 'scopes'],
    [{scopes: []}, 'scopes'],
    [{colour: 'red'}, 'colour'],
  ])('POST /_sandbox/tokens %j answers 422 naming %s', async (body, field) => {
    const res = await control(sandbox, '/_sandbox/tokens', body);
    expect(res.status).toBe(422);
    expect(res.type).toBe('application/problem+json');
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(res.body.validationErrors)).toEqual([field]);
  });
});

describe('a live key sent to a sandbox that accepts any token', () => {
  const sandbox = suiteSandbox(['--no-rate-limit', '--manual-clock']);

  it('any sk_sandbox_ or other key is accepted, but a sk_live_ key answers 401 error="invalid_token"', async () => {
    expect((await call(sandbox, 'sk_sandbox_anything', 'GET', '/invoices')).status).toBe(200);
    const res = await call(sandbox, 'sk_live_4eC39HqLyjWDarjtT1zdp7dc', 'GET', '/invoices');
    expect([res.status, res.body.code]).toEqual([401, 'UNAUTHORIZED']);
    expect(res.challenge).toMatch(
      /^Bearer realm="kestrel", error="invalid_token", error_description="[^"]*live[^"]*"$/,
    );
  });
});

describe('--manual-clock', () => {
  const sandbox = suiteSandbox(['--no-rate-limit', '--manual-clock', '--pay-after', '1']);

  it('real time passing moves nothing; scheduled steps run when POST /_sandbox/clock passes them, in order', async () => {
    const key = () => ({key: crypto.randomUUID()});
    const invoice = (
      await call(sandbox, 'sk_any', 'POST', '/invoices', {body: {amount: {amount: '5.00', currency: 'USD'}}, ...key()})
    ).body;
    expect((await call(sandbox, 'sk_any', 'POST', `/invoices/${invoice.id}/quote`, key())).status).toBe(201);
    const clock = async () => (await fetch(`${sandbox.origin}/_sandbox/clock`)).json();
    const before = await clock();
    // What is tested is real time passing: more than the payment's 1 s, and past a whole second of the clock's display.
    const quoted = Date.now();
    await waitFor('1.5 s of real time', async () => Date.now() - quoted > 1500, 5000);
    expect((await call(sandbox, 'sk_any', 'GET', `/invoices/${invoice.id}`)).body.status).toBe('UNPAID');
    expect(await clock()).toEqual(before);
    await sandbox.advance(1);
    expect((await call(sandbox, 'sk_any', 'GET', `/invoices/${invoice.id}`)).body.status).toBe('PENDING');
    await sandbox.advance(2);
    expect((await call(sandbox, 'sk_any', 'GET', `/invoices/${invoice.id}`)).body.status).toBe('PAID');
  });

  it('a step scheduled for a time the clock already reached runs at once (a retry due when a jump ended)', async () => {
    const clock = new Clock({manual: true});
    clock.advance(1000);
    const ran: string[] = [];
    clock.at(clock.now() - 500, () => ran.push('overdue'));
    clock.at(clock.now() + 500, () => ran.push('later'));
    try {
      await waitFor('the overdue step', async () => ran.length > 0, 2000);
      expect(ran).toEqual(['overdue']);
      clock.advance(500);
      expect(ran).toEqual(['overdue', 'later']);
    } finally {
      clock.stop();
    }
  });
});
