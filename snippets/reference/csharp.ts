/** The C# reference sample: HttpClient. */
import {indent, json, quote, refuse, titleCase} from '../literals.ts';
import type {SnippetRequest} from '../request.ts';
import {API_KEY_VARIABLE, IDEMPOTENCY_KEY_HEADER, TIMEOUT_SECONDS} from '../settings.ts';

export function csharp({method, url, headers, body, idempotent}: SnippetRequest): string {
  // The body is a raw string literal of three quotes, which ends at three quotes.
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
    ...(idempotent ? [`request.Headers.Add(${quote(IDEMPOTENCY_KEY_HEADER)}, Guid.NewGuid().ToString());`] : []),
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
