/**
 * The code of each sample language of the API reference, written from one request (see
 * `exampleRequest` in ./code-samples.mjs). Our own templates, not a code generator's, because what a
 * pasted sample must do is what generators do not write: read the API key from the environment
 * (`KESTREL_API_KEY`, as the guides' samples do) rather than hold it in the code, make a new
 * Idempotency-Key on every run, end the call after 10 seconds (the guides' figure for one attempt)
 * and show a redirect instead of following it. Every sample uses its language's standard library,
 * except Python (requests), so it runs with nothing to install.
 *
 * request: {method, url, headers: [name, value][] (plain headers, neither the key nor the
 * Idempotency-Key), body (a JSON value, or undefined), idempotent (the operation takes an
 * Idempotency-Key)}.
 */

/** Seconds after which a sample gives up on the call. */
export const TIMEOUT_SECONDS = 10;
/** The environment variable every sample reads the API key from. */
export const API_KEY_VARIABLE = 'KESTREL_API_KEY';

const json = (body) => JSON.stringify(body, null, 2);
const indent = (text, spaces) =>
  text
    .split('\n')
    .map((line) => ' '.repeat(spaces) + line)
    .join('\n');
/** A string as a single-quoted shell or PHP word: `'` closes, adds an escaped quote, reopens. */
const shellQuote = (text) => `'${text.replaceAll("'", `'\\''`)}'`;
const phpQuote = (text) => `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
/** A double-quoted literal of a language whose string escapes include JSON's (JS, Python, Go, Java, C#, Ruby). */
const quote = (text) => JSON.stringify(text);
const titleCase = (method) => method[0] + method.slice(1).toLowerCase();

function refuse(language, body, sequence) {
  if (body !== undefined && json(body).includes(sequence)) {
    throw new Error(`code-samples: a ${language} sample cannot hold a body that contains ${sequence}`);
  }
}

/** A JSON value as a Python literal (True, False, None), indented by four spaces a level. */
function pythonLiteral(value, depth = 0) {
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value !== 'object') return JSON.stringify(value);
  const pad = ' '.repeat(4 * (depth + 1));
  const end = ' '.repeat(4 * depth);
  const items = Array.isArray(value)
    ? value.map((item) => pythonLiteral(item, depth + 1))
    : Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}: ${pythonLiteral(item, depth + 1)}`);
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  return items.length
    ? `${open}\n${items.map((item) => `${pad}${item},`).join('\n')}\n${end}${close}`
    : `${open}${close}`;
}

function curl({method, url, headers, body, idempotent}) {
  const lines = [`curl ${shellQuote(url)}`];
  if (method !== 'GET') lines.push(`--request ${method}`);
  // printf is a shell builtin: the key reaches curl through a file descriptor, never in its arguments.
  lines.push(`--header @<(printf 'Authorization: Bearer %s\\n' "$${API_KEY_VARIABLE}")`);
  if (idempotent) lines.push('--header "Idempotency-Key: $IDEMPOTENCY_KEY"');
  for (const [name, value] of headers) lines.push(`--header ${shellQuote(`${name}: ${value}`)}`);
  if (body !== undefined) lines.push(`--data-raw ${shellQuote(json(body))}`);
  lines.push(`--max-time ${TIMEOUT_SECONDS}`);
  const command = lines.join(' \\\n  ');
  if (!idempotent) return command;
  return [
    '# A new key for each new operation. To retry this one (after a timeout, say), run curl again',
    '# with the same key. uuidgen comes with macOS; Linux has the kernel file.',
    'IDEMPOTENCY_KEY=$(uuidgen 2>/dev/null || cat /proc/sys/kernel/random/uuid)',
    command,
  ].join('\n');
}

function nodejs({method, url, headers, body, idempotent}) {
  const headerLines = [
    `"Authorization": \`Bearer \${process.env.${API_KEY_VARIABLE}}\`,`,
    ...(idempotent ? ['"Idempotency-Key": randomUUID(),'] : []),
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

function python({method, url, headers, body, idempotent}) {
  const headerLines = [
    `"Authorization": f"Bearer {os.environ['${API_KEY_VARIABLE}']}",`,
    ...(idempotent ? ['"Idempotency-Key": str(uuid.uuid4()),'] : []),
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

function go({method, url, headers, body, idempotent}) {
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
    ...(idempotent ? ['req.Header.Set("Idempotency-Key", hex.EncodeToString(key))'] : []),
    ...headers.map(([name, value]) => `req.Header.Set(${quote(name)}, ${quote(value)})`),
  ];
  const tab = (lines) => lines.map((line) => (line ? `\t${line}` : line)).join('\n');
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

function java({method, url, headers, body, idempotent}) {
  const headerLines = [
    `.header("Authorization", "Bearer " + System.getenv(${quote(API_KEY_VARIABLE)}))`,
    ...(idempotent ? ['.header("Idempotency-Key", UUID.randomUUID().toString())'] : []),
    ...headers.map(([name, value]) => `.header(${quote(name)}, ${quote(value)})`),
  ];
  const publisher =
    body === undefined ? 'HttpRequest.BodyPublishers.noBody()' : 'HttpRequest.BodyPublishers.ofString(body)';
  return [
    'import java.net.URI;',
    'import java.net.http.HttpClient;',
    'import java.net.http.HttpRequest;',
    'import java.net.http.HttpResponse;',
    'import java.time.Duration;',
    ...(idempotent ? ['import java.util.UUID;'] : []),
    '',
    'public class Main {',
    '    public static void main(String[] args) throws Exception {',
    '        HttpClient client = HttpClient.newBuilder()',
    `                .connectTimeout(Duration.ofSeconds(${TIMEOUT_SECONDS}))`,
    '                .followRedirects(HttpClient.Redirect.NEVER)',
    '                .build();',
    // A text block: its escapes are Java's, so the JSON's backslashes are doubled.
    ...(body === undefined
      ? []
      : ['        String body = """', indent(json(body).replaceAll('\\', '\\\\'), 16), '                """;']),
    `        HttpRequest request = HttpRequest.newBuilder(URI.create(${quote(url)}))`,
    `                .timeout(Duration.ofSeconds(${TIMEOUT_SECONDS}))`,
    indent(headerLines.join('\n'), 16),
    `                .method(${quote(method)}, ${publisher})`,
    '                .build();',
    '        HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());',
    '        System.out.println(response.statusCode() + " " + response.body());',
    '    }',
    '}',
  ].join('\n');
}

function php({method, url, headers, body, idempotent}) {
  const headerLines = [
    `'Authorization: Bearer ' . getenv('${API_KEY_VARIABLE}'),`,
    ...(idempotent ? [`'Idempotency-Key: ' . bin2hex(random_bytes(16)),`] : []),
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

function ruby({method, url, headers, body, idempotent}) {
  return [
    'require "net/http"',
    ...(idempotent ? ['require "securerandom"'] : []),
    '',
    `uri = URI(${quote(url)})`,
    `request = Net::HTTP::${titleCase(method)}.new(uri)`,
    `request["Authorization"] = "Bearer #{ENV.fetch("${API_KEY_VARIABLE}")}"`,
    ...(idempotent ? ['request["Idempotency-Key"] = SecureRandom.uuid'] : []),
    ...headers.map(([name, value]) => `request[${quote(name)}] = ${quote(value).replaceAll('#{', '\\#{')}`),
    // A single-quoted heredoc holds the JSON as it is: no interpolation, no escapes.
    ...(body === undefined ? [] : ["request.body = <<~'JSON'", indent(json(body), 2), 'JSON']),
    '',
    '# Net::HTTP does not follow redirects.',
    'response = Net::HTTP.start(uri.host, uri.port, use_ssl: uri.scheme == "https",',
    `                           open_timeout: ${TIMEOUT_SECONDS}, read_timeout: ${TIMEOUT_SECONDS}, write_timeout: ${TIMEOUT_SECONDS}) do |http|`,
    '  http.request(request)',
    'end',
    'puts "#{response.code} #{response.body}"',
  ].join('\n');
}

function csharp({method, url, headers, body, idempotent}) {
  refuse('C#', body, '"""');
  const contentType = headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1];
  // HttpClient keeps Content-Type on the content, not on the request.
  const requestHeaders = headers.filter(([name]) => name.toLowerCase() !== 'content-type');
  return [
    'using var client = new HttpClient(new HttpClientHandler { AllowAutoRedirect = false })',
    '{',
    `    Timeout = TimeSpan.FromSeconds(${TIMEOUT_SECONDS}),`,
    '};',
    `using var request = new HttpRequestMessage(HttpMethod.${titleCase(method)}, ${quote(url)});`,
    `request.Headers.Add("Authorization", "Bearer " + Environment.GetEnvironmentVariable(${quote(API_KEY_VARIABLE)}));`,
    ...(idempotent ? ['request.Headers.Add("Idempotency-Key", Guid.NewGuid().ToString());'] : []),
    ...requestHeaders.map(([name, value]) => `request.Headers.Add(${quote(name)}, ${quote(value)});`),
    // A raw string literal holds the JSON as it is, with no escapes.
    ...(body === undefined
      ? []
      : [
          'request.Content = new StringContent(',
          '    """',
          indent(json(body), 4),
          '    """,',
          `    System.Text.Encoding.UTF8, ${quote(contentType ?? 'application/json')});`,
        ]),
    'using var response = await client.SendAsync(request);',
    'Console.WriteLine($"{(int)response.StatusCode} {await response.Content.ReadAsStringAsync()}");',
  ].join('\n');
}

/** The template of each language of config/code-sample-languages.ts, by its key. */
export const TEMPLATES = {curl, nodejs, python, go, java, php, ruby, csharp};
