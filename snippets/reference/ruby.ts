/** The Ruby reference sample: Net::HTTP. */
import {indent, json, quote, titleCase} from '../literals.ts';
import type {SnippetRequest} from '../request.ts';
import {API_KEY_VARIABLE, IDEMPOTENCY_KEY_HEADER, TIMEOUT_SECONDS} from '../settings.ts';

export function ruby({method, url, headers, body, idempotent}: SnippetRequest): string {
  return [
    'require "net/http"',
    ...(idempotent ? ['require "securerandom"'] : []),
    '',
    `uri = URI(${quote(url)})`,
    `request = Net::HTTP::${titleCase(method)}.new(uri)`,
    `request["Authorization"] = "Bearer #{ENV.fetch("${API_KEY_VARIABLE}")}"`,
    ...(idempotent ? [`request[${quote(IDEMPOTENCY_KEY_HEADER)}] = SecureRandom.uuid`] : []),
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
