/** The answers of an operation or a webhook, per status, with the problem codes each can carry. */
import {bodyOf} from './bodies.ts';
import {fieldTree} from './fields.ts';
import {firstExample} from './examples.ts';
import {isObject, pointerOf, resolve} from './refs.ts';
import type {ErrorStatus, Header, Json, JsonObject, Response} from './types.ts';

const RESPONSE_COMPONENT = /^#\/components\/responses\//;

export const isErrorStatus = (status: string) => /^[45]/.test(status) || status === 'default';

function headersOf(doc: JsonObject, response: JsonObject, at: string): Header[] {
  if (!isObject(response.headers)) return [];
  return Object.entries(response.headers).map(([name, raw]) => {
    const {node, pointer} = resolve(doc, raw, `${at}${pointerOf('headers', name).slice(1)}`);
    const required = node.required === true;
    const header: Header = {
      name,
      required,
      schema: fieldTree(doc, node.schema, `${pointer}/schema`, {direction: 'response', name, required}),
    };
    if (typeof node.description === 'string') header.description = node.description;
    const example = firstExample(doc, node, pointer);
    if (example !== undefined) header.example = example;
    return header;
  });
}

/**
 * The problem codes of an error answer: the `code` of each of its examples (the codes the API
 * sends), else the codes its description names (`code \`RATE_LIMITED\``).
 */
function errorCodesOf(response: Omit<Response, 'errorCodes'>): string[] {
  const codes = new Set<string>();
  for (const example of response.body?.examples ?? []) {
    const code = isObject(example.value) ? example.value.code : undefined;
    if (typeof code === 'string') codes.add(code);
  }
  if (!codes.size) for (const m of response.description.matchAll(/code `([A-Z_]+)`/g)) codes.add(m[1]!);
  return [...codes];
}

/** `responses` of an operation found at `at`, in the definition's order. */
export function responsesOf(doc: JsonObject, responses: Json | undefined, at: string): Response[] {
  if (responses === undefined) return [];
  if (!isObject(responses)) throw new Error(`definition: ${at}/responses is not an object`);
  return Object.entries(responses).map(([status, raw]) => {
    const {node, pointer, refs} = resolve(doc, raw, `${at}/responses/${status}`);
    const response: Omit<Response, 'errorCodes'> = {
      status,
      description: typeof node.description === 'string' ? node.description : '',
      headers: headersOf(doc, node, pointer),
    };
    if (refs[0] && RESPONSE_COMPONENT.test(refs[0])) response.component = refs[0];
    const body = bodyOf(doc, node, pointer, 'response');
    if (body) response.body = body;
    return {...response, errorCodes: isErrorStatus(status) ? errorCodesOf(response) : []};
  });
}

/** The error statuses of a list of responses, with their codes. */
export function errorsOf(responses: Response[]): ErrorStatus[] {
  return responses
    .filter((r) => isErrorStatus(r.status))
    .map((r) => ({status: r.status, description: r.description, codes: r.errorCodes}));
}
