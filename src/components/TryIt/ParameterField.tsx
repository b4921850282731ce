/** One parameter's form control: a list of its values when the schema enumerates them, else a text box. */
import React, {type ReactNode} from 'react';
import type {TryItParameter} from '@site/config/try-it';
import styles from './styles.module.css';

/** The schema's constraints in words, shown under the field: `integer, at least 1, at most 100, default 50`. */
export function constraintsOf(p: TryItParameter): string {
  const s = p.schema;
  const words = [s.type.join(' or '), s.format].filter(Boolean);
  if (s.minimum !== undefined) words.push(`at least ${s.minimum}`);
  if (s.maximum !== undefined) words.push(`at most ${s.maximum}`);
  if (s.minLength !== undefined) words.push(`at least ${s.minLength} characters`);
  if (s.maxLength !== undefined) words.push(`at most ${s.maxLength} characters`);
  if (s.pattern !== undefined) words.push(`pattern ${s.pattern}`);
  if (s.default !== undefined) words.push(`default ${String(s.default)}`);
  return words.join(', ');
}

/**
 * A description's first sentence, its `code` spans drawn as code: the whole description is on the
 * page beside the explorer, and a form reads better with one line per field.
 */
export function summaryOf(description: string): ReactNode[] {
  const first = /^.*?[.!?](?=\s|$)/s.exec(description)?.[0] ?? description;
  return first.split(/`([^`]*)`/).map((part, i) => (i % 2 ? <code key={i}>{part}</code> : part));
}

export default function ParameterField({
  parameter,
  id,
  value,
  problem,
  onChange,
}: {
  parameter: TryItParameter;
  id: string;
  value: string;
  problem?: string;
  onChange: (value: string) => void;
}): ReactNode {
  const hintId = `${id}-hint`;
  const problemId = `${id}-problem`;
  const describedBy = problem ? `${hintId} ${problemId}` : hintId;
  const example = parameter.example ?? parameter.schema.example;
  const common = {
    id,
    name: parameter.name,
    'aria-describedby': describedBy,
    'aria-invalid': problem ? true : undefined,
    'aria-required': parameter.required || undefined,
    className: styles.control,
    value,
  } as const;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        <code>{parameter.name}</code>
        {parameter.required ? <span className={styles.required}> (required)</span> : null}
      </label>
      {parameter.schema.enum ? (
        <select {...common} onChange={(e) => onChange(e.target.value)}>
          {!parameter.required && <option value="">(not sent)</option>}
          {parameter.schema.enum.map((v) => (
            <option key={String(v)} value={String(v)}>
              {String(v)}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          type="text"
          spellCheck={false}
          autoComplete="off"
          placeholder={example !== undefined ? String(example) : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      <p id={hintId} className={styles.hint}>
        {parameter.description ? (
          <>
            {summaryOf(parameter.description)} ({constraintsOf(parameter)})
          </>
        ) : (
          constraintsOf(parameter)
        )}
      </p>
      {problem && (
        <p id={problemId} className={styles.problem}>
          {parameter.name} {problem}
        </p>
      )}
    </div>
  );
}
