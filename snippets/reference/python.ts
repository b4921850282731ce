/** The Python reference sample: requests, the one library a sample needs installed. */
import {indent, pythonLiteral, quote} from '../literals.ts';
import type {SnippetRequest} from '../request.ts';
import {API_KEY_VARIABLE, IDEMPOTENCY_KEY_HEADER, TIMEOUT_SECONDS} from '../settings.ts';

export function python({method, url, headers, body, idempotent}: SnippetRequest): string {
  const headerLines = [
    `"Authorization": f"Bearer {os.environ['${API_KEY_VARIABLE}']}",`,
    ...(idempotent ? [`${quote(IDEMPOTENCY_KEY_HEADER)}: str(uuid.uuid4()),`] : []),
    ...headers.map(([name, value]) => `${quote(name)}: ${quote(value)},`),
  ];
  return [
    'import os',
    ...(idempotent ? ['import uuid'] : []),
    '',
    'import requests',
    '',
    'response = requests.request(',
    `    ${quote(method)},`,
    `    ${quote(url)},`,
    '    headers={',
    indent(headerLines.join('\n'), 8),
    '    },',
    ...(body === undefined ? [] : [`    json=${pythonLiteral(body, 1)},`]),
    `    timeout=${TIMEOUT_SECONDS},`,
    '    allow_redirects=False,',
    ')',
    'print(response.status_code, response.text)',
  ].join('\n');
}
