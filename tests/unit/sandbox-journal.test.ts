/**
 * The `--state` journal's promise, "what was answered is on disk before the answer is sent", held
 * at the points where it can quietly break:
 *
 * - in process, with the journal's writes recorded: the line of each change (an object stored, an
 *   object deleted, an answer kept against an Idempotency-Key, the clock moved) is written, and
 *   flushed with fsync on the same file, before the answer to the request that made it starts;
 * - across a SIGKILL with compaction postponed (`--compact-after`), so the journal alone holds
 *   what happened: a deleted subscription and a deleted bank payment method stay deleted after
 *   the restart, while the objects stored beside them are there.
 */
import {fsyncSync, mkdtempSync, readFileSync, rmSync, writeSync} from 'node:fs';
import type {AddressInfo} from 'node:net';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {Definition} from '../../sandbox/definition';
import {createSandbox, type Sandbox} from '../../sandbox/start';
import {journalFile, keepState} from '../../sandbox/state-file';
import {loadBundledDefinition} from './openapi-definition';
import {checkedSender, US_BANK_ACCOUNT} from './sandbox-answers';
import {startSandbox, type Sandbox as SandboxProcess} from './sandbox-process';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers read field by field

const TOKEN = 'sk_sandbox_journal';
const SUBSCRIPTION = {
  webhookUrl: 'https://example.com/hooks/kestrel',
  webhookVersion: '2025-06-01',
  secret: 'whsec_journal_0123456789abcdef',
  // An event type nothing here makes, so nothing is delivered to example.com.
  eventTypes: ['payout.updated'],
};

type Recorded =
  | {what: 'write'; fd: number; text: string}
  | {what: 'fsync'; fd: number}
  | {what: 'answer'; method: string; url: string};

describe('each journal line is written and flushed before its answer starts (in process)', () => {
  const recorded: Recorded[] = [];
  let dir: string;
  let sandbox: Sandbox;
  let origin: string;
  let close: () => void;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'kestrel-journal-'));
    sandbox = createSandbox(new Definition(loadBundledDefinition()), {manualClock: true, rateLimit: false});
    close = keepState(sandbox, path.join(dir, 'sandbox.json'), {
      // Never compacted during the tests: every change goes through the journal.
      compactAfterMs: 3_600_000,
      journalWrites: {
        writeSync: (fd, text) => {
          recorded.push({what: 'write', fd, text});
          return writeSync(fd, text);
        },
        fsyncSync: (fd) => {
          recorded.push({what: 'fsync', fd});
          fsyncSync(fd);
        },
      },
    });
    // First in line, so every answer's head is seen, whenever the handler writes it.
    sandbox.server.prependListener('request', (req, res) => {
      const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => typeof res;
      res.writeHead = ((...args: unknown[]) => {
        recorded.push({what: 'answer', method: req.method ?? '', url: req.url ?? ''});
        return writeHead(...args);
      }) as typeof res.writeHead;
    });
    await new Promise<void>((resolve) => sandbox.server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(sandbox.server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    sandbox.server.close();
    close();
    rmSync(dir, {recursive: true, force: true});
  });

  async function send(method: string, url: string, body?: unknown, key: string = crypto.randomUUID()) {
    const res = await fetch(`${origin}${url}`, {
      method,
      headers: {
        Authorization: `Bearer ${TOKEN}`,
        ...(body !== undefined && {'Content-Type': 'application/json'}),
        ...(method !== 'GET' && {'Idempotency-Key': key}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return {status: res.status, body: (text ? JSON.parse(text) : undefined) as Json};
  }

  /** The line holding `needle` was written, and fsynced on its file, before the answer to `method url` began. */
  function flushedBeforeAnswer(method: string, url: string, needle: string): void {
    const answers = recorded.map((e, i) => (e.what === 'answer' && e.method === method && e.url === url ? i : -1));
    const answer = Math.max(...answers);
    expect(answer, `the answer to ${method} ${url}`).toBeGreaterThanOrEqual(0);
    const line = recorded.findIndex((e) => e.what === 'write' && e.text.includes(needle));
    expect(line, `a journal line holding ${needle}`).toBeGreaterThanOrEqual(0);
    expect(line, `the journal line holding ${needle} is written before the answer`).toBeLessThan(answer);
    const {fd} = recorded[line] as {fd: number};
    const flushed = recorded.findIndex((e, i) => i > line && e.what === 'fsync' && e.fd === fd);
    expect(flushed, `an fsync of the journal after the line holding ${needle}`).toBeGreaterThan(line);
    expect(flushed, `the fsync after the line holding ${needle} comes before the answer`).toBeLessThan(answer);
  }

  it('an invoice stored, and the answer kept against its Idempotency-Key', async () => {
    const key = `journal-${crypto.randomUUID()}`;
    const created = await send('POST', '/v1/invoices', {amount: {amount: '12.00', currency: 'USD'}}, key);
    expect(created.status).toBe(201);
    flushedBeforeAnswer('POST', '/v1/invoices', `"id":"${created.body.id}"`);
    flushedBeforeAnswer('POST', '/v1/invoices', key);
  });

  it('a subscription and a bank payment method deleted', async () => {
    const subscription = await send('POST', '/v1/subscriptions', SUBSCRIPTION);
    expect(subscription.status).toBe(201);
    const url = `/v1/subscriptions/${subscription.body.id}`;
    expect((await send('DELETE', url)).status).toBe(204);
    flushedBeforeAnswer('DELETE', url, `"deleted":"${subscription.body.id}"`);

    const method = await send('POST', '/v1/payment-methods/bank', US_BANK_ACCOUNT);
    expect(method.status).toBe(201);
    const methodUrl = `/v1/payment-methods/bank/${method.body.id}`;
    expect((await send('DELETE', methodUrl)).status).toBe(204);
    flushedBeforeAnswer('DELETE', methodUrl, `"deleted":"${method.body.id}"`);
  });

  it('the clock moved by POST /_sandbox/clock', async () => {
    const moved = await send('POST', '/_sandbox/clock', {advanceSeconds: 7});
    expect(moved.status).toBe(200);
    flushedBeforeAnswer('POST', '/_sandbox/clock', `"clockOffsetMs":${sandbox.clock.offset}`);
  });
});

describe('deletions in the journal survive a SIGKILL (compaction postponed)', () => {
  it('a deleted subscription and a deleted bank payment method do not come back after a restart', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kestrel-journal-kill-'));
    const file = path.join(dir, 'sandbox.json');
    const flags = ['--state', file, '--no-rate-limit', '--compact-after', '3600'];
    const send = (sandbox: SandboxProcess, method: string, apiPath: string, body?: unknown) =>
      checkedSender(() => sandbox.base, TOKEN)(method, apiPath, body);
    try {
      const ids: Record<string, string> = {};
      const first = await startSandbox(flags);
      try {
        ids.kept = (await send(first, 'POST', '/subscriptions', SUBSCRIPTION)).body.id;
        ids.subscription = (await send(first, 'POST', '/subscriptions', SUBSCRIPTION)).body.id;
        ids.method = (await send(first, 'POST', '/payment-methods/bank', US_BANK_ACCOUNT)).body.id;
        expect((await send(first, 'DELETE', `/subscriptions/${ids.subscription}`)).status).toBe(204);
        expect((await send(first, 'DELETE', `/payment-methods/bank/${ids.method}`)).status).toBe(204);
        // Not folded into FILE yet: the journal is what the restart must read the deletions from.
        const journal = readFileSync(journalFile(file), 'utf8');
        expect(journal).toContain(ids.subscription);
        expect(journal).toContain(ids.method);
      } finally {
        await first.stop('SIGKILL');
      }

      const second = await startSandbox(flags);
      try {
        expect((await send(second, 'GET', `/subscriptions/${ids.kept}`)).status).toBe(200);
        expect((await send(second, 'GET', `/subscriptions/${ids.subscription}`)).status).toBe(404);
        expect((await send(second, 'GET', `/payment-methods/bank/${ids.method}`)).status).toBe(404);
        const listed = (await send(second, 'GET', '/subscriptions')).body.items.map((s: Json) => s.id);
        expect(listed).toEqual([ids.kept]);
      } finally {
        await second.stop('SIGKILL');
      }
    } finally {
      rmSync(dir, {recursive: true, force: true});
    }
  });
});
