/**
 * Every workflow document runs green against a fresh local sandbox, and again against the same
 * sandbox and --state (the runner makes a fresh order id, keys and secrets for each run), through
 * the faults it declares: each fault in the list is made to happen by a step of some document, and
 * the run records that the step ran and passed.
 */
import {describe, expect, it} from 'vitest';
import {LIGHTNING_INVOICES} from '../../sandbox/test-inputs';
import {FAULTS, listWorkflows, runWorkflow, type RunResult} from '../../workflows/index';
import {startExampleReceiver, startStatefulSandbox, TOKEN} from './workflows-sandbox';

// Those that restart the sandbox take longest (each start may bundle the definition): they start first.
const WORKFLOWS = listWorkflows().sort(
  (a, b) => Number(b.faults.includes('restart')) - Number(a.faults.includes('restart')),
);
/** Fault -> the documents whose run made it happen. */
const faultsRun = new Map<string, string[]>();

/** The steps that failed, with the runner's message, so a red run says why. */
const failures = (result: RunResult) => result.steps.filter((s) => !s.ok).map((s) => s.detail);

describe.concurrent('each workflow runs twice against one sandbox, with its faults', () => {
  it.each(WORKFLOWS.map((w) => [w.id, w] as const))(
    '%s',
    async (id, workflow) => {
      const sandbox = await startStatefulSandbox();
      const receiver = await startExampleReceiver();
      try {
        const options = {baseUrl: sandbox.origin(), token: TOKEN, restart: sandbox.restart, receiver};
        const first = await runWorkflow(id, options);
        expect(failures(first), 'first run, fresh sandbox').toEqual([]);
        expect(first.ok).toBe(true);
        const second = await runWorkflow(id, options);
        expect(failures(second), 'second run, same --state').toEqual([]);
        expect(second.ok).toBe(true);
        // Every step of the document ran, in both runs (a goto may run some more than once).
        for (const run of [first, second])
          expect(new Set(run.steps.map((s) => s.stepId))).toEqual(new Set(workflow.steps.map((s) => s.stepId)));
        const ran = new Set(first.steps.filter((s) => s.ok && s.fault).map((s) => s.fault!));
        expect([...ran].sort(), 'the faults the document declares are the ones its steps made').toEqual(
          [...workflow.faults].sort(),
        );
        for (const fault of ran) faultsRun.set(fault, [...(faultsRun.get(fault) ?? []), id]);
        if (workflow.faults.includes('restart')) expect(sandbox.restarts()).toBeGreaterThan(0);
      } finally {
        await receiver.close();
        await sandbox.stop();
      }
    },
    90_000,
  );
});

describe.concurrent('a run that fails says why', () => {
  it('names the document, the step, what was expected and what came back', async () => {
    const sandbox = await startStatefulSandbox();
    try {
      const result = await runWorkflow('send-a-payment', {
        baseUrl: sandbox.origin(),
        token: TOKEN,
        inputs: {lnInvoice: LIGHTNING_INVOICES.noRoute},
      });
      expect(result.ok).toBe(false);
      const last = result.steps.at(-1)!;
      expect(last).toMatchObject({stepId: 'quotePayment', ok: false, status: 422});
      expect(last.detail).toMatch(
        /^workflows\/send-a-payment\.arazzo\.yaml, step quotePayment \(createLightningPaymentQuote\): expected \$statusCode == 201, saw \$statusCode = 422; the answer: 422 .*"code":"NO_ROUTE_FOUND"/,
      );
      // The steps before it passed, and nothing ran after it.
      expect(result.steps.slice(0, -1).every((s) => s.ok)).toBe(true);
    } finally {
      await sandbox.stop();
    }
  });

  it('a step that restarts the sandbox fails clearly when the run cannot restart it', async () => {
    const sandbox = await startStatefulSandbox();
    try {
      const result = await runWorkflow('payout-keys-survive-restart', {baseUrl: sandbox.origin(), token: TOKEN});
      expect(result.ok).toBe(false);
      expect(result.steps.at(-1)).toMatchObject({stepId: 'afterCrash', ok: false});
      expect(result.steps.at(-1)!.detail).toBe(
        'workflows/payout-keys-survive-restart.arazzo.yaml, step afterCrash ($sourceDescriptions.sandbox.getClock): needs the sandbox restarted first, and the run was given no restart',
      );
      expect(sandbox.restarts()).toBe(0);
    } finally {
      await sandbox.stop();
    }
  });
});

// Runs after the concurrent suite above has finished: vitest runs a file's suites in order.
describe('the faults', () => {
  it('every fault in the list was made to happen by a step that ran and passed', () => {
    expect(FAULTS.filter((f) => !faultsRun.has(f))).toEqual([]);
  });
});
