/** Each walkthrough step of snippets/walkthrough/steps.ts with its operation's facts from the definition. */
import type {ApiDefinition} from '../definition/index.ts';
import type {StepRequest, WalkthroughStep} from '../snippets/walkthrough/step.ts';
import {WALKTHROUGH_STEPS} from '../snippets/walkthrough/steps.ts';

export function walkthroughRequests(
  model: ApiDefinition,
  steps: readonly WalkthroughStep[] = WALKTHROUGH_STEPS,
): StepRequest[] {
  return steps.map((step) => {
    const operation = model.operations.find((op) => op.slug === step.slug);
    if (!operation) throw new Error(`snippets/walkthrough/steps.ts: no operation ${step.slug} in the definition`);
    const {summary, method, path, idempotent} = operation;
    return {...step, operation: {summary, method, path, idempotent}};
  });
}
