/** One parameter's form control: a list of its values when the schema enumerates them, else a text box. */
import React, {type ReactNode} from 'react';
import type {TryItParameter} from '@site/config/try-it';
import {constraintsOf} from './hint';
import styles from './styles.module.css';

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
