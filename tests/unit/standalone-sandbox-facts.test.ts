/**
 * Files that stand alone keep their own copy of a sandbox fact: the shell examples under examples/
 * (run with no project code beside them), and the Arazzo workflows as published and run (their
 * `%fact:NAME%` tokens rendered by workflows/facts.ts, so that any Arazzo runner reads numbers).
 * Each is pinned here to the one source the sandbox itself reads: its address
 * (sandbox/local-sandbox.mjs), its payment delay (sandbox/timings.ts) and the holds of the
 * documented examples (definition/example-lifetime.ts). A changed source fails here, naming the file.
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {parse as parseYaml} from 'yaml';
import {exampleLifetimeOf, loadDefinition} from '../../definition/index.ts';
import {LOCAL_SANDBOX_ORIGIN, LOCAL_SANDBOX_SERVER} from '../../sandbox/local-sandbox.mjs';
import {PAY_AFTER_SECONDS, SETTLE_MS} from '../../sandbox/timings.ts';
import {renderedText, workflowIds} from '../../workflows/documents';
import {ROOT} from './guide-http';

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const filesIn = (dir: string, ext: string): string[] =>
  readdirSync(path.join(ROOT, dir), {withFileTypes: true}).flatMap((e) =>
    e.isDirectory() ? filesIn(`${dir}/${e.name}`, ext) : e.name.endsWith(ext) ? [`${dir}/${e.name}`] : [],
  );
const model = loadDefinition();

describe("the shell examples' default sandbox address", () => {
  const scripts = ['examples/sandbox', 'examples/webhooks'].flatMap((dir) => filesIn(dir, '.sh'));

  it('is where the local sandbox listens', () => {
    const origins = scripts.flatMap((file) =>
      [...read(file).matchAll(/\$\{KESTREL_SANDBOX_ORIGIN:-([^}]*)\}/g)].map((m) => [file, m[1]]),
    );
    expect(origins.length).toBeGreaterThanOrEqual(5);
    for (const [file, origin] of origins) expect(origin, file).toBe(LOCAL_SANDBOX_ORIGIN);
    const quickstart = read('examples/sandbox/quickstart.sh');
    expect(quickstart).toContain(`base="\${KESTREL_API_BASE:-${LOCAL_SANDBOX_SERVER.url}}"`);
    expect(quickstart).toContain(`# KESTREL_API_BASE defaults to the local sandbox, ${LOCAL_SANDBOX_SERVER.url}, and`);
  });

  it("is the server of the workflows' sandbox controls", () => {
    const controls = parseYaml(read('workflows/sandbox-controls.openapi.yaml')) as {servers: {url: string}[]};
    expect(controls.servers.map((s) => s.url)).toEqual([LOCAL_SANDBOX_ORIGIN]);
  });
});

describe("the workflows' sandbox timings", () => {
  const workflows = workflowIds().map((id) => [`workflows/${id}.arazzo.yaml`, renderedText(id)] as const);

  it('state the payment delay the sandbox keeps, and move the clock past it and the settling', () => {
    let stated = 0;
    let moved = 0;
    for (const [file, text] of workflows) {
      for (const m of text.matchAll(/pays (?:a|the) quoted invoice (?:after )?(\d+) seconds/g)) {
        expect(Number(m[1]), file).toBe(PAY_AFTER_SECONDS);
        stated++;
      }
      for (const m of text.matchAll(
        /quoted invoice after \d+ seconds of its clock\)\."?\n(?:.*\n){1,4}?.*advanceSeconds: (\d+)/g,
      )) {
        expect(Number(m[1]), file).toBeGreaterThan(PAY_AFTER_SECONDS + SETTLE_MS / 1000);
        moved++;
      }
    }
    expect(stated).toBeGreaterThanOrEqual(4);
    expect(moved).toBe(2);
  });

  it('state the holds of the exchange quote and the payout as their documented examples do', () => {
    const text = (name: string) => workflows.find(([file]) => file.endsWith(name))![1];
    expect(text('exchange-currencies.arazzo.yaml')).toContain(
      `Execute the quote within its ${exampleLifetimeOf(model, 'createCurrencyExchangeQuote')} seconds.`,
    );
    expect(text('make-a-payout.arazzo.yaml')).toContain(
      `it holds its fee and rate for about ${exampleLifetimeOf(model, 'createAPayout') / 60} minutes.`,
    );
  });
});
