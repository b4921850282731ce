/**
 * list_workflows and run_workflow, through the MCP server's tools: the list names every workflow
 * document with its guide and steps; a run goes to the sandbox the server is connected to (here
 * one started by the test) and answers pass or fail per step; an unknown id, or a sandbox off the
 * loopback, is refused before anything runs.
 */
import {afterAll, beforeAll, expect, test} from 'vitest';
import {SandboxConnection} from '../../mcp/sandbox-connection';
import {listWorkflows} from '../../workflows/index';
import {startSandbox, type Sandbox} from './sandbox-process';
import {smallBuild, toolsClient, type ToolsClient} from './mcp-tools-client';

const build = smallBuild();
let sandbox: Sandbox;
let tools: ToolsClient;

beforeAll(async () => {
  sandbox = await startSandbox();
  tools = await toolsClient(build.dir, new SandboxConnection({url: sandbox.base, log: () => {}}));
});
afterAll(async () => {
  await tools?.close();
  await sandbox?.stop('SIGTERM');
  build.remove();
});

test('list_workflows names every document with its summary, guide, faults and steps', async () => {
  const answer = await tools.call('list_workflows');
  expect(answer.isError).toBe(false);
  const all = listWorkflows();
  expect(all.length).toBeGreaterThan(0);
  for (const w of all) {
    expect(answer.text).toContain(
      `${w.id}: ${w.summary}\n  document: /workflows/${w.id}.arazzo.yaml; taught at ${w.guide}\n`,
    );
    for (const s of w.steps) expect(answer.text).toContain(`  - ${s.stepId} (${s.operationId}): ${s.description}`);
  }
});

test('run_workflow runs make-a-payout against the connected sandbox and passes every step', async () => {
  const workflow = listWorkflows().find((w) => w.id === 'make-a-payout')!;
  const orderId = `mcp-run-${Date.now()}`;
  const answer = await tools.call('run_workflow', {id: 'make-a-payout', inputs: {orderId}});
  expect(answer.isError).toBe(false);
  expect(answer.text).toContain(`make-a-payout passed: ${workflow.steps.length} steps against ${sandbox.origin}.`);
  for (const step of workflow.steps) expect(answer.text).toMatch(new RegExp(`^pass ${step.stepId}: \\d{3}`, 'm'));
  // The payout is in the sandbox the server is connected to, under the run's order.
  const res = await fetch(`${sandbox.base}/payouts`, {headers: {Authorization: 'Bearer sk_sandbox_mcp'}});
  const payouts = (await res.json()) as {items: {reference?: string; status: string}[]};
  expect(payouts.items.filter((p) => JSON.stringify(p).includes(orderId)).map((p) => p.status)).toEqual(['COMPLETED']);
});

test('a step that fails is answered FAIL with what went wrong: here a restart this server cannot make', async () => {
  const workflow = listWorkflows().find((w) => w.faults.includes('restart'));
  expect(workflow, 'a workflow runs through a restart').toBeDefined();
  const answer = await tools.call('run_workflow', {id: workflow!.id});
  expect(answer.isError).toBe(false);
  expect(answer.text).toMatch(new RegExp(`^${workflow!.id} failed at step \\S+ against ${sandbox.origin}\\.`));
  expect(answer.text).toMatch(
    new RegExp(
      `^FAIL \\S+: workflows/${workflow!.id}\\.arazzo\\.yaml, step \\S+ \\(\\S+\\): needs the sandbox restarted first`,
      'm',
    ),
  );
});

test('run_workflow refuses an unknown id, naming the closest', async () => {
  const answer = await tools.call('run_workflow', {id: 'make-a-payot'});
  expect(answer.isError).toBe(true);
  expect(answer.text).toMatch(/^No workflow make-a-payot\. Closest: make-a-payout/);
});

test('run_workflow refuses a sandbox off the loopback, running nothing', async () => {
  const remote = await toolsClient(
    build.dir,
    new SandboxConnection({url: 'https://api.sandbox.kestrel.example/v1', log: () => {}}),
  );
  try {
    const answer = await remote.call('run_workflow', {id: 'make-a-payout'});
    expect(answer.isError).toBe(true);
    expect(answer.text).toMatch(/^KESTREL_SANDBOX_URL=https:\/\/api\.sandbox\.kestrel\.example\/v1 is refused: /);
  } finally {
    await remote.close();
  }
});
