/** Words the samples of every language share, and the comment wrapping they are written in. */
import {API_KEY_VARIABLE} from '../settings.ts';
import {BASE_VARIABLE, IDEMPOTENCY_VARIABLE} from './settings.ts';
import {repeatKind, stepVariables, type RepeatKind, type StepRequest} from './step.ts';

/** How wide a comment line may be, its marker included. */
export const COMMENT_WIDTH = 100;

/** Text as lines of at most `width` characters, each starting with `prefix`; a long word stands alone. */
export function wrap(text: string, prefix: string, width = COMMENT_WIDTH): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && prefix.length + line.length + 1 + word.length > width) {
      lines.push(prefix + line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(prefix + line);
  return lines;
}

/** `Issue invoice: POST /invoices.` */
export const headline = ({operation}: StepRequest): string =>
  `${operation.summary}: ${operation.method} ${operation.path}.`;

/** What the Python and Node.js clients do about a failed attempt, by the kind of request. */
export const CLIENT_RETRIES: Record<RepeatKind, string> = {
  read: 'The client times out, and retries a timeout or a network error (a read is safe to repeat).',
  idempotent:
    'The client times out, and retries a timeout or a network error with the same Idempotency-Key, ' +
    'which it prints: rerun with IDEMPOTENCY_KEY set to it after a timeout.',
  other: 'The client times out, and retries a timeout or a network error only where a repeat is harmless.',
};

/** The opening comment's text of a client's sample (Python, Node.js): what it reads, and how it retries. */
export function clientAbout(step: StepRequest): string {
  const reads = [
    BASE_VARIABLE,
    API_KEY_VARIABLE,
    ...(step.operation.idempotent ? [`${IDEMPOTENCY_VARIABLE} (optional)`] : []),
    ...stepVariables(step).map((v) => v.name),
  ];
  return `Reads ${reads.join(', ')} from the environment. ${CLIENT_RETRIES[repeatKind(step)]}`;
}

/**
 * What a client's sample imports from its client, by the names of its language: the client, the
 * helper that reads IDEMPOTENCY_KEY for a write that takes one, and the one that reads a variable.
 */
export function clientImports(step: StepRequest, names: {idempotencyKey: string; requireEnv: string}): string[] {
  return [
    'KestrelClient',
    ...(step.operation.idempotent ? [names.idempotencyKey] : []),
    ...(stepVariables(step).length ? [names.requireEnv] : []),
  ];
}
