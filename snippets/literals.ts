/** Values written as source text: quoting and literals shared by the languages' templates. */

/** A JSON value as indented JSON text, two spaces a level. */
export const json = (value: unknown): string => JSON.stringify(value, null, 2);

export const indent = (text: string, spaces: number): string =>
  text
    .split('\n')
    .map((line) => ' '.repeat(spaces) + line)
    .join('\n');

/**
 * One shell word in single quotes: nothing inside is special to the shell except the single quote
 * itself, which closes the quotes, is escaped, and reopens them (`it's` -> `'it'\''s'`).
 */
export const shellQuote = (text: string): string => `'${text.replaceAll("'", `'\\''`)}'`;

/** One shell word in double quotes with nothing expanded: `\`, `"`, `$` and a backquote escaped. */
export const shellDoubleQuote = (text: string): string => `"${text.replace(/[\\"$`]/g, (c) => `\\${c}`)}"`;

export const phpQuote = (text: string): string => `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;

/** A double-quoted literal of a language whose string escapes include JSON's (JS, Python, Go, Java, C#, Ruby). */
export const quote = (text: string): string => JSON.stringify(text);

/** `POST` -> `Post`: the method as a class or enum member of Ruby and C#. */
export const titleCase = (method: string): string => method[0] + method.slice(1).toLowerCase();

/** Throws when a body cannot be held by a language's literal (a Go raw string cannot hold a backquote). */
export function refuse(language: string, body: unknown, sequence: string): void {
  if (body !== undefined && json(body).includes(sequence)) {
    throw new Error(`snippets: a ${language} sample cannot hold a body that contains ${sequence}`);
  }
}

/** A JSON value as a Python literal (True, False, None), indented by four spaces a level. */
export function pythonLiteral(value: unknown, depth = 0): string {
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
