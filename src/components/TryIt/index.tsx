/**
 * The "Try it" button of an operation page. Nothing of the explorer (its form, Ajv, the answer's
 * view) is in the page's first-visit JavaScript: pressing the button loads it as a chunk of its
 * own and opens it in place, with focus moved into it so a keyboard or screen reader user is
 * where the explorer is.
 */
import React, {lazy, Suspense, useEffect, useRef, useState, type ReactNode} from 'react';
import type {TryItOperation} from '@site/config/try-it';
import styles from './styles.module.css';

const Explorer = lazy(() => import(/* webpackChunkName: "try-it-explorer" */ './Explorer'));

export default function TryIt({operation}: {operation: TryItOperation}): ReactNode {
  const [open, setOpen] = useState(false);
  const region = useRef<HTMLElement>(null);
  useEffect(() => {
    if (open) region.current?.focus();
  }, [open]);

  if (!open) {
    return (
      <button
        type="button"
        className={`button button--primary button--block kestrel-try-it ${styles.tryIt}`}
        aria-expanded="false"
        onClick={() => setOpen(true)}
      >
        Try it
      </button>
    );
  }
  return (
    <section ref={region} tabIndex={-1} className={styles.explorer} aria-label={`Try it: ${operation.summary}`}>
      <Suspense fallback={<p role="status">Loading the explorer…</p>}>
        <Explorer operation={operation} />
      </Suspense>
    </section>
  );
}
