/**
 * The facts the guides state are rendered from their one source (plugins/prose-facts): the rate
 * limits from the definition's `x-rate-limit` and the sandbox's own figures, the webhook delivery
 * rules from `x-webhook-delivery`, the signature tolerance from `x-webhook-signature`, the event
 * retention from `x-events`. A changed
 * source changes every page that names the fact, its front matter description included, through
 * the same hooks Docusaurus calls; a name that is no fact fails, naming the page and the name.
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {DEFAULT_PARSE_FRONT_MATTER} from '@docusaurus/utils';
import {
  buildDefinition,
  eventRetentionDaysOf,
  rateLimitOf,
  readDefinition,
  type JsonObject,
} from '../../definition/index.ts';
import {factsOf, type Facts} from '../../plugins/prose-facts/facts.ts';
import {proseFactsHooks, renderFacts} from '../../plugins/prose-facts/render.ts';
import {ROOT} from './guide-http';

const doc = readDefinition();
const bundled = factsOf(buildDefinition(doc));

/** The facts of the definition with `change` applied to a copy of it, and the sandbox's figures given. */
function changedFacts(change: (doc: JsonObject) => void, sandbox = {limit: 30, windowMs: 10_000}): Facts {
  const copy = structuredClone(doc);
  change(copy);
  return factsOf(buildDefinition(copy), sandbox);
}

const changed = changedFacts((d) => {
  (d['x-rate-limit'] as JsonObject).requestsPerWindow = 120;
  const delivery = d['x-webhook-delivery'] as JsonObject;
  delivery.attemptMinutes = [0, 2, 10, 90];
  delivery.timeoutSeconds = 15;
  delivery.secretRotationOverlapHours = 48;
  (d['x-webhook-signature'] as JsonObject).toleranceSeconds = 240;
  (d['x-events'] as JsonObject).retentionDays = 45;
});

const source = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const guides = (dir: string): string[] =>
  readdirSync(path.join(ROOT, dir), {withFileTypes: true}).flatMap((e) =>
    e.isDirectory() ? guides(`${dir}/${e.name}`) : /\.mdx?$/.test(e.name) ? [`${dir}/${e.name}`] : [],
  );
const render = (file: string, facts: Facts) => renderFacts(source(file), file, facts);
/** The front matter description of a page, as Docusaurus reads it through the hook. */
async function description(file: string): Promise<unknown> {
  const {frontMatter} = await proseFactsHooks.parseFrontMatter({
    filePath: file,
    fileContent: source(file),
    defaultParseFrontMatter: DEFAULT_PARSE_FRONT_MATTER,
  });
  return frontMatter.description;
}

describe('the fact table', () => {
  it('renders every fact a guide names, and leaves no token behind', () => {
    const named = guides('docs').filter((file) => source(file).includes('%fact:'));
    expect(named.length).toBeGreaterThanOrEqual(9);
    for (const file of named) expect(render(file, bundled), file).not.toContain('%fact:');
  });

  it('fails on a name that is no fact, naming the page and the name', () => {
    expect(() => renderFacts('Up to %fact:rate-limit.staging% requests.', 'docs/x.md', bundled)).toThrow(
      /prose-facts: docs\/x\.md names the fact "rate-limit\.staging", which is not one of: rate-limit\.production, /,
    );
  });

  it('reads x-rate-limit through the definition model, and a malformed member fails naming it', () => {
    expect(buildDefinition(doc).rateLimit).toEqual(rateLimitOf(doc));
    const broken = structuredClone(doc);
    (broken['x-rate-limit'] as JsonObject).requestsPerWindow = '100';
    expect(() => rateLimitOf(broken)).toThrow(/#\/x-rate-limit\/requestsPerWindow is "100"/);
    delete broken['x-rate-limit'];
    expect(() => factsOf(buildDefinition(broken))).toThrow(/no x-rate-limit/);
    (broken['x-events'] as JsonObject).retentionDays = 0;
    expect(() => eventRetentionDaysOf(broken)).toThrow(/#\/x-events\/retentionDays is 0/);
  });
});

describe('a changed rate limit', () => {
  it('changes the rate limits guide, its description, the introduction, the sandbox guide and the maintenance sample', async () => {
    const limits = render('docs/rate-limits.md', changed);
    expect(limits).toContain('| Production | `https://api.kestrel.example/v1` | 120 |');
    expect(limits).toContain('| Sandbox | `https://api.sandbox.kestrel.example/v1` | 30 |');
    expect(limits).toContain('runs smoothly at 30 requests per 10 seconds');
    expect(limits.match(/RateLimit-Limit: 120\n/g)).toHaveLength(2);
    expect(limits).toContain('"This API key has used its 120 requests for the current 10-second window."');
    expect(await description('docs/rate-limits.md')).toMatch(
      new RegExp(
        `allows ${bundled.get('rate-limit.production')} requests .* and ${bundled.get('rate-limit.sandbox')} in the sandbox`,
      ),
    );
    const intro = render('docs/introduction.md', changed);
    expect(intro).toContain(
      '| Rate limit per key | 30 requests per 10-second window | 120 requests per 10-second window |',
    );
    expect(intro).toContain('RateLimit-Limit: 30\nRateLimit-Remaining: 29\n');
    const sandbox = render('docs/sandbox.md', changed);
    expect(sandbox).toContain('| Rate limit | 30 requests per 10-second window, per key |');
    expect(sandbox).toContain('| Rate limit | 30 requests per 10-second window | 120 requests per 10-second window |');
    expect(sandbox).toContain('| `--no-rate-limit` | Turn off the limit of 30 requests per 10-second window');
    expect(render('docs/maintenance.md', changed)).toContain('RateLimit-Limit: 120\nRateLimit-Remaining: 119\n');
  });

  it('with the bundled figures, reads as the pages did before', () => {
    expect(render('docs/introduction.md', bundled)).toContain(
      '| Rate limit per key | 25 requests per 10-second window | 100 requests per 10-second window |',
    );
  });
});

describe('a changed delivery schedule, timeout, overlap and tolerance', () => {
  it('draws the failure-recovery table from the schedule and states its attempts, window and gaps', () => {
    const page = render('docs/webhooks/failure-recovery.md', changed);
    expect(page).toContain(
      [
        '| Attempt | Time after the first attempt |',
        '| --- | --- |',
        '| 1 | immediately, when the event is created |',
        '| 2 | 2 minutes |',
        '| 3 | 10 minutes |',
        '| 4 | 90 minutes, the last attempt |',
      ].join('\n') + '\n',
    );
    expect(page).toContain(
      'Kestrel makes 4 attempts over 90 minutes, with growing gaps between them: from 2 minutes after the first attempt to 80 minutes between the last ones.',
    );
    expect(page).toContain('description: "How Kestrel retries unacknowledged webhooks for 90 minutes,');
    expect(page).toContain('answers with a 2xx status within 15 seconds');
    expect(page).toContain('[4-minute timestamp check]');
    expect(render('docs/webhooks/overview.md', changed)).toContain(
      '4 attempts in all over 90 minutes, with gaps that grow from 2 minutes to 80 minutes.',
    );
    expect(render('docs/maintenance.md', changed)).toContain('4 attempts over 90 minutes, whatever the window.');
  });

  it('states the timeout, the overlap and the tolerance where the webhook guides give them', () => {
    const setup = render('docs/webhooks/setting-up-webhooks.md', changed);
    expect(setup).toContain('## Respond within 15 seconds\n');
    expect(setup.match(/within 15 seconds/g)!.length).toBeGreaterThanOrEqual(3);
    expect(setup).toContain('For 48 hours after the change');
    expect(setup).toContain('signed 5 minutes ago, a minute longer ago than the 4-minute tolerance');
    const verify = render('docs/webhooks/signature-verification.mdx', changed);
    expect(verify).toContain('within a 4-minute tolerance.');
    expect(verify.match(/more than 240 seconds/g)).toHaveLength(2);
    expect(verify.match(/48 hours/g)).toHaveLength(3);
    expect(render('docs/sandbox.md', changed)).toContain('a `v1` signature for each secret for 48 hours.');
    expect(render('docs/walkthrough/receiving-payments.md', changed)).toContain('answers `200` within 15 seconds.');
  });
});

describe('a changed event retention', () => {
  it('changes every page that says how long Kestrel keeps an event', () => {
    const recovery = render('docs/webhooks/failure-recovery.md', changed);
    expect(recovery).toContain('An event older than 45 days answers `404`');
    expect(recovery).toContain('Schedule both jobs well inside the 45-day retention.');
    expect(recovery).not.toMatch(/\b30[- ]days?\b/);
    expect(render('docs/webhooks/overview.md', changed)).toContain('Kestrel keeps every event for 45 days,');
    expect(render('docs/webhooks/setting-up-webhooks.md', changed)).toContain('still answers it for 45 days,');
    expect(render('docs/maintenance.md', changed)).toContain('for 45 days: [failure recovery]');
    expect(render('docs/sandbox.md', changed)).toContain('kept for 45 days,');
  });
});

describe('the Docusaurus hooks', () => {
  it('render the front matter before it is read, and the body before MDX parses it', async () => {
    expect(await description('docs/webhooks/signature-verification.mdx')).toContain(
      `within a ${bundled.get('signature.tolerance-minutes')}-minute tolerance.`,
    );
    const body = proseFactsHooks.preprocessor({
      filePath: 'docs/webhooks/failure-recovery.md',
      fileContent: source('docs/webhooks/failure-recovery.md'),
    });
    expect(body).toContain(bundled.get('webhook.retry-table')!);
    expect(body).not.toContain('%fact:');
  });
});
