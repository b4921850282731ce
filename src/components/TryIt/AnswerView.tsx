/**
 * The answer to a sent request: status, time and the release that answered, the headers the browser
 * lets the page read, the body.
 */
import React, {type ReactNode} from 'react';
import CodeBlock from '@theme/CodeBlock';
import {releaseFacts} from './releaseFacts';
import type {Answer} from './send';
import styles from './styles.module.css';

export default function AnswerView({answer}: {answer: Answer}): ReactNode {
  return (
    <div className={styles.answer}>
      <dl className={styles.facts}>
        <dt>Status</dt>
        <dd data-testid="try-it-status">
          {answer.status} {answer.statusText}
        </dd>
        <dt>Time</dt>
        <dd>{answer.time} ms</dd>
        {releaseFacts(answer).map(([name, value]) => (
          <React.Fragment key={name}>
            <dt>
              <code>{name}</code>
            </dt>
            <dd data-testid={`try-it-${name.toLowerCase()}`}>{value}</dd>
          </React.Fragment>
        ))}
      </dl>
      <details>
        <summary>Response headers ({answer.headers.length})</summary>
        <dl className={styles.headers}>
          {answer.headers.map(([name, value]) => (
            <React.Fragment key={name}>
              <dt>
                <code>{name}</code>
              </dt>
              <dd>{value}</dd>
            </React.Fragment>
          ))}
        </dl>
      </details>
      <div data-testid="try-it-body" aria-label="Response body" role="group">
        <CodeBlock language={answer.json ? 'json' : 'text'}>{answer.body || '(empty body)'}</CodeBlock>
      </div>
    </div>
  );
}
