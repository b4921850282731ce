/** Copies a text and says so for two seconds ("Copied"), in words a screen reader announces. */
import React, {useEffect, useState, type ReactNode} from 'react';

export default function CopyButton({text, label}: {text: string; label: string}): ReactNode {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <button
      type="button"
      className="api-copy button button--sm button--secondary"
      aria-label={label}
      onClick={() => navigator.clipboard.writeText(text).then(() => setCopied(true))}
    >
      <span aria-live="polite">{copied ? 'Copied' : 'Copy'}</span>
    </button>
  );
}
