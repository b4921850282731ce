/**
 * Runs one workflow document against a running sandbox, step by step, as the Arazzo 1.0.1
 * specification describes, for the subset the documents use (index.ts lists it). A step that does
 * not meet its success criteria, and has no failure action that applies, ends the run with a message
 * naming the document, the step, what was expected and what came back.
 */
import {definitionVerify} from './definition-verify.ts';
import {loadDocument, fileOf, type Action, type Step} from './documents.ts';
import {evaluate, fill, holds, seen, type Criterion, type Scope} from './expressions.ts';
import {fillInputs, needsReceiver} from './inputs.ts';
import {apiBasePath, resolveOperation, type Source} from './operations.ts';
import {startReceiver, type Receiver} from './receiver.ts';

export interface RunOptions {
  /** The sandbox's origin, such as LOCAL_SANDBOX_ORIGIN (sandbox/local-sandbox.mjs). */
  baseUrl: string;
  /** The bearer token API requests carry unless a step sends its own Authorization. */
  token: string;
  inputs?: Record<string, unknown>;
  /** Kills the sandbox (SIGKILL) and starts it again on its `--state`; a step that needs it fails without it. */
  restart?: () => Promise<void>;
  /** The webhook endpoint to subscribe; without it the run starts one that checks signatures as the definition says. */
  receiver?: Receiver;
  /**
   * Asked before each request is sent: a text refuses it (the step fails with that text and nothing
   * is sent). The MCP server keeps a workflow's webhooks on the loopback with it.
   */
  refuse?: (request: {method: string; url: string; body: unknown}) => string | null;
}

export interface StepResult {
  stepId: string;
  ok: boolean;
  status?: number;
  detail: string;
  /** The fault the step made happen, when it ran. */
  fault?: string;
}

export interface RunResult {
  id: string;
  ok: boolean;
  steps: StepResult[];
}

/** A request gets this long to answer. */
const REQUEST_TIMEOUT_MS = 15_000;
/** Steps run at most this many times in one run (goto loops included), so a cycle cannot hang a test. */
const MAX_STEP_RUNS = 500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Seconds from a Retry-After header (delta-seconds or an HTTP date), or 0. */
function retryAfterSeconds(headers: Headers): number {
  const value = headers.get('retry-after');
  if (!value) return 0;
  if (/^\d+$/.test(value.trim())) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? 0 : Math.max(0, (at - Date.now()) / 1000);
}

interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

async function send(step: Step, scope: Scope, options: RunOptions, receiver: Receiver | undefined): Promise<Answer> {
  const op = resolveOperation(step.operationId);
  const bases: Record<Source, string | undefined> = {
    kestrel: `${options.baseUrl}${apiBasePath()}`,
    sandbox: options.baseUrl,
    receiver: receiver?.origin,
  };
  const base = bases[op.source];
  if (!base) throw new Error(`${step.operationId} needs the test receiver, which this run has not started`);
  let target = op.path;
  const query = new URLSearchParams();
  const headers: Record<string, string> = {Accept: 'application/json'};
  // The sandbox's faults and maintenance windows belong to the token's account, as API requests do.
  if (op.source !== 'receiver') headers.Authorization = `Bearer ${options.token}`;
  for (const p of step.parameters ?? []) {
    const value = fill(p.value, scope);
    if (value === undefined) throw new Error(`parameter ${p.name} (${p.in}) has no value: ${JSON.stringify(p.value)}`);
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    if (p.in === 'path') {
      if (!target.includes(`{${p.name}}`)) throw new Error(`${op.method} ${op.path} has no path parameter ${p.name}`);
      target = target.replace(`{${p.name}}`, encodeURIComponent(text));
    } else if (p.in === 'query') query.append(p.name, text);
    else headers[p.name] = text;
  }
  const missing = /\{([^}]+)\}/.exec(target);
  if (missing) throw new Error(`path parameter ${missing[1]} of ${op.method} ${op.path} is not given`);
  let body: string | undefined;
  if (step.requestBody) {
    headers['Content-Type'] = step.requestBody.contentType ?? 'application/json';
    body = JSON.stringify(fill(step.requestBody.payload, scope));
  }
  const url = `${base}${target}${query.size > 0 ? `?${query}` : ''}`;
  const refusal = options.refuse?.({method: op.method, url, body: body === undefined ? undefined : JSON.parse(body)});
  if (refusal) throw new Error(refusal);
  const res = await fetch(url, {method: op.method, headers, body, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS)});
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: criteria see the text
  }
  return {status: res.status, headers: res.headers, body: parsed};
}

/** The first action whose criteria all hold (an action without criteria always applies). */
function firstApplying(actions: Action[] | undefined, scope: Scope): Action | undefined {
  return actions?.find((a) => (a.criteria ?? []).every((c) => holds(c, scope)));
}

function brief(body: unknown): string {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return text === undefined ? '(no body)' : text.length > 400 ? `${text.slice(0, 400)}…` : text;
}

export async function runWorkflow(id: string, options: RunOptions): Promise<RunResult> {
  const doc = loadDocument(id);
  const file = fileOf(id);
  const workflow = doc.workflows[0]!;
  const ownReceiver =
    !options.receiver && needsReceiver(workflow.inputs) ? await startReceiver(definitionVerify) : undefined;
  const receiver = options.receiver ?? ownReceiver;
  const results: StepResult[] = [];
  try {
    const scope: Scope = {
      inputs: fillInputs(workflow.inputs, options.inputs ?? {}, receiver, file),
      steps: {},
    };
    const index = new Map(workflow.steps.map((s, i) => [s.stepId, i]));
    let at = 0;
    let retries = 0;
    for (let runs = 0; at < workflow.steps.length; runs++) {
      const step = workflow.steps[at]!;
      const where = `${file}, step ${step.stepId} (${step.operationId})`;
      const fail = (detail: string, status?: number) => {
        results.push({stepId: step.stepId, ok: false, status, detail: `${where}: ${detail}`});
        return {id, ok: false, steps: results};
      };
      if (runs >= MAX_STEP_RUNS) return fail(`more than ${MAX_STEP_RUNS} steps ran; a goto or retry loops`);
      if (step['x-kestrel-before'] === 'restart' && retries === 0) {
        if (!options.restart) return fail('needs the sandbox restarted first, and the run was given no restart');
        await options.restart();
      }
      let answer: Answer;
      try {
        answer = await send(step, scope, options, receiver);
      } catch (error) {
        return fail((error as Error).message);
      }
      scope.response = answer;
      let failed: Criterion | undefined;
      let action: Action | undefined;
      const outputs: Record<string, unknown> = {};
      try {
        failed = (step.successCriteria ?? []).find((c) => !holds(c, scope));
        for (const [name, expr] of Object.entries(failed ? {} : (step.outputs ?? {})))
          outputs[name] = evaluate(expr, scope);
        action = firstApplying(failed ? step.onFailure : step.onSuccess, scope);
      } catch (error) {
        return fail(`${(error as Error).message}; the answer: ${answer.status} ${brief(answer.body)}`, answer.status);
      }
      if (!failed) {
        const missing = Object.entries(outputs).find(([, value]) => value === undefined);
        if (missing) {
          const [name] = missing;
          return fail(
            `output ${name} (${step.outputs![name]}) has no value in the answer ${brief(answer.body)}`,
            answer.status,
          );
        }
        scope.steps[step.stepId] = outputs;
        results.push({
          stepId: step.stepId,
          ok: true,
          status: answer.status,
          detail: `${answer.status}${retries > 0 ? ` after ${retries} retries` : ''}`,
          ...(step['x-kestrel-fault'] && {fault: step['x-kestrel-fault']}),
        });
        retries = 0;
        if (action?.type === 'end') break;
        if (action?.type === 'goto') at = index.get(action.stepId!) ?? -1;
        else at++;
        if (at < 0) return fail(`onSuccess ${action!.name} names no step ${action!.stepId}`);
        continue;
      }
      const expected = `expected ${failed.context ? `${failed.context} to match ` : ''}${failed.condition}, saw ${seen(failed, scope)}`;
      if (action?.type === 'retry' && retries < (action.retryLimit ?? 1)) {
        retries++;
        await sleep(1000 * Math.max(action.retryAfter ?? 0, retryAfterSeconds(answer.headers)));
        continue;
      }
      if (action?.type === 'goto') {
        results.push({
          stepId: step.stepId,
          ok: true,
          status: answer.status,
          detail: `${expected}; onFailure ${action.name}`,
        });
        retries = 0;
        at = index.get(action.stepId!) ?? -1;
        if (at < 0) return fail(`onFailure ${action.name} names no step ${action.stepId}`);
        continue;
      }
      const tried = retries > 0 ? ` (after ${retries} retries)` : '';
      return fail(`${expected}${tried}; the answer: ${answer.status} ${brief(answer.body)}`, answer.status);
    }
    return {id, ok: true, steps: results};
  } finally {
    await ownReceiver?.close();
  }
}
