/**
 * The example of each response, one status at a time (every status's example is in the HTML),
 * highlighted at build time (plugins/highlight-code).
 */
import React, {type ReactNode} from 'react';
import Heading from '@theme/Heading';
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import type {ApiExample, ApiResponse} from '@site/config/api-page';
import HighlightedCode from '@site/src/components/HighlightedCode';

/** Each example of a body as JSON, titled `{prefix}: {label}`. */
export function ExampleBlocks({examples, prefix}: {examples: readonly ApiExample[]; prefix: string}): ReactNode {
  return (
    <>
      {examples.map((example) => (
        <HighlightedCode
          key={example.label}
          language="json"
          title={`${prefix}: ${example.label}`}
          packed={example.packed}
        />
      ))}
    </>
  );
}

function Examples({response}: {response: ApiResponse}): ReactNode {
  const examples = response.body?.examples ?? [];
  if (examples.length === 0) return <p className="api-examples__none">{response.status}: no example body.</p>;
  return <ExampleBlocks examples={examples} prefix={response.status} />;
}

export default function ResponseExamples({
  responses,
  title,
}: {
  responses: readonly ApiResponse[];
  title: string;
}): ReactNode {
  if (responses.length === 0) return null;
  return (
    <div className="api-examples">
      <Heading as="h2" className="api-column-title">
        {title}
      </Heading>
      <Tabs defaultValue={responses[0]!.status} className="api-examples__statuses">
        {responses.map((response) => (
          <TabItem key={response.status} value={response.status} label={response.status}>
            <Examples response={response} />
          </TabItem>
        ))}
      </Tabs>
    </div>
  );
}
