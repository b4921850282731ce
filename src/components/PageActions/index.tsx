/**
 * "Copy page" and "View as Markdown" beside a doc's title: both act on the page's Markdown twin
 * (plugins/llms-txt). The twin is fetched only on click, and copied as it is: no Markdown code
 * in the client.
 */
import React, {useEffect, useState, type ReactNode} from 'react';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import {twinPath} from '@site/config/twin-path';
import styles from './styles.module.css';

type Status = 'idle' | 'copied' | 'failed';

async function copyTwin(url: string): Promise<void> {
  const text = fetch(url).then((response) => {
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    return response.text();
  });
  // Safari keeps the click's permission to write the clipboard across the fetch only when the
  // ClipboardItem is handed the pending text; other browsers accept either way.
  if (typeof ClipboardItem !== 'undefined' && navigator.clipboard.write) {
    try {
      const blob = text.then((t) => new Blob([t], {type: 'text/plain'}));
      await navigator.clipboard.write([new ClipboardItem({'text/plain': blob})]);
      return;
    } catch {
      // Fall back to writeText below (a failed fetch fails there too).
    }
  }
  await navigator.clipboard.writeText(await text);
}

const LABELS: Record<Status, string> = {idle: 'Copy page', copied: 'Copied', failed: 'Copy failed'};

export default function PageActions(): ReactNode {
  const {metadata} = useDoc();
  // The permalink already carries the site's baseUrl.
  const href = twinPath(metadata.permalink);
  const [status, setStatus] = useState<Status>('idle');
  useEffect(() => {
    if (status === 'idle') return undefined;
    const timer = window.setTimeout(() => setStatus('idle'), 2000);
    return () => window.clearTimeout(timer);
  }, [status]);
  const copy = () =>
    copyTwin(href).then(
      () => setStatus('copied'),
      () => setStatus('failed'),
    );
  return (
    <div className={styles.actions}>
      <button type="button" className="button button--sm button--secondary" onClick={copy}>
        {LABELS[status]}
      </button>
      {/* eslint-disable-next-line @docusaurus/no-html-links -- a static file, not a route: <Link> would route it in the client */}
      <a className="button button--sm button--outline button--secondary" href={href} type="text/markdown">
        View as Markdown
      </a>
      <span className={styles.status} role="status">
        {status === 'idle' ? '' : status === 'copied' ? 'Page copied as Markdown' : 'Could not copy the page'}
      </span>
    </div>
  );
}
