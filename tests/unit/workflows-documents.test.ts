/**
 * The workflow documents as files: Redocly lints them as Arazzo with 0 errors and 0 warnings (as
 * the runner reads them and the site publishes them, their facts rendered), each
 * names the guide section that teaches it, calls the operations that section links in the order
 * it links them, and together they declare every fault. Also the runner's expressions and criteria.
 */
import {execFileSync} from 'node:child_process';
import {copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {GUIDES} from '../../config/guide-routes';
import {loadDefinition, slugOf} from '../../definition/index';
import {FAULTS, listWorkflows, renderedText} from '../../workflows/index';
import {SOURCE_FILES} from '../../workflows/operations';
import {evaluate, fill, holds, type Scope} from '../../workflows/expressions';
import {orderKey} from '../../workflows/inputs';
import {GUIDE_FILES, readPage} from './guide-http';

const ROOT = path.resolve(__dirname, '../..');
const WORKFLOWS = listWorkflows();
const API_OPERATIONS = new Set(loadDefinition().operations.map((op) => op.operationId));

/** Heading ids as Docusaurus makes them (github-slugger over the heading's text). */
function anchor(text: string): string {
  return text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '')
    .replace(/ /g, '-');
}

/** The prose under the heading with this anchor, up to the next heading of its level or higher. */
function section(route: string, id: string): string | undefined {
  const guide = GUIDES.find((g) => g.route === route);
  const file = GUIDE_FILES.find((f) => guide && f.replace(/^docs\/|\.mdx?$/g, '') === guide.id);
  if (!file) return undefined;
  const lines = readPage(file).prose.split('\n');
  const start = lines.findIndex((l) => /^#{2,6} /.test(l) && anchor(l.replace(/^#+ /, '').trim()) === id);
  if (start < 0) return undefined;
  const level = /^#+/.exec(lines[start]!)![0].length;
  const end = lines.findIndex((l, i) => i > start && new RegExp(`^#{1,${level}} `).test(l));
  return lines.slice(start, end < 0 ? undefined : end).join('\n');
}

/** [errors, warnings] of each file's report; Redocly writes one JSON report per file, one after the other. */
function totalsOf(out: string): number[][] {
  return [...out.matchAll(/"totals": \{\s*"errors": (\d+),\s*"warnings": (\d+)/g)].map((m) => [
    Number(m[1]),
    Number(m[2]),
  ]);
}

describe('the workflow documents', () => {
  it('Redocly lints every document, its facts rendered, with 0 errors and 0 warnings', () => {
    // The rendered documents in a copy of the layout they name their sources in (../openapi/, ./).
    const dir = mkdtempSync(path.join(tmpdir(), 'kestrel-workflows-lint-'));
    try {
      mkdirSync(path.join(dir, 'workflows'));
      symlinkSync(path.join(ROOT, 'openapi'), path.join(dir, 'openapi'));
      for (const file of Object.values(SOURCE_FILES))
        copyFileSync(path.join(ROOT, 'workflows', file), path.join(dir, 'workflows', file));
      for (const w of WORKFLOWS) writeFileSync(path.join(dir, w.file), renderedText(w.id));
      const files = WORKFLOWS.map((w) => w.file);
      const out = execFileSync(
        path.join(ROOT, 'node_modules/.bin/redocly'),
        ['lint', ...files, '--config', path.join(ROOT, 'redocly.yaml'), '--format=json'],
        {cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe']},
      );
      expect(totalsOf(out)).toEqual(files.map(() => [0, 0]));
    } finally {
      rmSync(dir, {recursive: true, force: true});
    }
  });

  it('Redocly lints the descriptions of the sandbox controls and the receiver with 0 errors and 0 warnings', () => {
    const files = ['workflows/sandbox-controls.openapi.yaml', 'workflows/receiver.openapi.yaml'];
    const out = execFileSync(
      path.join(ROOT, 'node_modules/.bin/redocly'),
      ['lint', ...files, '--config', 'workflows/redocly.yaml', '--format=json'],
      {cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe']},
    );
    expect(totalsOf(out)).toEqual(files.map(() => [0, 0]));
  });

  it('there are at least 16, and together they declare every fault', () => {
    expect(WORKFLOWS.length).toBeGreaterThanOrEqual(16);
    const declared = new Set(WORKFLOWS.flatMap((w) => w.faults));
    expect(FAULTS.filter((f) => !declared.has(f))).toEqual([]);
  });

  it.each(WORKFLOWS.map((w) => [w.id, w] as const))(
    '%s: its guide section exists and links the operations it calls in the order it calls them',
    (_id, workflow) => {
      const [route, id] = workflow.guide.split('#');
      expect(id, `${workflow.guide} names a section`).toBeTruthy();
      const text = section(route!, id!);
      expect(text, `${workflow.guide} is a guide section`).toBeDefined();
      const called = [...new Set(workflow.steps.map((s) => s.operationId).filter((op) => API_OPERATIONS.has(op)))];
      expect(called.length, 'it calls the API').toBeGreaterThan(0);
      const positions = called.map((op) => ({op, at: text!.indexOf(`](/api/${slugOf(op)})`)})).filter((p) => p.at >= 0);
      expect(positions.map((p) => p.op)).toEqual([...positions].sort((a, b) => a.at - b.at).map((p) => p.op));
    },
  );

  it.each(WORKFLOWS.map((w) => [w.id, w] as const))('%s: every step has an operationId, a description', (_id, w) => {
    for (const step of w.steps) {
      expect(step.operationId, step.stepId).toMatch(
        /^([a-z][A-Za-z]+|\$sourceDescriptions\.(sandbox|receiver)\.[a-z][A-Za-z]+)$/,
      );
      if (!step.operationId.startsWith('$')) expect(API_OPERATIONS.has(step.operationId), step.operationId).toBe(true);
      expect(step.description.length, step.stepId).toBeGreaterThan(0);
    }
  });
});

describe('the runner', () => {
  const scope: Scope = {
    inputs: {orderId: 'order-1'},
    steps: {create: {payoutId: 'p-1'}},
    response: {
      status: 201,
      headers: new Headers({'Retry-After': '30', 'Idempotent-Replayed': 'true'}),
      body: {id: 'p-1', items: [{id: 'a/b'}], count: 1, code: 'QUOTE_EXPIRED'},
    },
  };

  it('reads runtime expressions', () => {
    expect(evaluate('$statusCode', scope)).toBe(201);
    expect(evaluate('$inputs.orderId', scope)).toBe('order-1');
    expect(evaluate('$steps.create.outputs.payoutId', scope)).toBe('p-1');
    expect(evaluate('$response.body#/items/0/id', scope)).toBe('a/b');
    expect(evaluate('$response.header.retry-after', scope)).toBe('30');
    expect(() => evaluate('$steps.missing.outputs.x', scope)).toThrow('step missing has not run');
  });

  it('fills whole and embedded expressions in parameters and bodies', () => {
    expect(fill({ref: '$inputs.orderId', text: "reference eq '{$inputs.orderId}'", n: [1]}, scope)).toEqual({
      ref: 'order-1',
      text: "reference eq 'order-1'",
      n: [1],
    });
  });

  it('judges simple and regex criteria', () => {
    expect(holds({condition: '$statusCode == 201'}, scope)).toBe(true);
    expect(holds({condition: '$statusCode == 200'}, scope)).toBe(false);
    expect(
      holds({condition: "$response.header.Idempotent-Replayed == 'true' && $response.body#/count >= 1"}, scope),
    ).toBe(true);
    expect(
      holds({condition: '($statusCode == 500 || $statusCode < 300) && $response.header.Retry-After > 10'}, scope),
    ).toBe(true);
    expect(holds({condition: '$response.body#/items/1 == null'}, scope)).toBe(true);
    expect(holds({condition: '^QUOTE_', context: '$response.body#/code', type: 'regex'}, scope)).toBe(true);
    expect(holds({condition: '^NO_', context: '$response.body#/code', type: 'regex'}, scope)).toBe(false);
  });

  it('makes keys per order, operation and attempt, the same on every run', () => {
    expect(orderKey('order-1', 'createAPayout', 1)).toBe(orderKey('order-1', 'createAPayout', 1));
    expect(orderKey('order-1', 'createAPayout', 1)).not.toBe(orderKey('order-1', 'createAPayout', 2));
    expect(orderKey('order-1', 'createAPayout', 1)).not.toBe(orderKey('order-1', 'initiateAPayout', 1));
    expect(orderKey('order-1', 'createAPayout', 1)).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});
