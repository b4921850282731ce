/**
 * The code samples of an operation page, as written into the definition at build time
 * (`x-codeSamples`, plugins/api-reference/code-samples.ts): one tab per language (the classic theme's tabs,
 * the choice kept across pages under `docusaurus.tab.code-samples`), each highlighted at build
 * time (plugins/highlight-code, through the page data) and shown by src/components/HighlightedCode
 * with its copy button. Nothing here generates or highlights code in the browser. Every language's
 * sample is in the page's HTML (the tabs not chosen are hidden panels), for readers without
 * JavaScript, crawlers and search.
 */
import React, {type ReactNode} from 'react';
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import type {ApiCodeSample} from '@site/config/api-page';
import {tabLabel} from '@site/config/code-sample-languages';
import HighlightedCode from '@site/src/components/HighlightedCode';

export default function CodeSamples({samples}: {samples: readonly ApiCodeSample[]}): ReactNode {
  if (samples.length === 0) return null;
  return (
    <div className="api-samples">
      <Tabs groupId="code-samples" defaultValue={samples[0]!.language}>
        {samples.map((sample) => (
          <TabItem key={sample.language} value={sample.language} label={tabLabel(sample.label)}>
            <HighlightedCode language={sample.highlight} title={sample.label} packed={sample.packed} />
          </TabItem>
        ))}
      </Tabs>
    </div>
  );
}
