/**
 * A step's curl sample: a bash script that sends the step's request once, retrying what is safe
 * to retry, and prints one JSON document. The key, and any secret of the body, reach curl from
 * printf, a shell builtin, through a file descriptor: never in curl's arguments, which `ps` shows.
 */
import {shellDoubleQuote, shellQuote} from '../literals.ts';
import {API_KEY_VARIABLE, IDEMPOTENCY_KEY_HEADER, TIMEOUT_SECONDS} from '../settings.ts';
import {BASE_VARIABLE, IDEMPOTENCY_VARIABLE, RETRY_ATTEMPTS, RETRY_SECONDS} from './settings.ts';
import {FromEnv, pathParts, repeatKind, stepVariables, variablesIn, type StepRequest, type StepValue} from './step.ts';
import {headline, wrap} from './words.ts';

/** A JSON value on one line, `{"a": 1, "b": [2, 3]}`, with `splice(variable)` where the step reads one. */
function jsonLine(value: StepValue, splice: (variable: FromEnv) => string): string {
  if (value instanceof FromEnv) return `"${splice(value)}"`;
  if (Array.isArray(value)) return `[${value.map((item) => jsonLine(item, splice)).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}: ${jsonLine(item, splice)}`);
    return `{${entries.join(', ')}}`;
  }
  return JSON.stringify(value);
}

const expand = (variable: FromEnv) => `$${variable.name}`;

/** The --data option: the body in single quotes, a variable spliced in by closing them; a secret through printf. */
function dataOption(body: NonNullable<StepRequest['body']>): string {
  const secrets = variablesIn(body).filter((v) => v.secret);
  if (!secrets.length) {
    // Each variable between the single-quoted pieces, in double quotes: expanded, and one word with them.
    const names: string[] = [];
    const pieces = jsonLine(body, (v) => {
      names.push(`"${expand(v)}"`);
      return '\0';
    }).split('\0');
    return `--data ${pieces.map((piece, i) => shellQuote(piece) + (names[i] ?? '')).join('')}`;
  }
  // printf's format: % and \ are its own, so each stands doubled; each variable is a %s.
  const order: FromEnv[] = [];
  const format = jsonLine(body, (v) => {
    order.push(v);
    return '\0';
  });
  const literal = format.replace(/[%\\]/g, (c) => c + c).replaceAll('\0', '%s');
  const args = order.map((v) => `"${expand(v)}"`).join(' ');
  return `--data @<(printf ${shellQuote(literal)} ${args})`;
}

/** One --data-urlencode word: single quotes for plain text, double quotes to expand a variable or hold a quote. */
function queryOption(name: string, value: string | FromEnv): string {
  if (value instanceof FromEnv) return `--data-urlencode ${shellDoubleQuote(`${name}=`).slice(0, -1)}${expand(value)}"`;
  const word = `${name}=${value}`;
  return `--data-urlencode ${word.includes("'") ? shellDoubleQuote(word) : shellQuote(word)}`;
}

function url(step: StepRequest): string {
  const parts = pathParts(step).map((part) =>
    part instanceof FromEnv ? expand(part) : shellDoubleQuote(part).slice(1, -1),
  );
  return `"$${BASE_VARIABLE}${parts.join('')}"`;
}

/** The lines of the script's opening comment, after the headline. */
function about(step: StepRequest): string[] {
  const kind = repeatKind(step);
  const variables = [BASE_VARIABLE, API_KEY_VARIABLE];
  if (kind === 'idempotent') variables.push(IDEMPOTENCY_VARIABLE);
  variables.push(...stepVariables(step).map((v) => v.name));
  const reads =
    `Reads ${variables.join(', ')} from the environment` +
    (kind === 'idempotent'
      ? `; set ${IDEMPOTENCY_VARIABLE} to a new UUID for each operation and keep it for its retries.`
      : '.');
  const secret = stepVariables(step).find((v) => v.secret);
  const printf = secret
    ? `The key and the body with ${secret.secret} reach curl from printf, a shell builtin, through file ` +
      "descriptors: they are not in curl's arguments, where every user of the machine could read them (ps)."
    : "The key reaches curl from printf, a shell builtin, through a file descriptor: it is not in curl's " +
      'arguments, where every user of the machine could read it (ps).';
  const repeat =
    kind === 'idempotent'
      ? `Every retry sends the same ${IDEMPOTENCY_KEY_HEADER}, so Kestrel runs the operation once.`
      : kind === 'read'
        ? 'A read is safe to repeat.'
        : step.repeat;
  if (repeat === undefined)
    throw new Error(`snippets: ${step.slug} is a write without an Idempotency-Key: say why a repeat is harmless`);
  return [
    reads,
    printf,
    'The answer goes to a file (--output), which curl empties before each retry, so the file holds one ' +
      'JSON document: the answer, or the problem when the call fails (curl then exits non-zero).',
    '--retry repeats a timeout, a refused connection, a 408, a 429, a 500, a 502, a 503 or a 504, waiting ' +
      `as long as Retry-After asks; --retry-max-time stops retrying after ${RETRY_SECONDS} seconds, and ` +
      `--max-time ends each attempt after ${TIMEOUT_SECONDS}.`,
    repeat,
  ];
}

/** The `request` region: what the guides show. */
export function curlRequest(step: StepRequest): string {
  const {method, idempotent} = step.operation;
  const query = Object.entries(step.query ?? {});
  const options = [
    `curl ${query.length ? '--get ' : ''}${url(step)}`,
    ...(method === 'GET' ? [] : [`--request ${method}`]),
    `--header @<(printf 'Authorization: Bearer %s\\n' "$${API_KEY_VARIABLE}")`,
    ...(idempotent ? [`--header "${IDEMPOTENCY_KEY_HEADER}: $${IDEMPOTENCY_VARIABLE}"`] : []),
    ...(step.body ? ['--header "Content-Type: application/json"', dataOption(step.body)] : []),
    ...query.map(([name, value]) => queryOption(name, value)),
    `--max-time ${TIMEOUT_SECONDS} --retry ${RETRY_ATTEMPTS} --retry-connrefused --retry-max-time ${RETRY_SECONDS}`,
    '--silent --show-error --fail-with-body --output "$answer" || failed=$?',
  ];
  return ['answer=$(mktemp)', `trap 'rm -f "$answer"' EXIT`, options.join(' \\\n  '), 'cat "$answer"'].join('\n');
}

/** The whole script. */
export function curlScript(step: StepRequest): string {
  return [
    '#!/usr/bin/env bash',
    `# ${headline(step)}`,
    ...about(step).flatMap((paragraph) => wrap(paragraph, '# ')),
    'set -eu',
    '# #region request',
    curlRequest(step),
    '# #endregion request',
    'exit "${failed:-0}"',
    '',
  ].join('\n');
}
