/** A step's Python sample: the walkthroughs' client (kestrel_client.py) sends the request and prints its answer. */
import {API_KEY_VARIABLE} from '../settings.ts';
import {BASE_VARIABLE} from './settings.ts';
import {FromEnv, pathParts, snakeName, stepVariables, type StepRequest, type StepValue} from './step.ts';
import {clientAbout, clientImports, headline, wrap} from './words.ts';

/** A value as a Python literal on one line; a variable read from the environment by its name. */
function literal(value: StepValue): string {
  if (value instanceof FromEnv) return snakeName(value.name);
  if (value === null) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`;
  if (typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}: ${literal(item)}`)
      .join(', ')}}`;
  }
  return JSON.stringify(value);
}

function pathLiteral(step: StepRequest): string {
  const parts = pathParts(step);
  if (!parts.some((part) => part instanceof FromEnv)) return JSON.stringify(parts.join(''));
  const text = parts
    .map((part) =>
      part instanceof FromEnv
        ? `{${snakeName(part.name)}}`
        : JSON.stringify(part)
            .slice(1, -1)
            .replace(/[{}]/g, (c) => c + c),
    )
    .join('');
  return `f"${text}"`;
}

/** The `request` region: what the guides show. */
export function pythonRequest(step: StepRequest): string {
  const result = snakeName(step.result);
  const args = [JSON.stringify(step.operation.method), pathLiteral(step)];
  const keywords = [
    ...(step.query ? [`query=${literal(step.query)}`] : []),
    ...(step.body ? [`body=${literal(step.body)}`] : []),
    ...(step.operation.idempotent ? ['idempotency_key=idempotency_key_from_env()'] : []),
  ];
  if (!keywords.length) return `${result} = kestrel.request(${args.join(', ')})`;
  return [`${result} = kestrel.request(`, ...[...args, ...keywords].map((arg) => `    ${arg},`), ')'].join('\n');
}

/** The whole script. */
export function pythonScript(step: StepRequest): string {
  const variables = stepVariables(step);
  const imports = clientImports(step, {idempotencyKey: 'idempotency_key_from_env', requireEnv: 'require_env'});
  return [
    `"""${headline(step)}`,
    '',
    ...wrap(clientAbout(step), ''),
    '"""',
    '',
    'import json',
    '',
    `from kestrel_client import ${imports.join(', ')}`,
    '',
    `kestrel = KestrelClient()  # ${BASE_VARIABLE} and ${API_KEY_VARIABLE}`,
    ...variables.map((v) => `${snakeName(v.name)} = require_env(${JSON.stringify(v.name)})`),
    '# #region request',
    pythonRequest(step),
    '# #endregion request',
    `print(json.dumps(${snakeName(step.result)}, indent=2))`,
    '',
  ].join('\n');
}
