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
import {describe, it, expect, afterAll} from 'vitest';
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
import {suiteSandbox} from './suite-sandbox';
import {WALKTHROUGH_STEPS} from '../../snippets/walkthrough/steps.ts';

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
function curlOrderKey(
  orderId: string,
  operationId: string,
  attempt: number | string,
  env?: Record<string, string>,
): string {
  const result = shell('order-key.sh', [orderId, operationId, String(attempt)], env, env !== undefined);
  if (result.status !== 0) throw new Error(`order-key.sh failed (${result.status}): ${result.stderr}`);
  return result.stdout.trim();
}

/** Orders, operations and attempts whose keys all three languages must derive alike. */
const ORDER_KEY_INPUTS: [string, string, number][] = [
  ['1042', 'createAPayout', 1],
  ['1042', 'initiateAPayout', 1],
  ['1042', 'createAPayout', 2],
  ['1043', 'createAPayout', 1],
  ['order 7/ü', 'executeCurrencyExchangeQuote', 12],
  ['shop:1042', 'issueInvoice', 1],
  ['a', 'createAPayout', 100],
];

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

  it('the order keys are the version 5 UUID of "ORDER:OPERATION:ATTEMPT" in the URL namespace, the same in both languages', () => {
    const node = ORDER_KEY_INPUTS.map(([order, operation, attempt]) => orderKey(order, operation, attempt));
    expect(new Set(node).size).toBe(ORDER_KEY_INPUTS.length);
    for (const key of node)
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // Python's standard library is the reference for the recipe itself; order_keys.py must agree.
    const py = JSON.parse(
      python(
        `import json, sys, uuid\nfrom order_keys import order_key\nrows = json.load(sys.stdin)\n` +
          `print(json.dumps([[order_key(o, op, a), str(uuid.uuid5(uuid.NAMESPACE_URL, f"{o}:{op}:{a}"))] for o, op, a in rows]))`,
        {},
        JSON.stringify(ORDER_KEY_INPUTS),
      ),
    ) as [string, string][];
    expect(py.map(([ours]) => ours)).toEqual(node);
    expect(py.map(([, recipe]) => recipe)).toEqual(node);
  });

  it('the order keys of one order differ per operation, and refuse an operation id that is not an operationId', () => {
    expect(orderKey('1042', 'createAPayout', 1)).not.toBe(orderKey('1042', 'initiateAPayout', 1));
    expect(() => orderKey('1042', 'create:payout', 1)).toThrow(
      'orderKey: the operation id must be an operationId such as createAPayout, not "create:payout"',
    );
    expect(() => orderKey('', 'createAPayout', 1)).toThrow('orderKey: the order id is empty');
    expect(() => orderKey('1042', 'createAPayout', 0)).toThrow(
      'orderKey: the attempt must be a whole number from 1, not 0',
    );
    const refused = python(
      `from order_keys import order_key\ntry:\n    order_key("1042", "create:payout", 1)\nexcept ValueError as error:\n    print(error)`,
    );
    expect(refused.trim()).toBe(
      'order_key: the operation id must be an operationId such as createAPayout, not "create:payout"',
    );
  });

  it('curl/order-key.sh prints the same keys as order-keys.ts, with sha1sum, shasum or openssl alone', () => {
    const inputs = ORDER_KEY_INPUTS;
    const node = inputs.map(([order, operation, attempt]) => orderKey(order, operation, attempt));
    expect(inputs.map(([order, operation, attempt]) => curlOrderKey(order, operation, attempt))).toEqual(node);
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
        inputs.map(([order, operation, attempt]) => curlOrderKey(order, operation, attempt, env)),
        tool,
      ).toEqual(node);
      rmSync(bin, {recursive: true, force: true});
    }
    const none = shell(
      'order-key.sh',
      ['1042', 'createAPayout', '1'],
      {PATH: mkdtempSync(path.join(tmpdir(), 'no-sha1-'))},
      true,
    );
    expect([none.status, none.stderr]).toEqual([1, 'order-key.sh: needs sha1sum, shasum or openssl\n']);
  });

  it('the rate limits guide sends the key its recipe names: the version 5 UUID of 1042:issueInvoice:1', () => {
    const guide = readFileSync(path.join(ROOT, 'docs/rate-limits.md'), 'utf8');
    expect(guide).toContain('the version 5 UUID of `1042:issueInvoice:1`');
    expect(guide).toContain(`Idempotency-Key: ${orderKey('1042', 'issueInvoice', 1)}\n`);
  });

  it('the walkthroughs overview gives curl users order-key.sh, not a tool some systems lack (uuidgen --sha1)', () => {
    const overview = readFileSync(path.join(ROOT, 'docs/walkthrough/walkthroughs-overview.md'), 'utf8');
    expect(overview).toContain('file=examples/walkthroughs/curl/order-key.sh');
    expect(overview).toContain('`IDEMPOTENCY_KEY=$(bash order-key.sh 1042 createAPayout 1)`');
    expect(overview).not.toMatch(/uuidgen/);
  });

  it('curl/order-key.sh refuses a missing order id, an operation id that is not an operationId or an attempt that is not a whole number from 1, naming it', () => {
    expect(shell('order-key.sh', ['1042', '1']).stderr).toBe('usage: order-key.sh ORDER_ID OPERATION_ID ATTEMPT\n');
    expect(shell('order-key.sh', ['', 'createAPayout', '1']).stderr).toBe('order-key.sh: ORDER_ID is empty\n');
    for (const operation of ['', 'create:payout', '1create']) {
      const result = shell('order-key.sh', ['1042', operation, '1']);
      expect([result.status, result.stderr]).toEqual([
        2,
        `order-key.sh: OPERATION_ID must be an operationId such as createAPayout, not "${operation}"\n`,
      ]);
    }
    for (const attempt of ['0', '-1', 'two', '1.5']) {
      const result = shell('order-key.sh', ['1042', 'createAPayout', attempt]);
      expect([result.status, result.stderr]).toEqual([
        2,
        `order-key.sh: ATTEMPT must be a whole number from 1, not "${attempt}"\n`,
      ]);
    }
  });
});

/** A sandbox, a client, and the steps both languages share: a bank payment method, a payout, funding. */
function payoutSandbox() {
  const sandbox = suiteSandbox(['--no-rate-limit']);
  const dir = mkdtempSync(path.join(tmpdir(), 'order-attempts-'));
  const key = 'sk_sandbox_order_keys';
  afterAll(async () => {
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
  async function fund(amount: string, currency = 'USD') {
    const invoice = await client().issueInvoice({amount: {amount, currency}});
    await client().issueQuoteForInvoice(invoice.id);
    await sandbox.advance(12);
  }
  /** The payouts whose reference is this one, as get payouts lists them. */
  const payoutsWithReference = async (reference: string) =>
    (
      await client().request<{items: Json[]; count: number}>('GET', '/payouts', {
        query: {$filter: `reference eq '${reference}'`},
      })
    ).count;
  /** POST /payouts with this key and body, read as a person sees it: status, Idempotent-Replayed and body. */
  async function createPayoutRaw(idempotencyKey: string, body: Json) {
    const res = await fetch(`${sandbox.base}/payouts`, {
      method: 'POST',
      headers: {Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey},
      body: JSON.stringify(body),
    });
    return {status: res.status, replayed: res.headers.get('Idempotent-Replayed'), body: (await res.json()) as Json};
  }
  return {sandbox: () => sandbox, dir, key, client, usd, payout, fund, payoutsWithReference, createPayoutRaw};
}

describe('order keys against the local sandbox: Node.js', () => {
  const s = payoutSandbox();

  it('a kept INSUFFICIENT_FUNDS moves the order to its next attempt; once funded, the next run pays out once', async () => {
    const attempts = new OrderAttempts(path.join(s.dir, 'node.json'));
    const payout = await s.payout();
    const initiate = () =>
      withOrderKey(attempts, '1042', 'initiateAPayout', (idempotencyKey) =>
        s.client().request<Json>('PATCH', `/payouts/${payout.id}/initiate`, {idempotencyKey}),
      );
    expect(await s.usd()).toBeLessThan(Number(payout.sourceAmount.amount));
    const refused = await initiate().catch((e: unknown) => e);
    expect(refused).toMatchObject({status: 422, code: 'INSUFFICIENT_FUNDS'});
    expect(attempts.attempt('1042', 'initiateAPayout')).toBe(2);
    // The first key is spent: it answers the kept 422 even once the balance is funded.
    await s.fund('50.00');
    const before = await s.usd();
    const spent = await s
      .client()
      .request('PATCH', `/payouts/${payout.id}/initiate`, {idempotencyKey: orderKey('1042', 'initiateAPayout', 1)})
      .catch((e: unknown) => e);
    expect(spent).toMatchObject({status: 422, code: 'INSUFFICIENT_FUNDS'});
    const initiated = await initiate();
    expect(initiated.status).toBe('INITIATED');
    expect(await initiate()).toEqual(initiated); // a rerun replays: the order stays on its attempt
    expect(attempts.attempt('1042', 'initiateAPayout')).toBe(2);
    expect(await s.usd()).toBeCloseTo(before - Number(payout.sourceAmount.amount), 2);
  });

  it('creates a payout and initiates it with the keys of one order, attempt 1 each; a restarted create replays the same payout', async () => {
    const attempts = new OrderAttempts(path.join(s.dir, 'node.json'));
    await s.fund('50.00');
    const method = await s.client().request<Json>('POST', '/payment-methods/bank', {
      idempotencyKey: crypto.randomUUID(),
      body: US_BANK_ACCOUNT,
    });
    const body = {paymentMethodId: method.id, amount: {amount: '10.00', currency: 'USD'}, reference: 'ORDER 5042'};
    const created = await withOrderKey(attempts, '5042', 'createAPayout', (idempotencyKey) =>
      s.client().request<Json>('POST', '/payouts', {idempotencyKey, body}),
    );
    const initiated = await withOrderKey(attempts, '5042', 'initiateAPayout', (idempotencyKey) =>
      s.client().request<Json>('PATCH', `/payouts/${created.id}/initiate`, {idempotencyKey}),
    );
    expect([initiated.id, initiated.status]).toEqual([created.id, 'INITIATED']);
    // A worker that restarts before it saved the payout's id runs its create step again: same key.
    const restarted = await s.createPayoutRaw(orderKey('5042', 'createAPayout', 1), body);
    expect([restarted.status, restarted.replayed, restarted.body.id]).toEqual([201, 'true', created.id]);
    expect(await s.payoutsWithReference('ORDER 5042')).toBe(1);
    expect([attempts.attempt('5042', 'createAPayout'), attempts.attempt('5042', 'initiateAPayout')]).toEqual([1, 1]);
  });

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
    const initiated = await withOrderKey(attempts, '1043', 'initiateAPayout', (idempotencyKey) =>
      s.client(failingOnce).request<Json>('PATCH', `/payouts/${payout.id}/initiate`, {idempotencyKey}),
    );
    expect(initiated.status).toBe('INITIATED');
    expect(keys).toEqual([orderKey('1043', 'initiateAPayout', 1), orderKey('1043', 'initiateAPayout', 1)]);
    expect(attempts.attempt('1043', 'initiateAPayout')).toBe(1);
    expect(await s.usd()).toBeCloseTo(before - Number(payout.sourceAmount.amount), 2);
  });
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
    payout = with_order_key(attempts, order, "initiateAPayout", lambda key: client.request("PATCH", "/payouts/" + os.environ["PAYOUT_ID"] + "/initiate", idempotency_key=key))
    result = {"status": payout["status"]}
except KestrelProblem as problem:
    result = {"code": problem.code}
result.update(keys=keys, attempt=attempts.attempt(order, "initiateAPayout"))
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
    const refused = run(payout.id, '2042');
    expect(refused).toEqual({code: 'INSUFFICIENT_FUNDS', keys: [orderKey('2042', 'initiateAPayout', 1)], attempt: 2});
    await s.fund('50.00');
    const before = await s.usd();
    const paid = run(payout.id, '2042');
    expect(paid).toEqual({status: 'INITIATED', keys: [orderKey('2042', 'initiateAPayout', 2)], attempt: 2});
    expect(run(payout.id, '2042')).toEqual(paid);
    expect(await s.usd()).toBeCloseTo(before - Number(payout.sourceAmount.amount), 2);
  });

  it('a 5xx is retried with the same key and the payout runs once', async () => {
    const payout = await s.payout();
    const before = await s.usd();
    const paid = run(payout.id, '2043', true);
    expect(paid).toEqual({
      status: 'INITIATED',
      keys: [orderKey('2043', 'initiateAPayout', 1), orderKey('2043', 'initiateAPayout', 1)],
      attempt: 1,
    });
    expect(await s.usd()).toBeCloseTo(before - Number(payout.sourceAmount.amount), 2);
  });
});

describe('order keys against the local sandbox: curl', () => {
  const s = payoutSandbox();
  /** One run of the curl walkthrough's initiate-a-payout.sh with the key of an order's attempt. */
  const initiate = (payoutId: string, orderId: string, attempt: number) => {
    const result = shell('initiate-a-payout.sh', [], {
      KESTREL_API_BASE: s.sandbox().base,
      KESTREL_API_KEY: s.key,
      PAYOUT_ID: payoutId,
      IDEMPOTENCY_KEY: curlOrderKey(orderId, 'initiateAPayout', attempt),
    });
    return {exit: result.status, answer: JSON.parse(result.stdout) as Json};
  };

  it("a kept INSUFFICIENT_FUNDS answers again to its key; once funded, the next attempt's key pays out once", async () => {
    const payout = await s.payout();
    expect(await s.usd()).toBeLessThan(Number(payout.sourceAmount.amount));
    const refused = initiate(payout.id, '3042', 1);
    expect([refused.exit, refused.answer.status, refused.answer.code]).toEqual([22, 422, 'INSUFFICIENT_FUNDS']);
    await s.fund('50.00');
    const before = await s.usd();
    // The first key is spent: it answers the kept 422 (its detail still names the empty balance), with
    // only the traceId of this request new, even once the balance is funded.
    const again = initiate(payout.id, '3042', 1);
    expect({...again.answer, traceId: undefined}).toEqual({...refused.answer, traceId: undefined});
    expect(again.exit).toBe(22);
    const paid = initiate(payout.id, '3042', 2);
    expect([paid.exit, paid.answer.id, paid.answer.status]).toEqual([0, payout.id, 'INITIATED']);
    expect(initiate(payout.id, '3042', 2)).toEqual(paid); // a rerun replays
    expect(await s.usd()).toBeCloseTo(before - Number(payout.sourceAmount.amount), 2);
  });
  it('creates a payout with create-a-payout.sh and initiates it with initiate-a-payout.sh, each with its order-key.sh key; a rerun of the create replays it', async () => {
    await s.fund('3000.00', 'EUR');
    // The bank account the walkthrough's own step creates (it reads nothing from the environment).
    const method = await s.client().request<Json>('POST', '/payment-methods/bank', {
      idempotencyKey: crypto.randomUUID(),
      body: WALKTHROUGH_STEPS.find((step) => step.slug === 'create-bank-payment-method')!.body as Json,
    });
    const originator = await s.client().request<Json>('POST', '/payout-originators', {
      idempotencyKey: crypto.randomUUID(),
      body: {
        type: 'BUSINESS',
        name: 'Brightwater Studio Ltd',
        address: {line1: '12 Harbour Street', city: 'Bristol', postalCode: 'BS1 4QA', country: 'GB'},
      },
    });
    const env = {KESTREL_API_BASE: s.sandbox().base, KESTREL_API_KEY: s.key};
    const create = () => {
      const result = shell('create-a-payout.sh', [], {
        ...env,
        PAYMENT_METHOD_ID: method.id,
        ORIGINATOR_ID: originator.id,
        IDEMPOTENCY_KEY: curlOrderKey('3050', 'createAPayout', 1),
      });
      return {exit: result.status, answer: JSON.parse(result.stdout) as Json};
    };
    const created = create();
    expect([created.exit, created.answer.status]).toEqual([0, 'NEW']);
    const initiated = shell('initiate-a-payout.sh', [], {
      ...env,
      PAYOUT_ID: created.answer.id,
      IDEMPOTENCY_KEY: curlOrderKey('3050', 'initiateAPayout', 1),
    });
    expect([initiated.status, (JSON.parse(initiated.stdout) as Json).status]).toEqual([0, 'INITIATED']);
    const again = create();
    expect([again.exit, again.answer.id]).toEqual([0, created.answer.id]);
    expect(await s.payoutsWithReference('BRIGHTWATER INV 2291')).toBe(1);
  });
});
