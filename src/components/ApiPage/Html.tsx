/**
 * HTML the build rendered from the definition's Markdown (plugins/api-reference): the browser
 * parses no Markdown. The HTML is the build's own, from micromark with raw HTML escaped.
 */
import React, {type ReactNode} from 'react';
import clsx from 'clsx';

export default function Html({html, className}: {html: string | undefined; className?: string}): ReactNode {
  if (!html) return null;
  return <div className={clsx('api-html', className)} dangerouslySetInnerHTML={{__html: html}} />;
}
