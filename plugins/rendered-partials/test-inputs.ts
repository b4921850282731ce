/**
 * The sandbox's test-input tables as Markdown, for the Test inputs section of `/sandbox/`: one
 * table per group under its heading, each row with the input, the requests to type and what
 * happens (a `{problem CODE}` in an outcome written with the catalogue's status), then the error
 * codes that the local sandbox cannot produce.
 */
import {errorStatus, loadDefinition, type ErrorCode} from '../../definition/index.ts';
import {FOLD, WRAPPER} from '../reference-tables/remark-reference-tables.ts';
import {
  GROUP_NOTES,
  NOT_LOCAL,
  SIMULATE_HEADER,
  TEST_INPUTS,
  type Step,
  type TestInput,
} from '../../sandbox/test-inputs.ts';

const CODES_HEADING = '### Codes the local sandbox cannot produce';
/** Codes of a request that no operation takes. */
const NO_OPERATION = new Set(['NOT_FOUND', 'METHOD_NOT_ALLOWED']);

/** JSON on one line, with a space after `:` and `,` as the guides write it. */
const inline = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/":/g, '": ')
    .replace(/,(?=["{[])/g, ', ');

/**
 * A request as the guides write one: `POST /invoices`, under the base URL. A path that no operation
 * has (the rows that show 404 and 405) is written with the base path, method and path apart.
 */
function request(step: Step, known: boolean, keysUsed: Set<string>): string {
  const parts = [known ? `\`${step.method} ${step.path}\`` : `\`${step.method}\` \`/v1${step.path}\``];
  if (step.body !== undefined) parts.push(`\`${inline(step.body)}\``);
  if (step.rawBody !== undefined) parts.push(`\`${step.rawBody}\``);
  for (const [name, value] of Object.entries(step.headers ?? {}))
    if (name !== 'Content-Type') parts.push(`\`${name}: ${value}\``);
  if (step.noAuth) parts.push('without `Authorization`');
  if (step.key === null) parts.push('without `Idempotency-Key`');
  // A named key is a fresh one where the row first uses it, and "the same" where it comes back.
  else if (typeof step.key === 'string' && keysUsed.has(step.key)) parts.push('with the same `Idempotency-Key`');
  if (typeof step.key === 'string') keysUsed.add(step.key);
  let text = parts.join(' ');
  if (step.times) text = `${text}, ${step.times} times`;
  if (step.wait) text = `${waitText(step.wait)}, ${text}`;
  return text;
}

function waitText(seconds: number): string {
  if (seconds >= 86_400) return `${Math.floor(seconds / 86_400)} days later`;
  if (seconds >= 600) return `${Math.floor(seconds / 60)} minutes later`;
  return `${seconds} seconds later`;
}

/** An outcome with each `{problem CODE}` written as the catalogue's status and the code. */
function outcomeText(outcome: string, errorCodes: readonly ErrorCode[]): string {
  return outcome.replace(
    /\{problem ([A-Z_]+)\}/g,
    (_, code: string) => `\`${errorStatus(errorCodes, code)}\` with code \`${code}\``,
  );
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

/** What the tables are rendered from: the sandbox's rows and the catalogue that gives each code its status. */
export interface TestInputSources {
  rows?: readonly TestInput[];
  notLocal?: Readonly<Record<string, string>>;
  errorCodes?: readonly ErrorCode[];
}

export function renderTestInputs({
  rows = TEST_INPUTS,
  notLocal = NOT_LOCAL,
  errorCodes = loadDefinition().errorCodes,
}: TestInputSources = {}): string {
  const out: string[] = [];
  const groups = [...new Set(rows.map((row) => row.group))];
  for (const group of groups) {
    out.push(`### ${group}`, '');
    if (GROUP_NOTES[group]) out.push(GROUP_NOTES[group], '');
    // A reference table: on a phone, each input is an entry with its request and what happens,
    // and the group's entries are folded behind their count until the reader opens them.
    out.push(
      `<${WRAPPER} ${FOLD}="test inputs">`,
      '',
      '| Input | Request to type | What happens |',
      '| --- | --- | --- |',
    );
    for (const row of rows.filter((r) => r.group === group)) {
      const keysUsed = new Set<string>();
      const typed = row.steps
        .map((step) => request(step, !NO_OPERATION.has(step.code ?? ''), keysUsed))
        .join(', then ');
      const steps = row.needs ? `${row.needs}: ${typed}` : typed;
      const needs = row.fundUsd ? ' Pays from your USD balance.' : '';
      const event = row.then?.event ? ` Sends \`${row.then.event}\`.` : '';
      out.push(
        `| ${cell(row.input)} | ${cell(steps)} | ${cell(outcomeText(row.outcome, errorCodes) + event + needs)} |`,
      );
    }
    out.push('', `</${WRAPPER}>`, '');
  }
  out.push(CODES_HEADING, '');
  const missing = Object.entries(notLocal);
  if (missing.length === 0)
    out.push(
      `None: every code of the \`ErrorCode\` catalogue has a row above. The ones that depend on Kestrel's side (\`INTERNAL_ERROR\`, \`SERVICE_UNAVAILABLE\`, \`ACCOUNT_RESTRICTED\`) come only when you ask for them with \`${SIMULATE_HEADER}\`.`,
    );
  else for (const [code, why] of missing) out.push(`- \`${code}\`: ${why}`);
  return out.join('\n');
}
