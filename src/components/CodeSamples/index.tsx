/**
 * The code samples of an operation page, as written into the definition at build time
 * (`x-codeSamples`, scripts/code-samples.mjs): one tab per language, in the look of the API
 * theme's tabs (the site's own code block inside, with its copy button), remembered under the
 * same storage key as every code-sample tab on the site. Unlike the theme's own snippets,
 * nothing here generates code in the browser. Every language's sample is in the page's HTML (the
 * tabs not chosen are hidden panels), for readers without JavaScript, crawlers and search.
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
import CodeTabs from '@theme/ApiExplorer/CodeTabs';
import {useTabs} from '@theme/utils/tabsUtils';
import {CODE_SAMPLE_LANGUAGES} from '@site/config/code-sample-languages';
import {whenVisible} from '@site/packages/kestrel-theme/prism/whenVisible';
import {loadSampleLanguages, SAMPLE_ONLY_LANGUAGES} from './prismLanguages';
import './serverLanguages';

export type CodeSample = {lang: string; label?: string; source: string};

/**
 * One language's panel, shown only while its tab is chosen. The API theme's CodeTabs, when it
 * renders every panel (so that all eight samples are in the HTML), hands each one its children as
 * they are and leaves hiding to the panel: the panel reads the chosen tab from the tabs' context.
 */
function CodeTab({
  value,
  children,
}: {
  value: string;
  label: string;
  attributes: object;
  children: ReactNode;
}): ReactNode {
  const {selectedValue} = useTabs();
  return (
    <div role="tabpanel" hidden={value !== selectedValue}>
      {children}
    </div>
  );
}

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

export default function CodeSamples({samples}: {samples: readonly CodeSample[]}): ReactNode {
  const samplesRef = useRef<HTMLDivElement>(null);
  const onServerMarkup = useOnServerMarkup();
  const languagesReady = useSampleLanguages(samplesRef, !onServerMarkup) || onServerMarkup;
  const tabs = CODE_SAMPLE_LANGUAGES.flatMap((language) => {
    const sample = samples.find((s) => s.lang === language.codeSampleLanguage);
    return sample ? [{language, sample}] : [];
  });
  if (tabs.length === 0) return null;
  return (
    <div ref={samplesRef}>
      <CodeTabs groupId="code-samples" defaultValue={tabs[0]!.language.key}>
        {tabs.map(({language, sample}) => (
          <CodeTab
            key={language.key}
            value={language.key}
            label={language.key}
            attributes={{className: `openapi-tabs__code-item--${language.key}`, title: sample.label ?? language.label}}
          >
            <CodeBlock
              // Drawn in the browser, a sample shows as plain text until its grammar has loaded.
              language={
                languagesReady || !(SAMPLE_ONLY_LANGUAGES as readonly string[]).includes(language.highlight)
                  ? language.highlight
                  : 'text'
              }
              className="openapi-explorer__code-block"
              showLineNumbers
            >
              {sample.source}
            </CodeBlock>
          </CodeTab>
        ))}
      </CodeTabs>
    </div>
  );
}
