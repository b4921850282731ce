/**
 * The hint under a parameter's form field: its type and constraints in the words the operation
 * page uses (config/schema-words.ts), as one list: `integer, from 1 to 100, defaults to 50`.
 */
import {factList} from '../../../config/schema-words';
import type {TryItParameter} from '../../../config/try-it';

export function constraintsOf(p: TryItParameter): string {
  return factList(p.schema);
}
