/**
 * The MCP server's answers as a model reads them: the query parameters its own examples show are the
 * definition's; no answer is cut inside JSON or inside a Markdown block, and a long one names the
 * cursor of the rest; get_operation says what the local sandbox accepts where it differs (from
 * sandbox/local-differences.ts, the list docs/sandbox.md shows) and lists an array's enum values, and
 * takes a language as the pages' tabs name it; the clock answers what ran; a test event can be read
 * back; every tool says whether it only reads, and `--tools docs` offers no sandbox tool.
 */
import {readFileSync} from 'node:fs';
import http from 'node:http';
import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {parse as parseYaml} from 'yaml';
import {CODE_SAMPLE_LANGUAGES, tabLabel} from '../../config/code-sample-languages';
import {loadDefinition} from '../../definition/load';
import {DOCS_TOOLS} from '../../mcp/tool-sets';
import {OptionError, parseOptions, usage} from '../../mcp/options';
import {PART_CHARS, pagedText, partOf} from '../../mcp/paging';
import {SandboxConnection} from '../../mcp/sandbox-connection';
import {Definition} from '../../sandbox/definition';
import {LOCAL_DIFFERENCES} from '../../sandbox/local-differences';
import {expandPartials} from '../../plugins/rendered-partials/partials';
import {createSandbox} from '../../sandbox/start';
import {listenOnFreePort} from '../../tooling/ports.mjs';
import {smallBuild, toolsClient, type ToolsClient} from './mcp-tools-client';
import {loadBundledDefinition} from './openapi-definition';
import {READ_TOOLS, WRITE_TOOLS} from '../mcp-tool-names';

const bundled = loadBundledDefinition();
const model = loadDefinition();
const sandbox = createSandbox(new Definition(bundled), {rateLimit: false, manualClock: true});
const build = smallBuild();
const receiver = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => res.writeHead(204).end());
});
let base: string;
let hook: string;
let tools: ToolsClient;
let docsTools: ToolsClient;

beforeAll(async () => {
  base = `${await listenOnFreePort(sandbox.server)}/v1`;
  hook = `${await listenOnFreePort(receiver)}/hook`;
  const connection = new SandboxConnection({url: base, log: () => {}});
  tools = await toolsClient(build.dir, connection);
  docsTools = await toolsClient(build.dir, connection, 'docs');
});
afterAll(async () => {
  await tools.close();
  await docsTools.close();
  for (const server of [sandbox.server, receiver]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  build.remove();
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are read field by field
const json = (text: string) => JSON.parse(text) as Json;

/** Every text a model reads before it calls anything: descriptions, the prompt, the instructions, a refusal. */
async function exampleTexts(client: ToolsClient): Promise<string[]> {
  const texts: string[] = [client.client.getInstructions() ?? ''];
  for (const tool of (await client.client.listTools()).tools) {
    texts.push(tool.description ?? '');
    for (const schema of Object.values((tool.inputSchema.properties ?? {}) as Record<string, {description?: string}>))
      texts.push(schema.description ?? '');
  }
  for (const prompt of (await client.client.listPrompts()).prompts) {
    texts.push(prompt.description ?? '', ...(prompt.arguments ?? []).map((a) => a.description ?? ''));
    const got = await client.client.getPrompt({name: prompt.name, arguments: {goal: 'take payments', language: 'Go'}});
    for (const m of got.messages) if (m.content.type === 'text') texts.push(m.content.text);
  }
  return texts;
}

describe('examples', () => {
  test('every query parameter the tools, the prompt and a refusal show is one the definition declares', async () => {
    const refusal = await tools.call('sandbox_request', {method: 'GET', path: 'https://elsewhere.example/x'});
    const texts = [...(await exampleTexts(tools)), ...(await exampleTexts(docsTools)), refusal.text];
    const controls = parseYaml(readFileSync('workflows/sandbox-controls.openapi.yaml', 'utf8')) as {
      paths: Record<string, Record<string, {parameters?: {name: string; in: string}[]}>>;
    };
    const shown: string[] = [];
    for (const text of texts) {
      for (const [, rawPath, query] of text.matchAll(/(\/[\w{}\-/.]*)\?([^\s`'"),]+)/g)) {
        const pathOnly = rawPath!.replace(/^\/v1(?=\/)/, '');
        const names = [...new URLSearchParams(query).keys()];
        const declared = pathOnly.startsWith('/_sandbox/')
          ? (controls.paths[pathOnly]?.get?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name)
          : (model.operations.find((o) => o.method === 'GET' && o.path === pathOnly)?.parameters.query ?? []).map(
              (p) => p.name,
            );
        for (const name of names) {
          shown.push(`${pathOnly}?${name}`);
          expect(declared, `${pathOnly}?${name} in "${text.slice(0, 80)}…"`).toContain(name);
        }
      }
      // A `$name` anywhere is a query parameter of some list.
      const all = new Set(model.operations.flatMap((o) => o.parameters.query.map((p) => p.name)));
      for (const [name] of text.matchAll(/\$[a-z]+\b/g))
        expect(all, `${name} in "${text.slice(0, 80)}…"`).toContain(name);
    }
    expect(shown).toContain('/events?$top');
  });
});

describe('long answers', () => {
  test('a list longer than one answer comes as JSON parts; sandbox_next_part reads the rest of that answer', async () => {
    for (let i = 0; i < 70; i++) {
      const made = await tools.call('sandbox_request', {
        method: 'POST',
        path: '/invoices',
        body: {amount: {amount: '10.00', currency: 'USD'}, description: `Order ${i} ${'x'.repeat(180)}`},
        idempotencyKey: `mcp-answers-${i}`,
      });
      expect(json(made.text).status).toBe(201);
    }
    const direct = (await (
      await fetch(`${base}/invoices?$top=100`, {headers: {Authorization: 'Bearer t'}})
    ).json()) as {items: {id: string}[]};
    expect(JSON.stringify(direct, null, 1).length).toBeGreaterThan(2 * PART_CHARS);

    const first = await tools.call('sandbox_get', {path: '/invoices?$top=100'});
    let part = json(first.text);
    expect(first.text.length).toBeLessThanOrEqual(PART_CHARS);
    expect(part.status).toBe(200);
    expect(part.part).toMatchObject({
      array: 'body.items',
      items: expect.stringMatching(new RegExp(`^1-\\d+ of ${direct.items.length}$`)),
    });
    const ids: string[] = part.body.items.map((i: {id: string}) => i.id);
    let parts = 1;
    while (part.part?.cursor) {
      expect(part.part.next).toBe(`call sandbox_next_part with cursor "${part.part.cursor}"`);
      const next = await tools.call('sandbox_next_part', {cursor: part.part.cursor});
      expect(next.isError).toBe(false);
      expect(next.text.length).toBeLessThanOrEqual(PART_CHARS);
      part = json(next.text);
      ids.push(...part.body.items.map((i: {id: string}) => i.id));
      parts++;
    }
    expect(parts).toBeGreaterThan(2);
    expect(ids).toEqual(direct.items.map((i) => i.id));

    const bad = await tools.call('sandbox_next_part', {cursor: 'a999.1'});
    expect(bad.isError).toBe(true);
    expect(bad.text).toContain('cursor "a999.1" names no kept answer');
  });

  test('Markdown parts end before a heading, never inside a code block, and make the whole', () => {
    const block = ['```ts', ...Array.from({length: 300}, (_, i) => `const line${i} = ${i}; // in a fence`), '```'];
    const section = (n: number) => [`## Section ${n}`, '', 'A paragraph.', '', ...block, '', 'After the block.', ''];
    const text = Array.from({length: 6}, (_, n) => section(n).join('\n')).join('\n');
    expect(text.length).toBeGreaterThan(3 * PART_CHARS);
    let offset = 0;
    let joined = '';
    while (offset < text.length) {
      const part = partOf(text, offset);
      expect(part.text.length).toBeLessThanOrEqual(PART_CHARS);
      expect((part.text.match(/^```/gm) ?? []).length % 2, `part ${part.part} opens a block it does not close`).toBe(0);
      if (part.nextCursor) expect(text.slice(Number(part.nextCursor))).toMatch(/^## Section \d/);
      joined += part.text;
      offset = part.nextCursor === undefined ? text.length : Number(part.nextCursor);
    }
    expect(joined).toBe(text);
    const paged = pagedText(text, undefined, (cursor) => `call get_operation again with cursor "${cursor}"`);
    expect(paged.ok && paged.text).toMatch(
      /\n\[part 1 of \d+; call get_operation again with cursor "\d+" for the next part\]$/,
    );
  });

  test('every get_operation answer, in every language, is whole and within one part', async () => {
    for (const op of model.operations)
      for (const {key} of CODE_SAMPLE_LANGUAGES) {
        const answer = await tools.call('get_operation', {operationId: op.operationId, language: key});
        expect(answer.isError, `${op.operationId} ${key}`).toBe(false);
        expect(answer.text.length, `${op.operationId} ${key}`).toBeLessThanOrEqual(PART_CHARS);
        expect(answer.text).not.toMatch(/\[part \d+ of/);
      }
    const stray = await tools.call('get_operation', {operationId: 'issueInvoice', cursor: '999999'});
    expect(stray.isError).toBe(true);
    expect(stray.text).toMatch(/^cursor "999999" is not one this answer gave/);
  });
});

describe('get_operation', () => {
  test('says what the local sandbox accepts where it differs, from the one list docs/sandbox.md shows', async () => {
    const source = readFileSync('docs/sandbox.md', 'utf8');
    expect(source).toContain('\n<RenderedMarkdown of="local-sandbox-differences" />\n');
    const page = expandPartials(source, 'docs/sandbox.md');
    for (const difference of LOCAL_DIFFERENCES) expect(page).toContain(`\n- It ${difference.text}\n`);
    const subscription = await tools.call('get_operation', {operationId: 'createSubscription'});
    expect(subscription.text).toContain('## In the local sandbox\n');
    expect(subscription.text).toContain(`- The local sandbox ${LOCAL_DIFFERENCES[0]!.text}`);
    expect(subscription.text).toMatch(/accepts `http` webhook URLs on `127\.0\.0\.1`.*Kestrel accepts only `https`/);
    const invoice = await tools.call('get_operation', {operationId: 'issueInvoice'});
    expect(invoice.text).not.toContain('## In the local sandbox');
  });

  test("lists the values of an array's enum: a subscription's event types", async () => {
    const eventTypes = (bundled as Json).components.schemas.EventType.enum as string[];
    expect(eventTypes.length).toBeGreaterThan(3);
    const answer = await tools.call('get_operation', {operationId: 'createSubscription'});
    const line = answer.text.split('\n').find((l) => l.startsWith('- `eventTypes`'))!;
    expect(line).toContain(`each one of ${eventTypes.map((t) => JSON.stringify(t)).join(', ')}`);
  });

  test('takes a language as the tabs name it, or by its key, sample lang, label or alias', async () => {
    for (const l of CODE_SAMPLE_LANGUAGES) {
      const byKey = await tools.call('get_operation', {operationId: 'issueInvoice', language: l.key});
      expect(byKey.text).toContain(`## Sample (${l.label})`);
      for (const name of [
        l.codeSampleLanguage,
        l.label,
        tabLabel(l.label),
        tabLabel(l.label).toUpperCase(),
        ...l.aliases,
      ]) {
        const answer = await tools.call('get_operation', {operationId: 'issueInvoice', language: name});
        expect(answer.text, name).toBe(byKey.text);
      }
    }
    for (const name of ['Node.js', 'node'])
      expect((await tools.call('get_operation', {operationId: 'issueInvoice', language: name})).text).toContain(
        '## Sample (Node.js (fetch))',
      );
    const unknown = await tools.call('get_operation', {operationId: 'issueInvoice', language: 'cobol'});
    expect(unknown.isError).toBe(true);
    expect(unknown.text).toContain('one of: cURL, Node.js, Python, Go, Java, PHP, Ruby, C#');
  });
});

describe('the sandbox tools', () => {
  test('sandbox_advance_clock lists the status changes and the deliveries, with their attempts, of the move', async () => {
    const sub = json(
      (
        await tools.call('sandbox_request', {
          method: 'POST',
          path: '/subscriptions',
          body: {
            webhookUrl: hook,
            webhookVersion: '2025-06-01',
            secret: 'mcp-answers-secret-0123456789',
            eventTypes: ['invoice.updated'],
          },
          idempotencyKey: 'mcp-answers-sub',
        })
      ).text,
    ).body;
    const invoice = json(
      (
        await tools.call('sandbox_request', {
          method: 'POST',
          path: '/invoices',
          body: {amount: {amount: '5.00', currency: 'USD'}},
          idempotencyKey: 'mcp-answers-clock',
        })
      ).text,
    ).body;
    await tools.call('sandbox_request', {
      method: 'POST',
      path: `/invoices/${invoice.id}/quote`,
      idempotencyKey: 'mcp-answers-quote',
    });
    const moved = json((await tools.call('sandbox_advance_clock', {seconds: 60})).text);
    const steps = moved.statusChanges.filter((c: {id: string}) => c.id === invoice.id);
    expect(steps.map((c: {from: string; to: string}) => `${c.from} -> ${c.to}`)).toEqual([
      'UNPAID -> PENDING',
      'PENDING -> PAID',
    ]);
    const mine = moved.deliveries.filter((d: {subscriptionId: string}) => d.subscriptionId === sub.id);
    expect(mine.length).toBeGreaterThanOrEqual(2);
    for (const d of mine)
      expect(d).toMatchObject({eventType: 'invoice.updated', attempt: 1, succeeded: true, responseStatus: 204});
  });

  test('a test event sent with sandbox_send_test_event can be read back by its id', async () => {
    const subs = json((await tools.call('sandbox_get', {path: '/subscriptions'})).text).body.items as {
      id: string;
      webhookUrl: string;
    }[];
    const sub = subs.find((s) => s.webhookUrl === hook)!;
    const sent = json((await tools.call('sandbox_send_test_event', {subscriptionId: sub.id})).text);
    expect(sent.delivery.ok).toBe(true);
    const read = json((await tools.call('sandbox_get', {path: `/events/${sent.event.id}`})).text);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      id: sent.event.id,
      deliveries: [{subscriptionId: sub.id, status: 'SUCCEEDED', attempts: 1}],
    });
  });
});

describe('reading apart from writing', () => {
  test('every tool says whether it only reads; none that takes a method or a body claims to', async () => {
    const {tools: listed} = await tools.client.listTools();
    const names = listed.map((t) => t.name);
    expect([...names].sort()).toEqual([...READ_TOOLS, ...WRITE_TOOLS].sort());
    for (const tool of listed) {
      expect(typeof tool.annotations?.readOnlyHint, tool.name).toBe('boolean');
      if (READ_TOOLS.includes(tool.name)) expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
      if (WRITE_TOOLS.includes(tool.name)) expect(tool.annotations?.readOnlyHint, tool.name).toBe(false);
      // A tool that sends a body, runs a workflow or sends a method other than GET writes.
      const inputs = (tool.inputSchema.properties ?? {}) as Record<string, {enum?: string[]}>;
      const sendsWrites =
        (inputs.method?.enum ?? []).some((m) => m !== 'GET') || 'body' in inputs || 'inputs' in inputs;
      if (sendsWrites) expect(tool.annotations?.readOnlyHint, `${tool.name} can write`).toBe(false);
    }
  });

  test('--tools docs lists the docs tools only, and no sandbox tool answers', async () => {
    const {tools: listed} = await docsTools.client.listTools();
    expect(listed.map((t) => t.name).sort()).toEqual([...DOCS_TOOLS].sort());
    for (const tool of listed) {
      expect(tool.name).not.toMatch(/^sandbox_|workflow/);
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
    }
    const refused = await docsTools.call('sandbox_request', {method: 'GET', path: '/invoices'});
    expect(refused.isError).toBe(true);
    expect(refused.text).toMatch(/sandbox_request not found/);
    expect(docsTools.client.getInstructions()).not.toMatch(/sandbox_/);
    for (const text of await exampleTexts(docsTools)) expect(text).not.toMatch(/sandbox_|run_workflow/);
  });

  test('--tools takes all or docs, as --help says', () => {
    expect(parseOptions(['--tools', 'docs'], {}).tools).toBe('docs');
    expect(parseOptions([], {}).tools).toBe('all');
    expect(() => parseOptions(['--tools', 'sandbox'], {})).toThrow(
      new OptionError('--tools takes all or docs, got "sandbox".'),
    );
    expect(usage(false)).toMatch(/--tools SET {8}which tools to offer: all \(default\), or docs:/);
  });
});
