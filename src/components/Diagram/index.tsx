/**
 * A diagram drawn at build time (plugins/diagrams/remark-diagrams.ts): a plain image, so the page ships no
 * diagram code. Width and height reserve its box before it loads (no layout shift), and it loads
 * only when the reader scrolls near it. The figure keeps the mermaid source in a data attribute:
 * plugins/llms-txt turns the whole figure back into a ```mermaid block in the Markdown twin.
 */
import React, {type ReactNode} from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import styles from './styles.module.css';

type Props = {src: string; width: number | string; height: number | string; alt: string; source: string};

export default function Diagram({src, width, height, alt, source}: Props): ReactNode {
  return (
    <figure className={styles.diagram} data-llms-mermaid={source}>
      <img
        src={useBaseUrl(src)}
        width={Number(width)}
        height={Number(height)}
        alt={alt}
        loading="lazy"
        decoding="async"
      />
    </figure>
  );
}
