/** The Java reference sample: java.net.http.HttpClient. */
import {indent, json, quote} from '../literals.ts';
import type {SnippetRequest} from '../request.ts';
import {API_KEY_VARIABLE, IDEMPOTENCY_KEY_HEADER, TIMEOUT_SECONDS} from '../settings.ts';

export function java({method, url, headers, body, idempotent}: SnippetRequest): string {
  const headerLines = [
    `.header("Authorization", "Bearer " + System.getenv(${quote(API_KEY_VARIABLE)}))`,
    ...(idempotent ? [`.header(${quote(IDEMPOTENCY_KEY_HEADER)}, UUID.randomUUID().toString())`] : []),
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
