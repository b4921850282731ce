/** The Node.js reference sample: fetch, from the standard library. */
import {indent, json, quote} from '../literals.ts';
import type {SnippetRequest} from '../request.ts';
import {API_KEY_VARIABLE, IDEMPOTENCY_KEY_HEADER, TIMEOUT_SECONDS} from '../settings.ts';

export function nodejs({method, url, headers, body, idempotent}: SnippetRequest): string {
  const headerLines = [
    `"Authorization": \`Bearer \${process.env.${API_KEY_VARIABLE}}\`,`,
    ...(idempotent ? [`${quote(IDEMPOTENCY_KEY_HEADER)}: randomUUID(),`] : []),
    ...headers.map(([name, value]) => `${quote(name)}: ${quote(value)},`),
  ];
  return [
    ...(idempotent ? ['import {randomUUID} from "node:crypto";', ''] : []),
    `const response = await fetch(${quote(url)}, {`,
    `  method: ${quote(method)},`,
    '  headers: {',
    indent(headerLines.join('\n'), 4),
    '  },',
    ...(body === undefined ? [] : [`  body: JSON.stringify(${json(body).replaceAll('\n', '\n  ')}),`]),
    '  redirect: "manual",',
    `  signal: AbortSignal.timeout(${TIMEOUT_SECONDS}_000),`,
    '});',
    'console.log(response.status, await response.text());',
  ].join('\n');
}
