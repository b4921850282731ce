/**
 * The snippet engine (snippets/): one request in, each language's code out. A fact changed at its
 * source changes every sample made from it, in every language; a pasted curl command, run by bash,
 * sends what the request says, with the key and any secret of the body never in curl's arguments;
 * and the Try-it copy is the reference's own curl command.
 */
import {execFileSync} from 'node:child_process';
import {describe, expect, it} from 'vitest';
import {loadDefinition} from '../../definition/index.ts';
import {walkthroughRequests} from '../../tooling/walkthrough-requests.ts';
import {TEMPLATES} from '../../snippets/reference/index.ts';
import type {SnippetRequest} from '../../snippets/request.ts';
import {API_KEY_VARIABLE, TIMEOUT_SECONDS} from '../../snippets/settings.ts';
import {tryItCurl} from '../../snippets/try-it.ts';
import {curlRequest, curlScript} from '../../snippets/walkthrough/curl.ts';
import {nodeRequest, nodeScript} from '../../snippets/walkthrough/node.ts';
import {pythonRequest, pythonScript} from '../../snippets/walkthrough/python.ts';
import {fromEnv, type StepRequest} from '../../snippets/walkthrough/step.ts';

const steps = walkthroughRequests(loadDefinition());
const stepOf = (slug: string) => steps.find((step) => step.slug === slug)!;
const REQUESTS = {curl: curlRequest, nodejs: nodeRequest, python: pythonRequest};
const SCRIPTS = {curl: curlScript, nodejs: nodeScript, python: pythonScript};

/**
 * Runs shell code with `curl` replaced by a function that prints each argument, and the contents
 * of each `@file` argument (a process substitution: what printf wrote), one a line.
 */
function runWithFakeCurl(code: string, env: Record<string, string>): string[] {
  const fake = `curl() { for a in "$@"; do case "$a" in @*) printf 'FILE %s\\n' "$(cat "\${a#@}")" ;; *) printf 'ARG %s\\n' "$a" ;; esac; done; }`;
  return execFileSync('bash', ['-c', `${fake}\n${code}`], {env: {PATH: process.env.PATH, ...env}, encoding: 'utf8'})
    .trim()
    .split('\n');
}

describe('a walkthrough step, described once in snippets/walkthrough/steps.ts', () => {
  it('changes all three samples when its body changes, and nothing else does', () => {
    const step = stepOf('create-a-payout');
    const changed: StepRequest = {
      ...step,
      body: {...step.body, reference: 'ORDER 7', amount: {amount: '9.99', currency: 'GBP'}},
    };
    for (const [language, render] of Object.entries(REQUESTS)) {
      const before = render(step);
      const after = render(changed);
      expect(before, language).toContain('2500.00');
      expect(after, language).toContain('9.99');
      expect(after, language).toContain('GBP');
      expect(after, language).toContain('ORDER 7');
      expect(after, language).not.toContain('2500.00');
      expect(after, language).not.toContain('BRIGHTWATER');
    }
  });

  it("takes the operation's summary, method, path and idempotency from the definition, in every language", () => {
    const step = stepOf('issue-invoice');
    const renamed: StepRequest = {...step, operation: {...step.operation, summary: 'Raise a bill', path: '/bills'}};
    for (const [language, render] of Object.entries(SCRIPTS)) {
      expect(render(renamed), language).toContain('Raise a bill: POST /bills.');
      expect(render(renamed), language).toContain('/bills');
      expect(render(renamed), language).not.toContain('/invoices');
    }
    const once: StepRequest = {...step, operation: {...step.operation, idempotent: false}, repeat: 'Harmless.'};
    for (const [language, render] of Object.entries(REQUESTS)) {
      expect(render(step), language).toMatch(/idempotency/i);
      expect(render(once), language).not.toMatch(/idempotency/i);
    }
  });

  it('reads each environment variable it names, in every language', () => {
    const step = stepOf('issue-quote-for-invoice');
    const moved: StepRequest = {...step, path: {invoiceId: 'BILL_ID'}};
    expect(curlScript(moved)).toContain('"$KESTREL_API_BASE/invoices/$BILL_ID/quote"');
    expect(pythonScript(moved)).toContain('bill_id = require_env("BILL_ID")');
    expect(pythonScript(moved)).toContain('f"/invoices/{bill_id}/quote"');
    expect(nodeScript(moved)).toContain("const billId = requireEnv('BILL_ID');");
    expect(nodeScript(moved)).toContain('`/invoices/${billId}/quote`');
  });

  it('refuses a write without an Idempotency-Key that does not say why a repeat is harmless', () => {
    const step = stepOf('cancel-unpaid-invoice');
    expect(() => curlScript({...step, repeat: undefined})).toThrow(/say why a repeat is harmless/);
  });

  it("as curl, sends the body's text and variables as JSON, whatever quotes they hold", () => {
    const step: StepRequest = {
      ...stepOf('issue-invoice'),
      body: {memo: 'it\'s 100% \\ "done"', payee: fromEnv('PAYEE'), tags: ['a', true, null, 3]},
    };
    const printed = runWithFakeCurl(curlRequest(step), {KESTREL_API_BASE: 'https://x/v1', PAYEE: "o'brien $HOME"});
    const data = printed[printed.indexOf('ARG --data') + 1]!.replace(/^ARG /, '');
    expect(JSON.parse(data)).toEqual({
      memo: 'it\'s 100% \\ "done"',
      payee: "o'brien $HOME",
      tags: ['a', true, null, 3],
    });
  });

  it('as curl, sends a secret of the body through printf, never in an argument', () => {
    const step = stepOf('create-subscription');
    // Special to the shell and to printf; the value is spliced into the JSON as it is, as an id is.
    const secret = "s3cr3t'%s $HOME";
    const printed = runWithFakeCurl(curlRequest(step), {
      KESTREL_API_BASE: 'https://x/v1',
      [API_KEY_VARIABLE]: 'sk_sandbox_secret_key',
      KESTREL_WEBHOOK_SECRET: secret,
      IDEMPOTENCY_KEY: 'k-1',
    });
    expect(printed.filter((line) => line.startsWith('ARG ')).join('\n')).not.toMatch(/s3cr3t|sk_sandbox_secret_key/);
    expect(printed).toContain('FILE Authorization: Bearer sk_sandbox_secret_key');
    const body = JSON.parse(printed.find((line) => line.startsWith('FILE {'))!.slice('FILE '.length));
    expect(body).toMatchObject({
      secret,
      enabled: true,
      eventTypes: ['invoice.created', 'invoice.updated', 'payout.updated'],
    });
  });
});

describe('the reference style', () => {
  const request: SnippetRequest = {
    method: 'POST',
    url: 'https://sandbox.kestrel.example/v1/invoices',
    headers: [['Accept', 'application/json']],
    body: {memo: 'first'},
    idempotent: false,
  };

  it('changes every language when the request changes', () => {
    const changed = {...request, url: 'https://sandbox.kestrel.example/v1/bills', body: {memo: 'second'}};
    for (const [language, template] of Object.entries(TEMPLATES)) {
      expect(template(request), language).toContain('/v1/invoices');
      expect(template(changed), language).toContain('/v1/bills');
      expect(template(changed), language).toContain('second');
      expect(template(changed), language).not.toContain('first');
    }
  });
});

describe('the Try-it copy', () => {
  const sent = {
    method: 'POST',
    url: 'https://sandbox.kestrel.example/v1/invoices',
    headers: [
      ['Accept', 'application/json'],
      ['Authorization', 'Bearer sk_typed_in_the_form'],
      ['Content-Type', 'application/json'],
    ] as [string, string][],
    body: '{"memo": "as typed"}',
  };

  it("is the reference's curl command: the same request gives the same text", () => {
    const reference = TEMPLATES.curl!({
      method: sent.method,
      url: sent.url,
      headers: sent.headers.filter(([name]) => name !== 'Authorization'),
      body: JSON.parse(sent.body),
      idempotent: false,
    });
    expect(tryItCurl({...sent, body: JSON.stringify(JSON.parse(sent.body), null, 2)})).toBe(reference);
    expect(tryItCurl(sent)).toContain(`--max-time ${TIMEOUT_SECONDS}`);
  });

  it('pasted into bash, sends the key from the environment, not the token typed in the form', () => {
    const copy = tryItCurl(sent);
    expect(copy).not.toContain('sk_typed_in_the_form');
    const printed = runWithFakeCurl(copy, {[API_KEY_VARIABLE]: 'sk_from_the_environment'});
    expect(printed).toContain('FILE Authorization: Bearer sk_from_the_environment');
    expect(printed.join('\n')).not.toMatch(/ARG .*sk_from_the_environment/);
    expect(printed).toContain('ARG Content-Type: application/json');
    expect(printed).toContain('ARG {"memo": "as typed"}');
  });
});
