/** The explorer's request as a curl command a reader can paste into a POSIX shell. */
import type {ExplorerRequest} from './request';

/**
 * One shell word in single quotes: nothing inside is special to the shell except the single quote
 * itself, which closes the quotes, is escaped, and reopens them (`it's` -> `'it'\''s'`).
 */
export function shellQuote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** `curl` with the method, the URL, each header and the body, one option a line. */
export function curlCommand(request: ExplorerRequest): string {
  const lines = [`curl -X ${request.method} ${shellQuote(request.url)}`];
  for (const [name, value] of request.headers) lines.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  if (request.body !== undefined) lines.push(`--data-raw ${shellQuote(request.body)}`);
  return lines.join(' \\\n  ');
}
