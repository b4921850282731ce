/**
 * A step's Node.js sample: the walkthroughs' client (node/kestrel-client.ts) sends the request and
 * print.ts prints its answer. The code is laid out as Prettier (.prettierrc) lays it out: a value
 * stays on one line where it fits in PRINT_WIDTH, and a body of more than BODY_ON_ONE_LINE fields
 * takes a line each.
 */
import {API_KEY_VARIABLE} from '../settings.ts';
import {BASE_VARIABLE} from './settings.ts';
import {FromEnv, camelName, pathParts, stepVariables, type StepRequest, type StepValue} from './step.ts';
import {clientAbout, clientImports, headline, wrap} from './words.ts';

const PRINT_WIDTH = 120;
const BODY_ON_ONE_LINE = 3;

/** A string literal: single quotes unless the text holds one and no double quote. */
function stringLiteral(text: string): string {
  const q = text.includes("'") && !text.includes('"') ? '"' : "'";
  const escaped = JSON.stringify(text).slice(1, -1).replaceAll('\\"', '"').replaceAll(q, `\\${q}`);
  return `${q}${escaped}${q}`;
}

const propertyName = (key: string) => (/^[A-Za-z_$][\w$]*$/.test(key) ? key : stringLiteral(key));

/** An object's entry, on one line; `name` alone where the value is the variable of the same name. */
function flatEntry(key: string, value: StepValue): string {
  if (value instanceof FromEnv && camelName(value.name) === key) return key;
  return `${propertyName(key)}: ${flat(value)}`;
}

/** A value as source text on one line. */
function flat(value: StepValue): string {
  if (value instanceof FromEnv) return camelName(value.name);
  if (value === null || typeof value !== 'object')
    return typeof value === 'string' ? stringLiteral(value) : String(value);
  if (Array.isArray(value)) return `[${value.map(flat).join(', ')}]`;
  return `{${Object.entries(value)
    .map(([key, item]) => flatEntry(key, item))
    .join(', ')}}`;
}

/**
 * A value as source text that starts at `column` after `head` characters of its line and is followed
 * by `tail` characters: on one line where that fits (and `expand` is false), else one entry a line.
 */
function literal(value: StepValue, column: number, head: number, tail: number, expand = false): string {
  const oneLine = flat(value);
  const fits = column + head + oneLine.length + tail <= PRINT_WIDTH;
  if (value instanceof FromEnv || value === null || typeof value !== 'object' || (fits && !expand)) return oneLine;
  const pad = ' '.repeat(column + 2);
  const lines = Array.isArray(value)
    ? value.map((item) => `${pad}${literal(item, column + 2, 0, 1)},`)
    : Object.entries(value).map(([key, item]) => {
        if (item instanceof FromEnv && camelName(item.name) === key) return `${pad}${key},`;
        const name = `${propertyName(key)}: `;
        return `${pad}${name}${literal(item, column + 2, name.length, 1)},`;
      });
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  return [open, ...lines, `${' '.repeat(column)}${close}`].join('\n');
}

function pathLiteral(step: StepRequest): string {
  const parts = pathParts(step);
  if (!parts.some((part) => part instanceof FromEnv)) return stringLiteral(parts.join(''));
  const text = parts
    .map((part) =>
      part instanceof FromEnv ? `\${${camelName(part.name)}}` : part.replace(/[`\\]|\$\{/g, (c) => `\\${c}`),
    )
    .join('');
  return `\`${text}\``;
}

/** The `request` region: what the guides show. */
export function nodeRequest(step: StepRequest): string {
  const start = `const ${step.result} = kestrel.request(${stringLiteral(step.operation.method)}, ${pathLiteral(step)}`;
  const options: [string, StepValue][] = [
    ...(step.query ? [['query', step.query] as [string, StepValue]] : []),
    ...(step.body ? [['body', step.body] as [string, StepValue]] : []),
  ];
  const key = step.operation.idempotent ? 'idempotencyKey: idempotencyKeyFromEnv()' : undefined;
  if (!options.length && !key) return `${start});`;
  const expand = (name: string, value: StepValue) =>
    name === 'body' && Object.keys(value as object).length > BODY_ON_ONE_LINE;
  const option = ([name, value]: [string, StepValue], column: number) =>
    `${name}: ${literal(value, column, name.length + 2, 1, expand(name, value))}`;
  const inline = `${start}, {${[...options.map(([name, value]) => (expand(name, value) ? '\n' : `${name}: ${flat(value)}`)), ...(key ? [key] : [])].join(', ')}});`;
  if (!inline.includes('\n') && inline.length <= PRINT_WIDTH) return inline;
  return [`${start}, {`, ...options.map((o) => `  ${option(o, 2)},`), ...(key ? [`  ${key},`] : []), '});'].join('\n');
}

/** The whole file. */
export function nodeScript(step: StepRequest): string {
  const variables = stepVariables(step);
  const imports = clientImports(step, {idempotencyKey: 'idempotencyKeyFromEnv', requireEnv: 'requireEnv'});
  return [
    '/**',
    ` * ${headline(step)}`,
    ...wrap(clientAbout(step), ' * '),
    ' */',
    `import {${imports.join(', ')}} from '../kestrel-client.js';`,
    "import {print} from './print.js';",
    '',
    `const kestrel = new KestrelClient(); // ${BASE_VARIABLE} and ${API_KEY_VARIABLE}`,
    ...variables.map((v) => `const ${camelName(v.name)} = requireEnv(${stringLiteral(v.name)});`),
    '// #region request',
    nodeRequest(step),
    '// #endregion request',
    `print(${step.result});`,
    '',
  ].join('\n');
}
