/** The method badge and the full URL of an operation, with a button that copies the URL. */
import React, {type ReactNode} from 'react';
import CopyButton from './CopyButton';

export function MethodBadge({method}: {method: string}): ReactNode {
  return <span className={`api-method-badge badge api-method-badge--${method.toLowerCase()}`}>{method}</span>;
}

export default function EndpointLine({method, url}: {method: string; url: string}): ReactNode {
  return (
    <div className="api-endpoint">
      <MethodBadge method={method} />
      <code className="api-endpoint__path">{url}</code>
      <CopyButton text={url} label={`Copy the URL ${url}`} />
    </div>
  );
}
