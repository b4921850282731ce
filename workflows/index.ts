/**
 * The procedures the guides teach, as Arazzo 1.0.1 documents (`workflows/*.arazzo.yaml`), and a
 * runner that runs them against the local sandbox.
 *
 * The runner reads this subset of Arazzo: `inputs` (a JSON Schema object; see inputs.ts for the
 * values it makes fresh per run), steps by `operationId` (an API operation, or
 * `$sourceDescriptions.sandbox.*` / `$sourceDescriptions.receiver.*`), `parameters` in path, query
 * and header, a JSON `requestBody.payload`, runtime expressions (`$inputs.x`,
 * `$steps.s.outputs.y`, `$statusCode`, `$response.body#/pointer`, `$response.header.Name`, whole
 * or embedded as `{$...}`), `successCriteria` (simple conditions with `==`, `!=`, `<`, `<=`, `>`,
 * `>=`, `&&`, `||`, parentheses and literals; `type: regex` with a `context`), `outputs`, and
 * `onSuccess` / `onFailure` actions `end`, `goto` and `retry` (`retryAfter`, `retryLimit`; an
 * answer's larger `Retry-After` wins). Two extensions: a step's `x-kestrel-before: restart` restarts
 * the sandbox before it runs, and `x-kestrel-fault` names the fault the step makes happen.
 */
import {fileOf, loadDocument, workflowIds} from './documents.ts';

export {runWorkflow, type RunOptions, type RunResult, type StepResult} from './run.ts';
export {startReceiver, type Receiver, type Verify} from './receiver.ts';
export {FAULTS, type Fault} from './documents.ts';
export {orderKey} from './inputs.ts';
export {renderedText} from './documents.ts';
export {renderWorkflowText} from './facts.ts';

export interface WorkflowSummary {
  id: string;
  /** From the repository root: `workflows/make-a-payout.arazzo.yaml`. */
  file: string;
  summary: string;
  /** The guide section that teaches it: `/walkthrough/making-payouts#make-a-payout`. */
  guide: string;
  faults: string[];
  steps: {stepId: string; description: string; operationId: string}[];
}

export function listWorkflows(): WorkflowSummary[] {
  return workflowIds().map((id) => {
    const doc = loadDocument(id);
    const workflow = doc.workflows[0]!;
    return {
      id,
      file: fileOf(id),
      summary: workflow.summary ?? doc.info.summary ?? doc.info.title,
      guide: doc.info['x-kestrel-guide'],
      faults: [...doc.info['x-kestrel-faults']],
      steps: workflow.steps.map((s) => ({
        stepId: s.stepId,
        description: s.description ?? '',
        operationId: s.operationId,
      })),
    };
  });
}
