/**
 * list_workflows and run_workflow: the procedures the guides teach, as the Arazzo documents of
 * workflows/ (published at /workflows/<id>.arazzo.yaml), run against the sandbox the other sandbox
 * tools call and no other host: the runner is given that sandbox's loopback origin, its own
 * webhook receiver listens on the loopback too, and a step whose body names a webhook URL off the
 * loopback (from the inputs a client gives) is refused before it is sent. A step that needs the sandbox restarted from its
 * state file fails saying so: this server cannot restart a sandbox.
 */
import {closest} from './closest.ts';
import type {Answer} from './sandbox-calls.ts';
import {SANDBOX_BEARER} from './sandbox-calls.ts';
import {SandboxError, type SandboxConnection} from './sandbox-connection.ts';
import type {WorkflowSummary} from '../workflows/index.ts';
import {webhookBodyRefusal} from './webhook-hosts.ts';

// Loaded on first use: most sessions never run a workflow.
const workflows = () => import('../workflows/index.ts');

/** The workflows, or why their documents cannot be read (a document being edited, say). */
async function listed(): Promise<{ok: true; workflows: WorkflowSummary[]} | {ok: false; error: string}> {
  try {
    return {ok: true, workflows: (await workflows()).listWorkflows()};
  } catch (error) {
    return {
      ok: false,
      error: `The workflow documents (workflows/*.arazzo.yaml) cannot be read: ${(error as Error).message}`,
    };
  }
}

export interface WorkflowRun {
  id: string;
  ok: boolean;
  steps: {stepId: string; ok: boolean; status?: number; detail: string}[];
}

export class WorkflowCalls {
  private readonly connection: SandboxConnection;

  constructor(connection: SandboxConnection) {
    this.connection = connection;
  }

  async list(): Promise<Answer> {
    const all = await listed();
    if (!all.ok) return all;
    const text = all.workflows
      .map((w) =>
        [
          `${w.id}: ${w.summary}`,
          `  document: /workflows/${w.id}.arazzo.yaml; taught at ${w.guide}`,
          `  faults it runs through: ${w.faults.length ? w.faults.join(', ') : 'none'}`,
          ...w.steps.map((s) => `  - ${s.stepId} (${s.operationId}): ${s.description}`),
        ].join('\n'),
      )
      .join('\n\n');
    return {ok: true, text: `${text}\n\nRun one against the local sandbox with run_workflow.`};
  }

  /** Runs one workflow; `run` is the result when it ran (passed or not). */
  async run(id: string, inputs?: Record<string, unknown>): Promise<Answer & {run?: WorkflowRun}> {
    const all = await listed();
    if (!all.ok) return all;
    const ids = all.workflows.map((w) => w.id);
    if (!ids.includes(id))
      return {
        ok: false,
        error: `No workflow ${id}. Closest: ${closest(id, ids).join(', ')}; list_workflows lists them.`,
      };
    let origin: string;
    try {
      ({origin} = await this.connection.target());
    } catch (error) {
      if (error instanceof SandboxError) return {ok: false, error: error.message};
      return {ok: false, error: `The sandbox could not start: ${(error as Error).message}`};
    }
    const {runWorkflow} = await workflows();
    const run = await runWorkflow(id, {
      baseUrl: origin,
      token: SANDBOX_BEARER,
      ...(inputs && {inputs}),
      ...(!this.connection.remoteWebhooks && {refuse: ({method, body}) => webhookBodyRefusal(method, body)}),
    });
    // A passed step's detail is its status (and retries); a failed one's says what was expected and what came.
    const lines = run.steps.map((s) => {
      const status = s.status === undefined || s.detail.startsWith(String(s.status)) ? '' : ` (status ${s.status})`;
      return `${s.ok ? 'pass' : 'FAIL'} ${s.stepId}: ${s.detail}${status}`;
    });
    const verdict = run.ok
      ? `${id} passed: ${run.steps.length} steps against ${origin}.`
      : `${id} failed at step ${run.steps.at(-1)?.stepId ?? '(none)'} against ${origin}.`;
    return {ok: true, text: `${verdict}\n\n${lines.join('\n')}`, run};
  }
}
