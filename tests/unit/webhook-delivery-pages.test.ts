/**
 * Every place that states how Kestrel delivers webhooks agrees with the definition's
 * `x-webhook-delivery`, which the sandbox delivers by: the retry schedule on /api/introduction
 * (drawn from it), and the definition's own prose as the bundle renders it (info.description's
 * table, and each sentence that gives the number of attempts, the retry window, the gaps, the
 * answer timeout or the secret-rotation overlap). The definition's sources name these figures as
 * fact tokens (plugins/prose-facts/definition.ts), so what is checked by hand is that none of them
 * writes one in figures. The guides render the same facts (prose-facts.test.ts).
 */
import {describe, expect, it} from 'vitest';
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import React from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {buildDefinition, webhookDeliveryOf, type JsonObject} from '../../definition/index.ts';
import {webhookDeliveryData} from '../../plugins/api-reference/webhook-delivery.ts';
import WebhookDelivery from '../../src/components/WebhookDelivery';
import {renderFacts} from '../../plugins/prose-facts/render.ts';
import {ROOT, loadBundledDefinition} from './openapi-definition';

const doc = loadBundledDefinition() as unknown as JsonObject;
const rules = webhookDeliveryOf(doc);
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const lastHours = rules.attemptMinutes.at(-1)! / 60;
const gaps = rules.attemptMinutes.slice(1).map((m, i) => m - rules.attemptMinutes[i]!);

/** `immediately`, `0`, `1 minute`, `2 hours`, `72 hours, the last attempt` -> minutes. */
function minutes(words: string): number {
  if (/^(immediately|0)\b/.test(words)) return 0;
  const m = /^(\d+) (minute|hour)s?\b/.exec(words);
  if (!m) throw new Error(`not a time after the first attempt: "${words}"`);
  return Number(m[1]) * (m[2] === 'hour' ? 60 : 1);
}

/** The files whose prose is written by hand: the definition's sources and the API introduction. */
function handWrittenFiles(): string[] {
  const yaml = (dir: string): string[] =>
    readdirSync(path.join(ROOT, dir), {withFileTypes: true}).flatMap((e) =>
      e.isDirectory() ? yaml(`${dir}/${e.name}`) : e.name.endsWith('.yaml') ? [`${dir}/${e.name}`] : [],
    );
  return ['api/introduction.mdx', ...yaml('openapi').filter((f) => !f.startsWith('openapi/releases/'))];
}

/** Every string of the bundled definition, with the JSON pointer where it is. */
function strings(node: unknown, pointer = ''): [string, string][] {
  if (typeof node === 'string') return [[`#${pointer}`, node]];
  if (Array.isArray(node)) return node.flatMap((item, i) => strings(item, `${pointer}/${i}`));
  if (node && typeof node === 'object')
    return Object.entries(node).flatMap(([key, item]) => strings(item, `${pointer}/${key}`));
  return [];
}

/** Each sentence of the file (YAML folding and Markdown line breaks undone). */
const sentences = (text: string) => text.replace(/\s+/g, ' ').split(/(?<=[.;:])\s+/);

describe('x-webhook-delivery', () => {
  it('is read through the definition model, and a malformed member fails naming it', () => {
    expect(rules.attemptMinutes[0]).toBe(0);
    const broken = structuredClone(doc) as JsonObject;
    (broken['x-webhook-delivery'] as JsonObject).attemptMinutes = [0, 5, 1];
    expect(() => webhookDeliveryOf(broken)).toThrow(/x-webhook-delivery\/attemptMinutes/);
    (broken['x-webhook-delivery'] as JsonObject).attemptMinutes = rules.attemptMinutes;
    (broken['x-webhook-delivery'] as JsonObject).timeoutSeconds = '10';
    expect(() => webhookDeliveryOf(broken)).toThrow(/x-webhook-delivery\/timeoutSeconds/);
  });
});

describe('the retry schedule', () => {
  it('on /api/introduction is the table drawn from x-webhook-delivery', () => {
    const intro = read('api/introduction.mdx');
    expect(intro).toContain("import webhookDelivery from './webhook-delivery.json';");
    expect(intro).toContain('<WebhookDelivery delivery={webhookDelivery} />');
    const html = renderToStaticMarkup(
      React.createElement(WebhookDelivery, {delivery: webhookDeliveryData(buildDefinition(doc))}),
    );
    const cells = [...html.matchAll(/<tr[^>]*><td[^>]*>(\d+)<\/td><td[^>]*>([^<]*)<\/td><\/tr>/g)];
    expect(cells.map((c) => Number(c[1]))).toEqual(rules.attemptMinutes.map((_, i) => i + 1));
    expect(cells.map((c) => minutes(c[2]!))).toEqual(rules.attemptMinutes);
    expect(cells.at(-1)![2]).toMatch(/the last attempt$/);
  });

  it("is info.description's table", () => {
    const after = String((doc.info as JsonObject).description)
      .split('\n')
      .find((l) => l.startsWith('| After |'));
    expect(after, 'info.description has an "| After |" row').toBeDefined();
    const cells = after!.split('|').slice(2, -1);
    expect(cells.map((c) => minutes(c.trim()))).toEqual(rules.attemptMinutes);
  });
});

describe('the maintenance page', () => {
  it('says deliveries follow the fixed retry schedule, and no backoff', () => {
    const item = renderFacts(read('docs/maintenance.md'), 'docs/maintenance.md')
      .split('\n')
      .find((l) => l.startsWith('- Webhook deliveries'));
    expect(item).toContain('a fixed [retry schedule](/webhooks/failure-recovery#retry-schedule)');
    expect(item).toContain(`${rules.attemptMinutes.length} attempts over ${lastHours} hours`);
    expect(item).toContain('stays in [get events](/api/get-events) for 30 days');
    expect(item).not.toMatch(/backoff/i);
  });
});

/** Each sentence of `texts` that states a delivery rule in figures, and those that disagree with x-webhook-delivery. */
function scan(texts: [where: string, text: string][]) {
  const found: Record<string, string[]> = {attempts: [], window: [], gaps: [], timeout: [], overlap: []};
  const wrong: string[] = [];
  for (const [where, text] of texts) {
    // The receivers' own retries of an event they acknowledged are theirs, not Kestrel's (webhook-receiver-policy.test.ts).
    for (const s of sentences(text).filter((s) => !/dead.letter|failed tries/i.test(s))) {
      const check = (rule: string, value: number, expected: number) => {
        found[rule]!.push(`${where}: ${s}`);
        if (value !== expected)
          wrong.push(`${where}: "${s}" says ${value} for ${rule}, x-webhook-delivery ${expected}`);
      };
      for (const m of s.matchAll(/\b(\d+) attempts\b/g)) check('attempts', Number(m[1]), rules.attemptMinutes.length);
      if (/retr|attempt/i.test(s))
        for (const m of s.matchAll(/\b(?:over|for) (\d+) hours\b/g)) check('window', Number(m[1]), lastHours);
      for (const m of s.matchAll(/\bfrom (\d+) minutes? (?:after the first attempt )?to (\d+) hours\b/g)) {
        check('gaps', Number(m[1]), gaps[0]!);
        check('gaps', Number(m[2]) * 60, Math.max(...gaps));
      }
      for (const m of s.matchAll(/\b(?:within|longer than) (\d+) seconds\b/g))
        check('timeout', Number(m[1]), rules.timeoutSeconds);
      if (/secret|rotat|signatures/i.test(s) && !/attempt/i.test(s))
        for (const m of s.matchAll(/\b(\d+) hours\b/g))
          check('overlap', Number(m[1]), rules.secretRotationOverlapHours);
    }
  }
  return {found, wrong};
}

describe('every sentence that states a delivery rule', () => {
  // The definition's prose names the figures as facts (`%fact:webhook.attempts%`), rendered when it
  // is bundled; definition-prose-facts.test.ts changes a fact and reads the bundle.
  const handWritten = scan(handWrittenFiles().map((file) => [file, read(file)]));
  const rendered = scan(strings(doc));

  it("is written in the definition's sources as a fact token, never in figures by hand", () => {
    expect(
      Object.values(handWritten.found)
        .flat()
        .filter((s) => s.startsWith('openapi/')),
    ).toEqual([]);
    expect(handWritten.wrong).toEqual([]);
  });

  it('as the bundled definition renders it, agrees with x-webhook-delivery', () => {
    expect(rendered.wrong).toEqual([]);
  });

  it('is found where the definition states each rule (so the checks above read them)', () => {
    expect(rendered.found.attempts!.length).toBeGreaterThanOrEqual(4);
    expect(rendered.found.window!.length).toBeGreaterThanOrEqual(4);
    expect(rendered.found.gaps!.length).toBeGreaterThanOrEqual(1);
    expect(rendered.found.timeout!.length).toBeGreaterThanOrEqual(4);
    expect(rendered.found.overlap!.length).toBeGreaterThanOrEqual(3);
  });
});
