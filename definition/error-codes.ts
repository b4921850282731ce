/**
 * The error catalogue's data: each code of the `ErrorCode` schema with its meaning
 * (`x-enumDescriptions`), its status, retry and action (`x-error-catalogue`, where the status is
 * written once), and the operations that document it among their errors. Released definitions up
 * to 2.0.0 also open each meaning with its status in brackets (`[404] ...`): it is stripped from
 * the meaning, and read as the status only where `x-error-catalogue` gives none.
 */
import {RETRY_ADVICE} from '../config/retry-advice.ts';
import {isObject, resolve} from './refs.ts';
import type {ErrorCode, JsonObject, Operation, Retry} from './types.ts';

const RETRIES: readonly Retry[] = RETRY_ADVICE;
const STATUS_BRACKET = /^\[(\d{3})\]\s*/;

function retryOf(value: unknown, at: string): Retry {
  if (RETRIES.includes(value as Retry)) return value as Retry;
  throw new Error(`definition: ${at}/retry is ${JSON.stringify(value)}, not one of ${RETRIES.join(', ')}`);
}

export function errorCodesOf(doc: JsonObject, operations: Operation[]): ErrorCode[] {
  const schemas = isObject(doc.components) && isObject(doc.components.schemas) ? doc.components.schemas : {};
  if (schemas.ErrorCode === undefined) return [];
  const {node, pointer} = resolve(doc, schemas.ErrorCode, '#/components/schemas/ErrorCode');
  const notes = isObject(node['x-enumDescriptions']) ? node['x-enumDescriptions'] : {};
  const catalogue = isObject(node['x-error-catalogue']) ? node['x-error-catalogue'] : {};
  return (Array.isArray(node.enum) ? node.enum : []).map((value) => {
    const code: ErrorCode = {
      code: String(value),
      operations: operations
        .filter((op) => op.errors.some((e) => e.codes.includes(String(value))))
        .map((op) => op.slug),
    };
    const note = notes[code.code];
    if (typeof note === 'string') {
      code.description = note;
      code.meaning = note.replace(STATUS_BRACKET, '');
      const status = STATUS_BRACKET.exec(note)?.[1];
      if (status) code.status = Number(status);
    }
    const entry = catalogue[code.code];
    if (isObject(entry)) {
      const at = `${pointer}/x-error-catalogue/${code.code}`;
      if (typeof entry.status === 'number') code.status = entry.status;
      code.retry = retryOf(entry.retry, at);
      if (typeof entry.action === 'string') code.action = entry.action;
    }
    return code;
  });
}

/** The HTTP status the error catalogue gives a code; a code it does not know, or knows without a status, is an error. */
export function errorStatus(errorCodes: readonly ErrorCode[], code: string): number {
  const status = errorCodes.find((c) => c.code === code)?.status;
  if (status === undefined)
    throw new Error(`definition: the error code ${code} has no status in the ErrorCode schema's x-error-catalogue`);
  return status;
}
