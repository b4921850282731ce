/**
 * The explorer, loaded when the reader presses "Try it" (index.tsx): the server, a bearer token
 * held in this component's state only (never stored), the parameters, the JSON body and the
 * Idempotency-Key; the request is checked before it is sent (the build's precompiled checks), and
 * the answer and the request as curl are shown under the form. The status line is a live region,
 * so a screen reader hears the outcome of each send.
 */
import React, {useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode} from 'react';
// Before CodeBlock: the languages must be in Prism when it first highlights.
import './prismLanguages';
import CodeBlock from '@theme/CodeBlock';
import {IDEMPOTENCY_KEY_HEADER, type TryItOperation, type TryItParameter} from '@site/config/try-it';
import {tryItCurl} from '@site/snippets/try-it';
import AnswerView from './AnswerView';
import ParameterField from './ParameterField';
import {checkBody, checkParameters, type Check, type Problem} from './checks';
import {buildRequest, parameterKey} from './request';
import {send, type Answer} from './send';
import {loadChecks} from './loadChecks';
import styles from './styles.module.css';

const PLACES = [
  ['path', 'Path parameters'],
  ['query', 'Query parameters'],
  ['header', 'Header parameters'],
] as const;

/** A required parameter starts with its example (or default); an optional one empty, so it is not sent unasked. */
function initialValues(operation: TryItOperation): Record<string, string> {
  const values: Record<string, string> = {};
  for (const p of operation.parameters) {
    const start = p.required ? (p.example ?? p.schema.example ?? p.schema.default) : undefined;
    values[parameterKey(p)] = start === undefined || start === null ? '' : String(start);
  }
  return values;
}

function initialBody(operation: TryItOperation): string | undefined {
  if (!operation.body) return undefined;
  return operation.body.example === undefined ? '' : JSON.stringify(operation.body.example, null, 2);
}

/** How a problem names its field: `path parameter invoiceId`, `body field amount.currency`, `body`. */
function labelOf(field: string): string {
  const [place, ...name] = field.split(':');
  if (name.length && PLACES.some(([p]) => p === place)) return `${place} parameter ${name.join(':')}`;
  return field ? `body field ${field}` : 'body';
}

type Outcome = {answer: Answer} | {failure: string} | {problems: Problem[]};

export default function Explorer({operation}: {operation: TryItOperation}): ReactNode {
  const id = useId();
  const [server, setServer] = useState(operation.servers[0]?.url ?? '');
  const [token, setToken] = useState('');
  const [values, setValues] = useState(() => initialValues(operation));
  const [body, setBody] = useState(() => initialBody(operation));
  const [idempotencyKey, setIdempotencyKey] = useState<string | undefined>(() =>
    operation.idempotent ? crypto.randomUUID() : undefined,
  );
  const [checks, setChecks] = useState<{body?: Check; parameters: Check} | null>(null);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [status, setStatus] = useState('');
  const inFlight = useRef<AbortController | null>(null);

  useEffect(() => {
    let live = true;
    loadChecks(operation.slug).then((loaded) => live && setChecks(loaded));
    return () => {
      live = false;
      inFlight.current?.abort();
    };
  }, [operation.slug]);

  const request = useMemo(
    () => buildRequest(operation, {server, token, values, idempotencyKey, body}),
    [operation, server, token, values, idempotencyKey, body],
  );

  const parameterProblems =
    outcome && 'problems' in outcome ? outcome.problems.filter((p) => p.field.includes(':')) : [];
  const problemOf = (p: TryItParameter) =>
    parameterProblems.find((problem) => problem.field === parameterKey(p))?.message;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!checks || sending) return;
    const problems = checkParameters(operation, values, checks.parameters);
    if (operation.body && checks.body) {
      const checked = checkBody(body ?? '', checks.body, operation.body.required);
      problems.push(...checked.problems);
    }
    if (problems.length) {
      setOutcome({problems});
      const [first] = problems;
      const more = problems.length > 1 ? ` (and ${problems.length - 1} more below)` : '';
      setStatus(`Not sent: ${labelOf(first!.field)} ${first!.message}${more}.`);
      return;
    }
    setSending(true);
    setOutcome(null);
    setStatus('Sending…');
    inFlight.current = new AbortController();
    try {
      const result = await send(request, inFlight.current.signal);
      if ('message' in result) {
        setOutcome({failure: result.message});
        setStatus(result.message);
      } else {
        setOutcome({answer: result});
        setStatus(`Answer: ${result.status} ${result.statusText} in ${result.time} ms.`);
      }
    } finally {
      setSending(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Request">
      <div className={styles.field}>
        <label htmlFor={`${id}-server`} className={styles.label}>
          Server
        </label>
        <select
          id={`${id}-server`}
          className={styles.control}
          value={server}
          onChange={(e) => setServer(e.target.value)}
        >
          {operation.servers.map((s) => (
            <option key={s.url} value={s.url}>
              {s.description}: {s.url}
            </option>
          ))}
        </select>
      </div>

      {operation.authenticated && (
        <div className={styles.field}>
          <label htmlFor={`${id}-token`} className={styles.label}>
            Bearer token
          </label>
          <input
            id={`${id}-token`}
            className={styles.control}
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={token}
            aria-describedby={`${id}-token-hint`}
            onChange={(e) => setToken(e.target.value)}
          />
          <p id={`${id}-token-hint`} className={styles.hint}>
            An API key or OAuth access token with {operation.scopes.length > 1 ? 'one of the scopes' : 'the scope'}{' '}
            {operation.scopes.join(', ')}. Kept in this page only: it is gone when you leave or reload.
          </p>
        </div>
      )}

      {PLACES.map(([place, legend]) => {
        const parameters = operation.parameters.filter((p) => p.in === place);
        if (!parameters.length) return null;
        return (
          <fieldset key={place} className={styles.fieldset}>
            <legend>{legend}</legend>
            {parameters.map((p) => (
              <ParameterField
                key={parameterKey(p)}
                parameter={p}
                id={`${id}-${place}-${p.name}`}
                value={values[parameterKey(p)] ?? ''}
                problem={problemOf(p)}
                onChange={(value) => setValues((before) => ({...before, [parameterKey(p)]: value}))}
              />
            ))}
          </fieldset>
        );
      })}

      {idempotencyKey !== undefined && (
        <div className={styles.field}>
          <label htmlFor={`${id}-idempotency`} className={styles.label}>
            <code>{IDEMPOTENCY_KEY_HEADER}</code>
          </label>
          <div className={styles.row}>
            <input
              id={`${id}-idempotency`}
              className={styles.control}
              type="text"
              spellCheck={false}
              autoComplete="off"
              value={idempotencyKey}
              aria-describedby={`${id}-idempotency-hint`}
              onChange={(e) => setIdempotencyKey(e.target.value)}
            />
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setIdempotencyKey(crypto.randomUUID())}
            >
              New key
            </button>
          </div>
          <p id={`${id}-idempotency-hint`} className={styles.hint}>
            Sending again with the same key replays the first answer instead of repeating the write.
          </p>
        </div>
      )}

      {operation.body && body !== undefined && (
        <div className={styles.field}>
          <label htmlFor={`${id}-body`} className={styles.label}>
            Request body ({operation.body.mediaType})
          </label>
          <textarea
            id={`${id}-body`}
            className={`${styles.control} ${styles.body}`}
            spellCheck={false}
            rows={Math.min(20, Math.max(6, body.split('\n').length + 1))}
            value={body}
            aria-invalid={
              outcome && 'problems' in outcome && outcome.problems.some((p) => !p.field.includes(':'))
                ? true
                : undefined
            }
            onChange={(e) => setBody(e.target.value)}
          />
        </div>
      )}

      <button type="submit" className="button button--primary button--block" disabled={!checks || sending}>
        {sending ? 'Sending…' : 'Send request'}
      </button>

      <p role="status" className={styles.status}>
        {status}
      </p>

      {outcome && 'problems' in outcome && (
        <ul className={styles.problems} aria-label="Problems to fix before sending">
          {outcome.problems.map((p) => (
            <li key={`${p.field}\n${p.message}`}>
              {labelOf(p.field)}: {p.message}
            </li>
          ))}
        </ul>
      )}
      {outcome && 'failure' in outcome && <p className={styles.failure}>{outcome.failure}</p>}
      {outcome && 'answer' in outcome && <AnswerView answer={outcome.answer} />}

      <div role="group" aria-label="The request as curl">
        <p className={styles.label}>The request as curl</p>
        <CodeBlock language="bash">{tryItCurl(request)}</CodeBlock>
      </div>
    </form>
  );
}
