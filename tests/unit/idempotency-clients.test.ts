/**
 * The example clients' retry logic against the idempotency outcomes table (`x-idempotency`): for
 * every row, the Node.js client (examples/walkthroughs/node/kestrel-client.ts), the Python client
 * (kestrel_client.py, run by python3) and withBackoff (examples/core/backoff.ts) send the same
 * request again with the same key exactly where the table says `same-key`, and the order keys
 * (order-keys.ts, order_keys.py) move to a new key exactly where it says `new-key`; curl users get
 * the same keys from curl/order-key.sh, with whichever SHA-1 tool their system has. Then, against
 * the real local sandbox, in all three languages (the curl walkthrough's initiate-a-payout.sh with
 * order-key.sh's keys): a payout initiated from an unfunded balance answers a kept 422
 * INSUFFICIENT_FUNDS; once funded, the next attempt's key pays it out, once; and (Node.js, Python)
 * a 5xx is retried with the same key and runs the operation once.
 */
import {US_BANK_ACCOUNT} from './sandbox-answers';
import {describe, it, expect, beforeAll, afterAll} from 'vitest';
import {spawnSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, symlinkSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {loadDefinition, type IdempotencyOutcome} from '../../definition/index.ts';
import {withBackoff} from '../../examples/core/backoff';
import {KestrelClient, KestrelProblem, needsNewKey} from '../../examples/walkthroughs/node/kestrel-client';
import {OrderAttempts, orderKey, withOrderKey} from '../../examples/walkthroughs/node/order-keys';
import {SIMULATE_HEADER} from '../../sandbox/test-inputs';
import {ROOT} from './openapi-definition';
import {startSandbox, type Sandbox} from './sandbox-process';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are read field by field
const rows = loadDefinition().idempotency!.outcomes.filter(
  (r): r is IdempotencyOutcome & {status: number; code: string} => Boolean(r.code),
);
const PYTHON_DIR = path.join(ROOT, 'examples/walkthroughs/python');
const CURL_DIR = path.join(ROOT, 'examples/walkthroughs/curl');

/** Runs a curl walkthrough script with bash; `env` replaces the environment when `only` is set. */
function shell(script: string, args: string[], env: Record<string, string> = {}, only = false) {
  return spawnSync('/bin/bash', [path.join(CURL_DIR, script), ...args], {
    encoding: 'utf8',
    env: only ? env : {...process.env, ...env},
  });
}

/** The key order-key.sh prints, or a failure with its message. */
function curlOrderKey(orderId: string, attempt: number | string, env?: Record<string, string>): string {
  const result = shell('order-key.sh', [orderId, String(attempt)], env, env !== undefined);
  if (result.status !== 0) throw new Error(`order-key.sh failed (${result.status}): ${result.stderr}`);
  return result.stdout.trim();
}

const problemText = (status: number, code: string) =>
  JSON.stringify({type: 'about:blank', title: code, status, code, traceId: '0af7651916cd43dd8448eb211c80319c'});

/** What the table says a client does after a row's answer. */
const expected = (row: IdempotencyOutcome) => ({
  code: row.code,
  retriedWithSameKey: row.next === 'same-key',
  newKey: row.next === 'new-key',
});

function python(script: string, env: Record<string, string> = {}, input?: string) {
  const result = spawnSync('python3', ['-c', script], {
    cwd: PYTHON_DIR,
    encoding: 'utf8',
    input,
    env: {...process.env, PYTHONDONTWRITEBYTECODE: '1', ...env},
  });
  if (result.status !== 0) throw new Error(`python3 failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

describe('after each answer of the table', () => {
  it('the Node.js client sends the same request with the same key exactly where the table says same-key, and needs a new key where it says new-key', async () => {
    const decisions = [];
    for (const row of rows) {
      const seen: string[] = [];
      const fetch = async (_url: string | URL | Request, init?: RequestInit) => {
        seen.push((init!.headers as Record<string, string>)['Idempotency-Key']!);
        return seen.length === 1
          ? new Response(problemText(row.status, row.code), {
              status: row.status,
              headers: {'Content-Type': 'application/problem+json'},
            })
          : new Response('{"id":"x"}', {status: 201, headers: {'Content-Type': 'application/json'}});
      };
      const client = new KestrelClient({
        apiKey: 'k',
        baseUrl: 'http://kestrel.invalid/v1',
        fetch,
        sleep: async () => {},
        random: () => 0,
      });
      const outcome = await client
        .request('POST', '/invoices', {body: {a: 1}, idempotencyKey: 'key-1'})
        .catch((e: unknown) => e);
      if (seen.length === 1) expect(outcome, row.code).toBeInstanceOf(KestrelProblem);
      decisions.push({
        code: row.code,
        retriedWithSameKey: seen.length === 2 && seen[1] === 'key-1',
        newKey: needsNewKey((outcome as KestrelProblem).code),
      });
    }
    expect(decisions).toEqual(rows.map(expected));
  });

  it('the Python client does the same, run by python3', () => {
    const script = `
import json, sys
import kestrel_client
from kestrel_client import KestrelClient, KestrelProblem, needs_new_key
rows = json.load(sys.stdin)
out = []
for row in rows:
    seen = []
    def send(request, seconds, row=row, seen=seen):
        seen.append(request.get_header("Idempotency-key"))
        if len(seen) == 1:
            return row["status"], {}, json.dumps({"status": row["status"], "code": row["code"], "title": row["code"]})
        return 201, {}, '{"id": "x"}'
    kestrel_client._send = send
    client = KestrelClient(api_key="k", base_url="http://kestrel.invalid/v1", base_delay=0.0)
    code = None
    try:
        client.request("POST", "/invoices", body={"a": 1}, idempotency_key="key-1")
    except KestrelProblem as problem:
        code = problem.code
    out.append({"code": row["code"], "retriedWithSameKey": len(seen) == 2 and seen[1] == "key-1", "newKey": needs_new_key(code)})
print(json.dumps(out))
`;
    const decisions = JSON.parse(python(script, {}, JSON.stringify(rows)));
    expect(decisions).toEqual(rows.map(expected));
  });

  it('withBackoff (examples/core/backoff.ts) sends the request again exactly where the table says same-key', async () => {
    const decisions = [];
    for (const row of rows) {
      let calls = 0;
      await withBackoff(
        async () => {
          calls++;
          return calls === 1
            ? new Response(problemText(row.status, row.code), {status: row.status})
            : new Response('{}', {status: 201});
        },
        {sleep: async () => {}, random: () => 0},
      );
      decisions.push({code: row.code, retriedWithSameKey: calls === 2});
    }
    expect(decisions).toEqual(rows.map((r) => ({code: r.code, retriedWithSameKey: r.next === 'same-key'})));
  });

  it('the order keys are the version 5 UUID of order id and attempt, the same in both languages', () => {
    const node = [orderKey('1042-payout', 1), orderKey('1042-payout', 2), orderKey('1043-payout', 1)];
    expect(new Set(node).size).toBe(3);
    for (const key of node)
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const py = python(
      `from order_keys import order_key\nprint(order_key("1042-payout", 1)); print(order_key("1042-payout", 2)); print(order_key("1043-payout", 1))`,
    );
    expect(py.trim().split('\n')).toEqual(node);
  });

  it('curl/order-key.sh prints the same keys as order-keys.ts, with sha1sum, shasum or openssl alone', () => {
    const inputs: [string, number][] = [
      ['1042-payout', 1],
      ['1042-payout', 2],
      ['1043-payout', 1],
      ['order 7/ü', 12],
      ['a', 100],
    ];
    const node = inputs.map(([order, attempt]) => orderKey(order, attempt));
    expect(inputs.map(([order, attempt]) => curlOrderKey(order, attempt))).toEqual(node);
    for (const tool of ['sha1sum', 'shasum', 'openssl']) {
      // A PATH that holds only this tool (and perl, which shasum runs on): the others are absent.
      const bin = mkdtempSync(path.join(tmpdir(), `order-key-${tool}-`));
      for (const name of [tool, 'perl']) {
        const found = spawnSync('/bin/bash', ['-c', `command -v ${name}`], {encoding: 'utf8'}).stdout.trim();
        expect(found, `${name} is installed`).not.toBe('');
        symlinkSync(found, path.join(bin, name));
      }
      const env = {PATH: bin, LC_ALL: 'C.UTF-8'};
      expect(
        inputs.map(([order, attempt]) => curlOrderKey(order, attempt, env)),
        tool,
      ).toEqual(node);
      rmSync(bin, {recursive: true, force: true});
    }
    const none = shell(
      'order-key.sh',
      ['1042-payout', '1'],
      {PATH: mkdtempSync(path.join(tmpdir(), 'no-sha1-'))},
      true,
    );
    expect([none.status, none.stderr]).toEqual([1, 'order-key.sh: needs sha1sum, shasum or openssl\n']);
  });

  it('the walkthroughs overview gives curl users order-key.sh, not a tool some systems lack (uuidgen --sha1)', () => {
    const overview = readFileSync(path.join(ROOT, 'docs/walkthrough/walkthroughs-overview.md'), 'utf8');
    expect(overview).toContain('file=examples/walkthroughs/curl/order-key.sh');
    expect(overview).toContain('`IDEMPOTENCY_KEY=$(bash order-key.sh 1042-payout 1)`');
    expect(overview).not.toMatch(/uuidgen/);
  });

  it('curl/order-key.sh refuses a missing order id or an attempt that is not a whole number from 1, naming it', () => {
    expect(shell('order-key.sh', ['1042-payout']).stderr).toBe('usage: order-key.sh ORDER_ID ATTEMPT\n');
    expect(shell('order-key.sh', ['', '1']).stderr).toBe('order-key.sh: ORDER_ID is empty\n');
    for (const attempt of ['0', '-1', 'two', '1.5']) {
      const result = shell('order-key.sh', ['1042-payout', attempt]);
      expect([result.status, result.stderr]).toEqual([
        2,
        `order-key.sh: ATTEMPT must be a whole number from 1, not "${attempt}"\n`,
      ]);
    }
  });
});

/** A sandbox, a client, and the steps both languages share: a bank payment method, a payout, funding. */
function payoutSandbox() {
  let sandbox: Sandbox;
  const dir = mkdtempSync(path.join(tmpdir(), 'order-attempts-'));
  const key = 'sk_sandbox_order_keys';
  beforeAll(async () => {
    sandbox = await startSandbox(['--no-rate-limit']);
  }, 60_000);
  afterAll(async () => {
    await sandbox?.stop('SIGTERM');
    rmSync(dir, {recursive: true, force: true});
  });
  const client = (fetch?: typeof globalThis.fetch) =>
    new KestrelClient({apiKey: key, baseUrl: sandbox.base, sleep: async () => {}, ...(fetch ? {fetch} : {})});
  const usd = async () =>
    Number((await client().getAccountBalanceDetails()).items.find((b) => b.currency === 'USD')!.available.amount);
  async function payout(): Promise<Json> {
    const method = await client().request<Json>('POST', '/payment-methods/bank', {
      idempotencyKey: crypto.randomUUID(),
      body: US_BANK_ACCOUNT,
    });
    return client().request<Json>('POST', '/payouts', {
      idempotencyKey: crypto.randomUUID(),
      body: {paymentMethodId: method.id, amount: {amount: '10.00', currency: 'USD'}, reference: 'ORDER 1042'},
    });
  }
  /** Credits USD as the sandbox guide does: an invoice that pays itself about 10 seconds after its quote. */
  async function fund(amount: string) {
    const invoice = await client().issueInvoice({amount: {amount, currency: 'USD'}});
    await client().issueQuoteForInvoice(invoice.id);
    await sandbox.advance(12);
  }
  return {sandbox: () => sandbox, dir, key, client, usd, payout, fund};
}

describe('order keys against the local sandbox: Node.js', () => {
  const s = payoutSandbox();

  it('a kept INSUFFICIENT_FUNDS moves the order to its next attempt; once funded, the next run pays out once', async () => {
    const attempts = new OrderAttempts(path.join(s.dir, 'node.json'));
    const payout = await s.payout();
    const initiate = () =>
      withOrderKey(attempts, '1042-payout', (idempotencyKey) =>
        s.client().request<Json>('PATCH', `/payouts/${payout.id}/initiate`, {idempotencyKey}),
      );
    expect(await s.usd()).toBeLessThan(Number(payout.sourceAmount.amount));
    const refused = await initiate().catch((e: unknown) => e);
    expect(refused).toMatchObject({status: 422, code: 'INSUFFICIENT_FUNDS'});
    expect(attempts.attempt('1042-payout')).toBe(2);
    // The first key is spent: it answers the kept 422 even once the balance is funded.
    await s.fund('50.00');
    const before = await s.usd();
    const spent = await s
      .client()
      .request('PATCH', `/payouts/${payout.id}/initiate`, {idempotencyKey: orderKey('1042-payout', 1)})
      .catch((e: unknown) => e);
    expect(spent).toMatchObject({status: 422, code: 'INSUFFICIENT_FUNDS'});
    const initiated = await initiate();
    expect(initiated.status).toBe('INITIATED');
    expect(await initiate()).toEqual(initiated); // a rerun replays: the order stays on its attempt
    expect(attempts.attempt('1042-payout')).toBe(2);
    expect(await s.usd()).toBeCloseTo(before - Number(payout.sourceAmount.amount), 2);
  }, 30_000);

  it('a 5xx is retried with the same key and the payout runs once', async () => {
    const attempts = new OrderAttempts(path.join(s.dir, 'node.json'));
    const payout = await s.payout();
    const before = await s.usd();
    const keys: string[] = [];
    const failingOnce: typeof fetch = (url, init) => {
      const headers = {...(init!.headers as Record<string, string>)};
      keys.push(headers['Idempotency-Key']!);
      if (keys.length === 1) headers[SIMULATE_HEADER] = 'internal-error';
      return fetch(url, {...init, headers});
    };
    const initiated = await withOrderKey(attempts, '1043-payout', (idempotencyKey) =>
      s.client(failingOnce).request<Json>('PATCH', `/payouts/${payout.id}/initiate`, {idempotencyKey}),
    );
    expect(initiated.status).toBe('INITIATED');
    expect(keys).toEqual([orderKey('1043-payout', 1), orderKey('1043-payout', 1)]);
    expect(attempts.attempt('1043-payout')).toBe(1);
    expect(await s.usd()).toBeCloseTo(before - Number(payout.sourceAmount.amount), 2);
  }, 30_000);
});

describe('order keys against the local sandbox: Python', () => {
  const s = payoutSandbox();
  /** One run of a Python process that initiates the payout of an order, as a restarted worker would. */
  const run = (payoutId: string, orderId: string, failFirst = false) =>
    JSON.parse(
      python(
        `
import json, os, sys
import kestrel_client
from kestrel_client import KestrelClient, KestrelProblem
from order_keys import OrderAttempts, with_order_key
keys = []
send = kestrel_client._send
def failing_once(request, seconds):
    keys.append(request.get_header("Idempotency-key"))
    if os.environ["FAIL_FIRST"] == "1" and len(keys) == 1:
        request.add_header("${SIMULATE_HEADER}", "internal-error")
    return send(request, seconds)
kestrel_client._send = failing_once
attempts = OrderAttempts(os.environ["ATTEMPTS_FILE"])
client = KestrelClient(base_delay=0.0)
order = os.environ["ORDER_ID"]
try:
    payout = with_order_key(attempts, order, lambda key: client.request("PATCH", "/payouts/" + os.environ["PAYOUT_ID"] + "/initiate", idempotency_key=key))
    result = {"status": payout["status"]}
except KestrelProblem as problem:
    result = {"code": problem.code}
result.update(keys=keys, attempt=attempts.attempt(order))
print(json.dumps(result))
`,
        {
          KESTREL_API_KEY: s.key,
          KESTREL_API_BASE: s.sandbox().base,
          ATTEMPTS_FILE: path.join(s.dir, 'python.json'),
          ORDER_ID: orderId,
          PAYOUT_ID: payoutId,
          FAIL_FIRST: failFirst ? '1' : '0',
        },
      ),
    ) as {status?: string; code?: string; keys: string[]; attempt: number};

  it('a kept INSUFFICIENT_FUNDS moves the order to its next attempt; once funded, the next run pays out once', async () => {
    const payout = await s.payout();
    const refused = run(payout.id, '2042-payout');
    expect(refused).toEqual({code: 'INSUFFICIENT_FUNDS', keys: [orderKey('2042-payout', 1)], attempt: 2});
    await s.fund('50.00');
    const before = await s.usd();
    const paid = run(payout.id, '2042-payout');
    expect(paid).toEqual({status: 'INITIATED', keys: [orderKey('2042-payout', 2)], attempt: 2});
    expect(run(payout.id, '2042-payout')).toEqual(paid);
    expect(await s.usd()).toBeCloseTo(before - Number(payout.sourceAmount.amount), 2);
  }, 30_000);

  it('a 5xx is retried with the same key and the payout runs once', async () => {
    const payout = await s.payout();
    const before = await s.usd();
    const paid = run(payout.id, '2043-payout', true);
    expect(paid).toEqual({
      status: 'INITIATED',
      keys: [orderKey('2043-payout', 1), orderKey('2043-payout', 1)],
      attempt: 1,
    });
    expect(await s.usd()).toBeCloseTo(before - Number(payout.sourceAmount.amount), 2);
  }, 30_000);
});

describe('order keys against the local sandbox: curl', () => {
  const s = payoutSandbox();
  /** One run of the curl walkthrough's initiate-a-payout.sh with the key of an order's attempt. */
  const initiate = (payoutId: string, orderId: string, attempt: number) => {
    const result = shell('initiate-a-payout.sh', [], {
      KESTREL_API_BASE: s.sandbox().base,
      KESTREL_API_KEY: s.key,
      PAYOUT_ID: payoutId,
      IDEMPOTENCY_KEY: curlOrderKey(orderId, attempt),
    });
    return {exit: result.status, answer: JSON.parse(result.stdout) as Json};
  };

  it("a kept INSUFFICIENT_FUNDS answers again to its key; once funded, the next attempt's key pays out once", async () => {
    const payout = await s.payout();
    expect(await s.usd()).toBeLessThan(Number(payout.sourceAmount.amount));
    const refused = initiate(payout.id, '3042-payout', 1);
    expect([refused.exit, refused.answer.status, refused.answer.code]).toEqual([22, 422, 'INSUFFICIENT_FUNDS']);
    await s.fund('50.00');
    const before = await s.usd();
    // The first key is spent: it answers the kept 422 (its detail still names the empty balance), with
    // only the traceId of this request new, even once the balance is funded.
    const again = initiate(payout.id, '3042-payout', 1);
    expect({...again.answer, traceId: undefined}).toEqual({...refused.answer, traceId: undefined});
    expect(again.exit).toBe(22);
    const paid = initiate(payout.id, '3042-payout', 2);
    expect([paid.exit, paid.answer.id, paid.answer.status]).toEqual([0, payout.id, 'INITIATED']);
    expect(initiate(payout.id, '3042-payout', 2)).toEqual(paid); // a rerun replays
    expect(await s.usd()).toBeCloseTo(before - Number(payout.sourceAmount.amount), 2);
  }, 30_000);
});
