/**
 * The "Check your endpoint" sections of the webhook guides say what the check does: the command is
 * package.json's, the table lists its cases in the order they run, and the margin past the
 * tolerance, the stand-in's API base and the status it answers are the check's own, and the receiver's
 * command points it at the stand-in and the port the check command uses.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from 'vitest';
import {CASE_NAMES, TIMESTAMP_MARGIN_SECONDS} from '../../webhook-check/cases';
import {INVOICE_STATUS} from '../../webhook-check/probe';
import {kestrelRules} from '../../webhook-check/rules';
import {ROOT} from './guide-http';
import {NODE_RECEIVER} from './webhook-receivers';
import {renderFacts} from '../../plugins/prose-facts/render.ts';

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
/** A page as readers get it, its facts rendered from their sources (plugins/prose-facts). */
const page = (file: string) => renderFacts(read(file), file);
/** The text of a page's "Check your endpoint" section, up to the next heading of its level or above. */
function section(file: string): string {
  const text = page(file);
  const start = text.search(/^#{2,3} Check your endpoint$/m);
  expect(start, file).toBeGreaterThan(0);
  const level = /^#+/.exec(text.slice(start))![0].length;
  const rest = text.slice(start + level);
  const end = rest.search(new RegExp(`^#{2,${level}} `, 'm'));
  return rest.slice(0, end);
}

const GUIDE = 'docs/webhooks/setting-up-webhooks.md';

test('the command is the webhooks script of package.json, on each page that has the section', () => {
  const scripts = (JSON.parse(read('package.json')) as {scripts: Record<string, string>}).scripts;
  expect(scripts.webhooks).toBe('node --import ./scripts/node-version.mjs webhook-check/cli.ts');
  for (const file of [GUIDE, 'docs/webhooks/signature-verification.mdx', 'docs/webhooks/failure-recovery.md'])
    expect(section(file), file).toContain('npm run webhooks -- check ');
});

test('the table lists the cases in the order they run', () => {
  const rows = [...section(GUIDE).matchAll(/^\| `([a-z0-9-]+)` \|/gm)].map((m) => m[1]);
  expect(rows).toEqual(CASE_NAMES);
});

test('the timestamps are a minute past the tolerance, and the stand-in answers at /v1 as PAID', () => {
  expect(TIMESTAMP_MARGIN_SECONDS).toBe(60);
  const tolerance = kestrelRules().signature.toleranceSeconds / 60;
  const signed = tolerance + TIMESTAMP_MARGIN_SECONDS / 60;
  const text = section(GUIDE);
  expect(text).toContain(`signed ${signed} minutes ago, a minute longer ago than the ${tolerance}-minute tolerance`);
  expect(text).toContain(`signed ${signed} minutes ahead, a minute further ahead than the tolerance`);
  expect(text).toContain(`\`http://127.0.0.1:P${kestrelRules().apiBasePath}\``);
  expect(text).toContain(`as \`${INVOICE_STATUS}\``);
  expect(section('docs/webhooks/signature-verification.mdx')).toContain(
    `One is signed ${signed} minutes ago and one ${signed} minutes ahead, a minute past the ${tolerance}-minute tolerance.`,
  );
});

/** `NAME=value` words of a shell block, joined across its line continuations. */
const assignments = (block: string) =>
  Object.fromEntries([...block.matchAll(/(?:^|\s)([A-Z_]+)=("[^"]*"|\S+)/g)].map((m) => [m[1]!, m[2]!]));

test("the receiver's command sets what the Node.js receiver needs, at the stand-in and the port the check uses", () => {
  const blocks = [...section(GUIDE).matchAll(/^```bash\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
  expect(blocks).toHaveLength(2);
  const [start, check] = blocks as [string, string];
  // The variables the receiver suites start every receiver with (webhook-receivers.ts), which it exits without.
  const env = assignments(start);
  expect(Object.keys(env).sort()).toEqual(
    ['KESTREL_API_BASE', 'KESTREL_API_KEY', 'KESTREL_EVENTS_DB', 'KESTREL_WEBHOOK_SECRET', 'PORT'].sort(),
  );
  expect(start).toContain(`npx tsx ${NODE_RECEIVER.file}`);
  expect(read(NODE_RECEIVER.file)).toContain("console.error('Set KESTREL_WEBHOOK_SECRET and KESTREL_API_KEY.');");
  const url = new URL(/check (\S+)/.exec(check)![1]!);
  const apiPort = /--api-port (\d+)/.exec(check)![1]!;
  expect(env.PORT).toBe(url.port);
  expect(env.KESTREL_API_BASE).toBe(`http://127.0.0.1:${apiPort}${kestrelRules().apiBasePath}`);
  expect(env.KESTREL_EVENTS_DB).toMatch(/^\/tmp\//);
  expect(env.KESTREL_WEBHOOK_SECRET).toBe(assignments(check).KESTREL_WEBHOOK_SECRET);
});
