/**
 * Every row of the sandbox's test-input table (sandbox/test-inputs.ts), typed as /sandbox/ shows it,
 * against a running local sandbox with its rate limit on: each request's status and error code,
 * each answer as the definition documents it, then the object's final status after the clock
 * moves, the event that reports it, and that event's signed delivery to the webhook receiver
 * example. Also: the table covers every error code of the catalogue and every failed or reversed
 * status, and /sandbox/ shows the tables rendered from the rows the sandbox obeys: a changed row
 * changes the page.
 */
import {describe, it, expect, beforeAll, afterAll} from 'vitest';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import type {Server} from 'node:http';
import {freePort} from '../../tooling/ports.mjs';
import {createWebhookServer, type KestrelEvent} from '../../examples/webhooks/node/server';
import {NOT_LOCAL, TEST_INPUTS, type Step, type TestInput} from '../../sandbox/test-inputs';
import {renderTestInputs} from '../../plugins/rendered-partials/test-inputs';
import {expandPartials, PARTIALS} from '../../plugins/rendered-partials/partials';
import {SANDBOX_LIMIT} from '../../sandbox/rate-limit-figures';
import {buildDefinition, errorStatus, type JsonObject} from '../../definition/index.ts';
import {ROOT, loadBundledDefinition} from './openapi-definition';
import {answerProblems, expectedStatus} from './sandbox-answers';
import {freshRateLimitWindow, startSandbox, waitFor, type Sandbox} from './sandbox-process';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are read field by field
const SECRET = 'whsec_test_inputs_0123456789abcdef';
const EVENT_TYPES = ['invoice.created', 'invoice.updated', 'receive-request.receive-pending'];

const SCHEMAS = (loadBundledDefinition() as Json).components.schemas;
/** The error catalogue (`x-error-catalogue`), through the definition model: the status of each code. */
const ERROR_CODES = buildDefinition(loadBundledDefinition() as JsonObject).errorCodes;
const schema = (name: string): Json => SCHEMAS[name];

/** Replaces `{name}` in paths and string values with the ids saved so far. */
function fill<T>(value: T, saved: Record<string, string>): T {
  if (typeof value === 'string') return value.replace(/\{(\w+)\}/g, (whole, name: string) => saved[name] ?? whole) as T;
  if (Array.isArray(value)) return value.map((v) => fill(v, saved)) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, saved)])) as T;
  return value;
}

interface Answer {
  status: number;
  body: Json;
  headers: Headers;
}

/** Sends the requests of one row as an integrator would type them, with the row's own API key. */
function runner(sandbox: Sandbox, token: string) {
  const keys = new Map<string, string>();
  async function send(step: Step, saved: Record<string, string>): Promise<Answer> {
    const headers: Record<string, string> = {...(step.noAuth ? {} : {Authorization: `Bearer ${token}`})};
    if (step.body !== undefined) headers['Content-Type'] = 'application/json';
    Object.assign(headers, step.headers);
    if (step.key !== null && step.method !== 'GET' && step.method !== 'DELETE') {
      if (step.key === undefined) headers['Idempotency-Key'] = crypto.randomUUID();
      else {
        if (!keys.has(step.key)) keys.set(step.key, crypto.randomUUID());
        headers['Idempotency-Key'] = keys.get(step.key)!;
      }
    }
    const apiPath = fill(step.path, saved);
    const res = await fetch(`${sandbox.base}${apiPath}`, {
      method: step.method,
      headers,
      body: step.rawBody ?? (step.body === undefined ? undefined : JSON.stringify(fill(step.body, saved))),
    });
    const text = await res.text();
    const body = text ? JSON.parse(text) : undefined;
    const where = `${step.method} ${apiPath} -> ${res.status} ${text.slice(0, 400)}`;
    // Every answer carries the rate-limit headers, whatever its status.
    expect(res.headers.get('ratelimit-limit'), where).toBe(String(SANDBOX_LIMIT));
    // Every problem answers the status the error catalogue gives its code.
    if (typeof body?.code === 'string') expect(res.status, where).toBe(errorStatus(ERROR_CODES, body.code));
    if (body?.code !== 'NOT_FOUND' && body?.code !== 'METHOD_NOT_ALLOWED') {
      const asDocumented =
        typeof body?.webhookUrl === 'string' ? {...body, webhookUrl: 'https://shop.example/hook'} : body;
      expect(
        answerProblems(
          step.method,
          apiPath,
          res.status,
          res.headers.get('content-type'),
          asDocumented,
          res.headers.get('kestrel-version'),
        ),
        where,
      ).toEqual([]);
    }
    return {status: res.status, body, headers: res.headers};
  }
  return {send};
}

async function runRow(sandbox: Sandbox, row: TestInput, received: KestrelEvent[]): Promise<void> {
  const {send} = runner(sandbox, `sk_sandbox_${row.id}`);
  const saved: Record<string, string> = {...row.ids};
  const background: Promise<Answer>[] = [];
  for (const step of [...(row.setup ?? []), ...row.steps]) {
    if (step.wait) await sandbox.advance(step.wait);
    let answer: Answer;
    if (step.background) {
      const keys = async () => (await (await fetch(`${sandbox.origin}/_sandbox/stats`)).json()).idempotencyKeys;
      const before = await keys();
      background.push(send(step, saved));
      // The background request must hold its key before the next step is sent.
      await waitFor('the background request to hold its key', async () => (await keys()) > before);
      continue;
    }
    if (step.times) {
      await freshRateLimitWindow();
      const answers: Answer[] = [];
      for (let i = 0; i < step.times; i++) answers.push(await send(step, saved));
      expect(answers.slice(0, -1).map((a) => a.status)).toEqual(Array(step.times - 1).fill(200));
      answer = answers.at(-1)!;
    } else answer = await send(step, saved);
    expect({status: answer.status, code: answer.body?.code}, `${step.method} ${step.path}`).toEqual({
      status: expectedStatus(step),
      code: step.code,
    });
    if (answer.status === 429 || answer.status === 503)
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    if (answer.status === 405) expect(answer.headers.get('allow')).toBeTruthy();
    if (step.field) expect(Object.keys(answer.body.validationErrors)).toContain(step.field);
    if (step.problem) expect(answer.body, `${step.method} ${step.path}`).toMatchObject(fill(step.problem, saved));
    if (step.saveAs) saved[step.saveAs] = answer.body.id ?? answer.body.items?.[0]?.id;
  }
  for (const [i, pending] of background.entries()) {
    const answer = await pending;
    const step = row.steps.filter((s) => s.background)[i]!;
    expect({status: answer.status, code: answer.body?.code}).toEqual({status: expectedStatus(step), code: step.code});
  }
  const then = row.then;
  if (!then) return;
  await sandbox.advance(then.wait);
  const object = await send({method: 'GET', path: then.path, status: 200}, saved);
  expect(object.status).toBe(200);
  expect(object.body).toMatchObject(then.fields);
  if (!then.event) return;
  const entity = saved[then.entity!]!;
  const listed = await send(
    {method: 'GET', path: `/events?$filter=${encodeURIComponent(`data/entityId eq '${entity}'`)}`, status: 200},
    saved,
  );
  expect(listed.body.items.map((e: Json) => e.eventType)).toContain(then.event);
  await waitFor(`a signed ${then.event} delivery for ${entity}`, async () =>
    received.some((e) => e.eventType === then.event && e.data.entityId === entity),
  );
}

describe('the test-input table', () => {
  it('has a row for every error code of the catalogue, or says why the local sandbox cannot produce it', () => {
    const codes: string[] = schema('ErrorCode').enum;
    const covered = new Set(TEST_INPUTS.flatMap((row) => row.steps.map((s) => s.code)));
    expect(codes.filter((code) => !covered.has(code) && !(code in NOT_LOCAL))).toEqual([]);
    for (const code of covered) if (code) expect(codes).toContain(code);
  });

  it('has a row for every failed, reversed or expired status of payments, payouts, deposits and exchanges, and every failureReason', () => {
    const ends = (prefix: string) =>
      TEST_INPUTS.filter((row) => row.then?.path.startsWith(prefix)).map((row) => row.then!.fields.status);
    expect(ends('/payments/')).toEqual(expect.arrayContaining(['FAILED', 'COMPLETED']));
    expect(ends('/payouts/')).toEqual(expect.arrayContaining(['FAILED', 'COMPLETED', 'EXPIRED']));
    expect(ends('/deposits/')).toEqual(expect.arrayContaining(['FAILED', 'REVERSED', 'COMPLETED']));
    expect(ends('/currency-exchange-quotes/')).toEqual(expect.arrayContaining(['FAILED', 'COMPLETED', 'EXPIRED']));
    const reasons: string[] = schema('Payment').properties.failureReason.enum.filter(Boolean);
    const shown = TEST_INPUTS.map((row) => row.then?.fields.failureReason).filter(Boolean);
    expect(reasons.filter((r) => !shown.includes(r))).toEqual([]);
  });

  it('docs/sandbox.md holds one line where the tables go, and no copy of a row', () => {
    const source = readFileSync(path.join(ROOT, 'docs/sandbox.md'), 'utf8');
    expect(source).toContain('\n<RenderedMarkdown of="sandbox-test-inputs" />\n');
    expect(source).not.toContain('| Input | Request to type | What happens |');
    expect(source).not.toContain('### Codes the local sandbox cannot produce');
  });

  it('/sandbox/ shows a row per test input under its group, each outcome with the status the catalogue gives its code', () => {
    const source = readFileSync(path.join(ROOT, 'docs/sandbox.md'), 'utf8');
    const page = expandPartials(source, 'docs/sandbox.md');
    /** The rows of the table under the group's heading. */
    const rowsOf = (group: string) => {
      const start = page.indexOf(`\n### ${group}\n`);
      expect(start, group).toBeGreaterThan(0);
      return page
        .slice(start, page.indexOf('\n### ', start + 1))
        .split('\n')
        .filter((l) => l.startsWith('| ') && !l.startsWith('| Input |') && !l.startsWith('| --- |'));
    };
    const groups = [...new Set(TEST_INPUTS.map((row) => row.group))];
    expect(groups.length).toBeGreaterThan(5);
    for (const group of groups) {
      const shown = rowsOf(group);
      const inputs = TEST_INPUTS.filter((row) => row.group === group);
      expect(shown, group).toHaveLength(inputs.length);
      inputs.forEach((row, i) => {
        const line = shown[i]!;
        expect(line.startsWith(`| ${row.input.replace(/\|/g, '\\|')} |`), `${row.id}: ${line}`).toBe(true);
        for (const [, code] of row.outcome.matchAll(/\{problem ([A-Z_]+)\}/g))
          expect(line, row.id).toContain(`\`${errorStatus(ERROR_CODES, code!)}\` with code \`${code}\``);
      });
    }
    expect(page).not.toContain('{problem ');
  });

  it('changes with sandbox/test-inputs.ts and the catalogue and nothing else: a changed outcome, or status, is what the page shows', () => {
    const source = readFileSync(path.join(ROOT, 'docs/sandbox.md'), 'utf8');
    const row = TEST_INPUTS.find((r) => r.outcome.includes('{problem INVOICE_NOT_CANCELLABLE}'))!;
    const rows = TEST_INPUTS.map((r) =>
      r === row ? {...r, outcome: '{problem INVOICE_NOT_CANCELLABLE}. The invoice stays `PAID`.'} : r,
    );
    const errorCodes = ERROR_CODES.map((c) => (c.code === 'INVOICE_NOT_CANCELLABLE' ? {...c, status: 422} : c));
    const page = expandPartials(source, 'docs/sandbox.md', {
      ...PARTIALS,
      'sandbox-test-inputs': () => renderTestInputs({rows, errorCodes}),
    });
    const line = (text: string) => text.split('\n').find((l) => l.startsWith(`| ${row.input} |`))!;
    expect(line(page)).toMatch(/\| `422` with code `INVOICE_NOT_CANCELLABLE`\. The invoice stays `PAID`\. \|$/);
    expect(line(expandPartials(source, 'docs/sandbox.md'))).toMatch(
      /\| `409` with code `INVOICE_NOT_CANCELLABLE`\. \|$/,
    );
  });
});

describe('every test input, against the running local sandbox', () => {
  let sandbox: Sandbox;
  let receiver: Server;
  const received: KestrelEvent[] = [];
  const extra: Sandbox[] = [];

  beforeAll(async () => {
    // --manual-clock: each row's state is asserted at the clock time its waits reach, never at real time.
    sandbox = await startSandbox(['--manual-clock']);
    receiver = createWebhookServer({secret: SECRET, onEvent: async (event) => void received.push(event)});
    const port = await freePort();
    await new Promise<void>((resolve) => receiver.listen(port, '127.0.0.1', resolve));
    const eventTypes: string[] = schema('EventType').enum;
    expect(eventTypes).toEqual(expect.arrayContaining(EVENT_TYPES));
    const res = await fetch(`${sandbox.base}/subscriptions`, {
      method: 'POST',
      headers: {
        Authorization: 'Bearer sk_sandbox_subscriber',
        'Content-Type': 'application/json',
        'Idempotency-Key': crypto.randomUUID(),
      },
      body: JSON.stringify({
        webhookUrl: `http://127.0.0.1:${port}/webhooks/kestrel`,
        webhookVersion: '2025-06-01',
        secret: SECRET,
        eventTypes,
      }),
    });
    expect(res.status).toBe(201);
  });

  afterAll(async () => {
    for (const s of [sandbox, ...extra]) await s?.stop('SIGTERM');
    receiver?.close();
  });

  /** Makes sure the account holds at least `amount` USD, paying an invoice of its own. */
  async function fund(amount: string): Promise<void> {
    const {send} = runner(sandbox, `sk_sandbox_funding_${crypto.randomUUID()}`);
    const balances = await send({method: 'GET', path: '/account/balances', status: 200}, {});
    const usd = balances.body.items.find((b: Json) => b.currency === 'USD');
    if (Number(usd.available.amount) >= Number(amount)) return;
    const invoice = await send(
      {method: 'POST', path: '/invoices', body: {amount: {amount, currency: 'USD'}}, status: 201},
      {},
    );
    await send({method: 'POST', path: `/invoices/${invoice.body.id}/quote`, status: 201}, {});
    await sandbox.advance(12);
  }

  for (const row of TEST_INPUTS) {
    it(`${row.id}: ${row.input.replace(/`/g, '')}`, async () => {
      let target = sandbox;
      if (row.flags) {
        target = await startSandbox(row.flags);
        extra.push(target);
      }
      if (row.fundUsd) await fund(row.fundUsd);
      await runRow(target, row, received);
    });
  }
});
