/**
 * Wraps @theme-original/Mermaid. The stock component draws the diagram in the browser and renders
 * nothing on the server, so the built HTML, from which plugins/llms-txt writes each page's
 * Markdown twin, has no trace of it. This leaves the diagram's source in a hidden, empty element's
 * data attribute: no visible or accessible text (search and screen readers skip it), and the twin
 * gets the diagram back as a ```mermaid block.
 */
import React, {type ReactNode} from 'react';
import Mermaid from '@theme-original/Mermaid';

type Props = {value: string};

export default function MermaidWrapper(props: Props): ReactNode {
  return (
    <>
      <div hidden data-llms-mermaid={props.value} />
      <Mermaid {...props} />
    </>
  );
}
