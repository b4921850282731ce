/**
 * The definition's own prose names its facts as `%fact:NAME%` (the rate limits, the webhook
 * delivery rules, the signature tolerance, the event and idempotency retention), rendered when it
 * is bundled (plugins/prose-facts/definition.ts) from the definition's extensions and the
 * sandbox's figures. No token reaches a reader: not the bundle the site, its twins, llms-full.txt
 * and the MCP server read, nor a release. A changed fact changes every description that names it,
 * with no other edit; a name that is no fact fails, naming where it is written.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {parse as parseYaml} from 'yaml';
import {buildDefinition, readReleases, type JsonObject} from '../../definition/index.ts';
import {factsOf} from '../../plugins/prose-facts/facts.ts';
import {renderDefinitionFacts, unrenderedFacts} from '../../plugins/prose-facts/definition.ts';
import {bundleWorkingDefinition} from '../../tooling/working-definition.mjs';
import {ROOT, getAt, loadBundledDefinition, loadUnrenderedDefinition} from './openapi-definition';

const source = loadUnrenderedDefinition() as unknown as JsonObject;
const bundled = loadBundledDefinition() as unknown as JsonObject;
const text = (doc: JsonObject, pointer: string) => String(getAt(doc as never, pointer));

/** The definition with its own extensions changed, rendered as the bundle script renders it. */
function renderedWith(change: (doc: JsonObject) => void, sandboxLimit?: number): JsonObject {
  const copy = structuredClone(source);
  change(copy);
  const facts =
    sandboxLimit === undefined ? undefined : factsOf(buildDefinition(copy), {limit: sandboxLimit, windowMs: 10_000});
  return renderDefinitionFacts(copy, facts);
}

describe("the definition's sources", () => {
  it('write the facts as tokens, in some 20 strings', () => {
    expect(unrenderedFacts(source).length).toBeGreaterThanOrEqual(20);
    expect(text(source, '#/components/headers/RateLimitLimit/description')).toContain(
      '%fact:rate-limit.production% in production, %fact:rate-limit.sandbox% in the sandbox.',
    );
  });
});

describe('no fact token reaches a reader', () => {
  it('in the bundle gen-api writes, static/openapi.json and static/openapi.yaml, which the site and the MCP server read', () => {
    const json = readFileSync(path.join(ROOT, 'static/openapi.json'), 'utf8');
    const yaml = readFileSync(path.join(ROOT, 'static/openapi.yaml'), 'utf8');
    expect(json).not.toContain('%fact:');
    expect(yaml).not.toContain('%fact:');
    const info = (parseYaml(yaml) as {info: {description: string}}).info.description;
    expect(info).toMatch(/\*\*\d+ requests per window in\s+production, \d+ in the sandbox\*\*/);
  });

  it('in the working definition that a release keeps and check:api-changes compares, nor in the releases', async () => {
    const working = await bundleWorkingDefinition();
    expect(unrenderedFacts(working)).toEqual([]);
    expect(text(working, '#/components/headers/RateLimitLimit/description')).toBe(
      text(bundled, '#/components/headers/RateLimitLimit/description'),
    );
    for (const release of readReleases())
      expect(JSON.stringify(release.definition), release.version).not.toContain('%fact:');
  });
});

describe('a changed fact', () => {
  const changed = renderedWith((doc) => {
    (doc['x-rate-limit'] as JsonObject).requestsPerWindow = 120;
    const delivery = doc['x-webhook-delivery'] as JsonObject;
    delivery.attemptMinutes = [0, 2, 10, 90];
    delivery.timeoutSeconds = 15;
    delivery.secretRotationOverlapHours = 48;
    (doc['x-webhook-signature'] as JsonObject).toleranceSeconds = 240;
    (doc['x-events'] as JsonObject).retentionDays = 45;
  }, 30);

  it('changes the rate limits in info.description, the RateLimit-Limit header and the 429 example', () => {
    expect(text(changed, '#/info/description')).toContain(
      'in fixed 10-second windows: **120 requests per window in\nproduction, 30 in the sandbox**.',
    );
    expect(text(changed, '#/components/headers/RateLimitLimit/description')).toBe(
      'The number of requests your API key may make in the current 10-second window: 120 in production, 30 in the sandbox.',
    );
    expect(text(changed, '#/components/examples/ProblemRateLimited/value/detail')).toMatch(
      /^Your API key made 120 requests in the current 10-second window\./,
    );
  });

  it('changes the delivery schedule, its table, the timeout, the overlap and the tolerance wherever they are stated', () => {
    const info = text(changed, '#/info/description');
    expect(info).toContain('reject a `t` older than 4 minutes. Answer any 2xx within 15 seconds;');
    expect(info).toContain(
      '4 attempts in all over 90 minutes, with growing gaps between them (from 2 minutes to\n80 minutes).',
    );
    expect(info).toContain(
      '| Attempt | 1 | 2 | 3 | 4 |\n| --- | --- | --- | --- | --- |\n| After | 0 | 2 minutes | 10 minutes | 90 minutes |\n',
    );
    for (const pointer of [
      '#/components/schemas/Subscription/description',
      '#/components/responses/WebhookAcknowledged/description',
      '#/paths/~1subscriptions/post/description',
    ]) {
      expect(text(changed, pointer), pointer).toContain('within 15 seconds');
      expect(text(changed, pointer), pointer).toContain('4 attempts in all over 90 minutes');
    }
    expect(text(changed, '#/components/parameters/KestrelSignature/description')).toContain(
      'if `t` is more than 4 minutes old. For 48 hours after you rotate the secret,',
    );
    expect(text(changed, '#/components/schemas/SubscriptionUpdate/properties/secret/description')).toMatch(
      /^A new signing secret\. For 48 hours Kestrel signs/,
    );
  });

  it('changes the event retention in the tag, the schema, the operations and the error catalogue', () => {
    expect(text(changed, '#/components/schemas/Event/description')).toContain('keeps\nevents for 45 days.');
    expect(text(changed, '#/paths/~1events/get/description')).toMatch(/^Returns the events of the last 45 days,/);
    expect(text(changed, '#/components/schemas/ErrorCode/x-error-catalogue/EVENT_NOT_FOUND/action')).toContain(
      'Events are kept for 45 days:',
    );
    expect(JSON.stringify(changed)).not.toMatch(/\b30[- ]days?\b.{0,40}(retention|events|kept)/);
  });

  it("changes the idempotency retention with x-idempotency's retentionHours", () => {
    const twelve = renderedWith((doc) => {
      const parameter = (doc.components as {parameters: Record<string, JsonObject>}).parameters.IdempotencyKey!;
      (parameter['x-idempotency'] as JsonObject).retentionHours = 12;
    });
    expect(text(twelve, '#/components/parameters/IdempotencyKey/description')).toContain(
      'against the key for 12 hours,',
    );
    expect(text(twelve, '#/components/responses/IdempotencyConflict/description')).toContain('in the last 12 hours');
  });

  it('with the definition as it is, renders what the bundle holds', () => {
    expect(renderDefinitionFacts(structuredClone(source))).toEqual(bundled);
  });
});

describe('a name that is no fact', () => {
  it('fails the render, naming the JSON pointer, the file and line that write it, and the name', () => {
    const copy = structuredClone(source);
    const header = (copy.components as {headers: Record<string, JsonObject>}).headers.RateLimitLimit!;
    header.description = String(header.description).replace('%fact:rate-limit.sandbox%', '%fact:rate-limit.staging%');
    expect(() => renderDefinitionFacts(copy)).toThrow(
      /#\/components\/headers\/RateLimitLimit\/description names the fact "rate-limit\.staging"\n.*The facts are: rate-limit\.production, /s,
    );
  });

  it('names the files and lines under openapi/ that write it, when the table lacks a name they use', () => {
    const withoutSandbox = new Map(
      [...factsOf(buildDefinition(source))].filter(([name]) => name !== 'rate-limit.sandbox'),
    );
    expect(() => renderDefinitionFacts(structuredClone(source), withoutSandbox)).toThrow(
      /- #\/info\/description, #\/components\/headers\/RateLimitLimit\/description \(openapi\/components\/headers\/RateLimitLimit\.yaml:3, openapi\/openapi\.yaml:\d+\) names the fact "rate-limit\.sandbox"/,
    );
  });
});
