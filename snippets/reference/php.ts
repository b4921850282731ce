/** The PHP reference sample: the cURL extension. */
import {indent, json, phpQuote} from '../literals.ts';
import type {SnippetRequest} from '../request.ts';
import {API_KEY_VARIABLE, IDEMPOTENCY_KEY_HEADER, TIMEOUT_SECONDS} from '../settings.ts';

export function php({method, url, headers, body, idempotent}: SnippetRequest): string {
  const headerLines = [
    `'Authorization: Bearer ' . getenv('${API_KEY_VARIABLE}'),`,
    ...(idempotent ? [`'${IDEMPOTENCY_KEY_HEADER}: ' . bin2hex(random_bytes(16)),`] : []),
    ...headers.map(([name, value]) => `${phpQuote(`${name}: ${value}`)},`),
  ];
  return [
    '<?php',
    '',
    `$curl = curl_init(${phpQuote(url)});`,
    'curl_setopt_array($curl, [',
    `    CURLOPT_CUSTOMREQUEST => '${method}',`,
    '    CURLOPT_HTTPHEADER => [',
    indent(headerLines.join('\n'), 8),
    '    ],',
    // A nowdoc holds the JSON as it is, with no escapes.
    ...(body === undefined ? [] : ["    CURLOPT_POSTFIELDS => <<<'JSON'", indent(json(body), 8), '        JSON,']),
    '    CURLOPT_RETURNTRANSFER => true,',
    '    CURLOPT_FOLLOWLOCATION => false,',
    `    CURLOPT_TIMEOUT => ${TIMEOUT_SECONDS},`,
    ']);',
    '$answer = curl_exec($curl);',
    'if ($answer === false) {',
    '    throw new RuntimeException(curl_error($curl));',
    '}',
    "echo curl_getinfo($curl, CURLINFO_RESPONSE_CODE), ' ', $answer, PHP_EOL;",
  ].join('\n');
}
