/** The Go reference sample: net/http. */
import {json, quote, refuse} from '../literals.ts';
import type {SnippetRequest} from '../request.ts';
import {API_KEY_VARIABLE, IDEMPOTENCY_KEY_HEADER, TIMEOUT_SECONDS} from '../settings.ts';

const tab = (lines: string[]) => lines.map((line) => (line ? `\t${line}` : line)).join('\n');

export function go({method, url, headers, body, idempotent}: SnippetRequest): string {
  // The body is a raw string literal, which ends at a backquote.
  refuse('Go', body, '`');
  const imports = [
    ...(idempotent ? ['crypto/rand', 'encoding/hex'] : []),
    'fmt',
    'io',
    'net/http',
    'os',
    ...(body === undefined ? [] : ['strings']),
    'time',
  ];
  const headerLines = [
    `req.Header.Set("Authorization", "Bearer "+os.Getenv(${quote(API_KEY_VARIABLE)}))`,
    ...(idempotent ? [`req.Header.Set(${quote(IDEMPOTENCY_KEY_HEADER)}, hex.EncodeToString(key))`] : []),
    ...headers.map(([name, value]) => `req.Header.Set(${quote(name)}, ${quote(value)})`),
  ];
  return [
    'package main',
    '',
    'import (',
    tab(imports.map((name) => quote(name))),
    ')',
    '',
    'func main() {',
    tab([
      ...(idempotent
        ? [
            '// A new key for each new operation: 16 random bytes.',
            'key := make([]byte, 16)',
            'if _, err := rand.Read(key); err != nil {',
            '\tpanic(err)',
            '}',
          ]
        : []),
      ...(body === undefined
        ? [`req, err := http.NewRequest(${quote(method)}, ${quote(url)}, nil)`]
        : [
            `body := strings.NewReader(\`${json(body)}\`)`,
            `req, err := http.NewRequest(${quote(method)}, ${quote(url)}, body)`,
          ]),
      'if err != nil {',
      '\tpanic(err)',
      '}',
      ...headerLines,
      '',
      'client := &http.Client{',
      `\tTimeout: ${TIMEOUT_SECONDS} * time.Second,`,
      '\t// Answer a redirect as it is, instead of following it.',
      '\tCheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },',
      '}',
      'res, err := client.Do(req)',
      'if err != nil {',
      '\tpanic(err)',
      '}',
      'defer res.Body.Close()',
      'answer, err := io.ReadAll(res.Body)',
      'if err != nil {',
      '\tpanic(err)',
      '}',
      'fmt.Println(res.Status, string(answer))',
    ]),
    '}',
  ].join('\n');
}
