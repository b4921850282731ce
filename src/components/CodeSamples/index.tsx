/**
 * The code samples of an operation page, as written into the definition at build time
 * (`x-codeSamples`, plugins/api-reference/code-samples.mjs): one tab per language (the classic theme's tabs,
 * the choice kept across pages under `docusaurus.tab.code-samples`), the site's own code block
 * inside, with its copy button. Nothing here generates code in the browser. Every language's
 * sample is in the page's HTML (the tabs not chosen are hidden panels), for readers without
 * JavaScript, crawlers and search.
 *
 * The server writes every sample highlighted (./serverLanguages.ts registers the grammars Prism's
 * default build lacks), and samples rendered during hydration keep that markup
 * (packages/kestrel-theme/theme/CodeBlock/Content): no Prism, no grammar loaded. Only samples the browser draws
 * itself (after a client-side navigation) load the sample-only grammars, once on screen.
 */
import React, {useEffect, useRef, useState, type ReactNode} from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import CodeBlock from '@theme/CodeBlock';
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import type {ApiCodeSample} from '@site/config/api-page';
import {whenVisible} from '@site/packages/kestrel-theme/prism/whenVisible';
import {loadSampleLanguages, SAMPLE_ONLY_LANGUAGES} from './prismLanguages';
import './serverLanguages';

/** The tab's name: the language without its library ("Python", not "Python (requests)"). */
const tabLabel = (label: string) => label.replace(/\s*\(.*\)$/, '');

/**
 * Whether the samples are rendered on the server's markup: on the server, and in the browser when
 * they first render during hydration. Fixed for the component's life, so the code blocks keep it.
 */
function useOnServerMarkup(): boolean {
  const isBrowser = useIsBrowser();
  const [onServerMarkup] = useState(() => !ExecutionEnvironment.canUseDOM || !isBrowser);
  return onServerMarkup;
}

/**
 * Whether the grammars of the sample-only languages are registered, for samples the browser draws
 * itself. They load (with Prism itself) once the samples show on screen: on a phone they sit below
 * the operation's whole description.
 */
function useSampleLanguages(samplesRef: React.RefObject<HTMLDivElement | null>, wanted: boolean): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const samples = samplesRef.current;
    if (!wanted || !samples) return undefined;
    let live = true;
    const cancel = whenVisible(samples, () => {
      loadSampleLanguages().then(() => live && setReady(true));
    });
    return () => {
      live = false;
      cancel();
    };
  }, [samplesRef, wanted]);
  return ready;
}

export default function CodeSamples({samples}: {samples: readonly ApiCodeSample[]}): ReactNode {
  const samplesRef = useRef<HTMLDivElement>(null);
  const onServerMarkup = useOnServerMarkup();
  const languagesReady = useSampleLanguages(samplesRef, !onServerMarkup) || onServerMarkup;
  if (samples.length === 0) return null;
  return (
    <div ref={samplesRef} className="api-samples">
      <Tabs groupId="code-samples" defaultValue={samples[0]!.language}>
        {samples.map((sample) => (
          <TabItem key={sample.language} value={sample.language} label={tabLabel(sample.label)}>
            <CodeBlock
              // Drawn in the browser, a sample shows as plain text until its grammar has loaded.
              language={
                languagesReady || !(SAMPLE_ONLY_LANGUAGES as readonly string[]).includes(sample.highlight)
                  ? sample.highlight
                  : 'text'
              }
              title={sample.label}
              showLineNumbers
            >
              {sample.source}
            </CodeBlock>
          </TabItem>
        ))}
      </Tabs>
    </div>
  );
}
