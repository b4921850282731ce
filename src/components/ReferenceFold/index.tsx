/**
 * A reference table folded on a phone behind its count ("6 test inputs"), or a long list of links
 * in one of its cells ("6 operations"), written by plugins/reference-tables/remark-reference-tables.ts
 * for `<ReferenceTable fold="…">` and `<ReferenceTable foldColumn="…">`. A native disclosure: shut,
 * what it holds is neither laid out nor drawn, yet stays in the page, where a browser whose
 * find-in-page searches shut disclosures (Chromium's does) opens it on a match.
 * src/css/tables.css shows its content open, with no summary, on a wider screen. The summary is for
 * the phone's eye only: the Markdown twin and search read the content alone.
 */
import React, {type ReactNode} from 'react';

export default function ReferenceFold({summary, children}: {summary: string; children?: ReactNode}): ReactNode {
  return (
    <details className="reference-fold">
      <summary data-llms-omit="" data-search-exclude="">
        {summary}
      </summary>
      {children}
    </details>
  );
}
