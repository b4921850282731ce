/**
 * Wraps @theme-init/ApiExplorer so that an operation page does not download the explorer until
 * the reader asks for it. The original pulls in Postman's request model and code generators (with
 * faker and iconv: ~1.6 MB gzip) the moment the page renders. Until the reader presses "Try it",
 * this shows the build-time code samples; then it loads the original in place (its own chunk),
 * whose snippets follow what the reader enters, and moves focus into it. The closed state leaves
 * out the theme's collapsed authorization summary (an h4 out of heading order): the scope line
 * under the operation's method and path says the same (plugins/openapi-api-page.ts).
 */
import React, {lazy, Suspense, useEffect, useRef, useState, type ComponentProps, type ReactNode} from 'react';
import CodeSamples, {type CodeSample} from '@site/src/components/CodeSamples';
import {useDefaultServer} from './useDefaultServer';
import styles from './styles.module.css';

type Props = {item: {method: string; 'x-codeSamples'?: CodeSample[]}; infoPath?: string};

const OriginalApiExplorer = lazy(() => import('@theme-init/ApiExplorer'));

export default function ApiExplorerWrapper(props: Props): ReactNode {
  const [open, setOpen] = useState(false);
  const explorer = useRef<HTMLDivElement>(null);
  useDefaultServer();
  useEffect(() => {
    if (open) explorer.current?.focus();
  }, [open]);

  if (open) {
    // Open, the explorer generates its snippet from what the reader enters; the build-time
    // samples would only repeat the documented example beside it.
    const openProps = {...props, item: {...props.item, 'x-codeSamples': undefined}};
    return (
      <div ref={explorer} tabIndex={-1} className={styles.explorer} aria-label="API explorer" role="region">
        <Suspense fallback={<p className={styles.loading}>Loading the explorer…</p>}>
          <OriginalApiExplorer {...(openProps as ComponentProps<typeof OriginalApiExplorer>)} />
        </Suspense>
      </div>
    );
  }
  const isEvent = props.item.method === 'event';
  return (
    <>
      {!isEvent && <CodeSamples samples={props.item['x-codeSamples'] ?? []} />}
      {!isEvent && (
        <button
          type="button"
          className={`button button--primary button--block kestrel-try-it ${styles.tryIt}`}
          onClick={() => setOpen(true)}
        >
          Try it
        </button>
      )}
    </>
  );
}
