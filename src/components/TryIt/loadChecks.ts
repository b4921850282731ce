/**
 * The operation's precompiled checks (plugins/try-it-validators.ts writes one module per slug).
 * Imported by slug: the bundler makes each module a chunk of its own, so an explorer loads only
 * the checks of its operation.
 */
import type {Check} from './checks';

export interface OperationChecks {
  parameters: Check;
  /** Absent for an operation without a request body. */
  body?: Check;
}

export async function loadChecks(slug: string): Promise<OperationChecks> {
  // A CommonJS module: its exports are the namespace's names, and its `default` too.
  const loaded: Partial<OperationChecks> & {default?: OperationChecks} = await import(
    `@generated/kestrel-try-it-validators/default/${slug}.js`
  );
  const checks = loaded.default ?? (loaded as OperationChecks);
  return {parameters: checks.parameters, body: checks.body};
}
