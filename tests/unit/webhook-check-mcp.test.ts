/**
 * check_webhook_endpoint through the MCP server's tools: it checks an endpoint on the loopback with
 * the secret from a file or the server's environment, answering one line per case (here against
 * the receiver that skips deduplication, so the duplicate case fails), and refuses an endpoint off
 * the loopback or a call with no secret before anything is sent.
 */
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterAll, beforeAll, expect, test, vi} from 'vitest';
import {SandboxConnection} from '../../mcp/sandbox-connection';
import {CASE_NAMES} from '../../webhook-check/cases';
import {smallBuild, toolsClient, type ToolsClient} from './mcp-tools-client';
import {SECRET, tempDir, type RunningReceiver} from './webhook-receivers';
import {standInPort, startFixture} from './webhook-check-run';

const build = smallBuild();
const dir = tempDir();
let tools: ToolsClient;
let receiver: RunningReceiver;
let apiPort: number;

beforeAll(async () => {
  // The sandbox is never called by this tool: a connection to nowhere shows it.
  tools = await toolsClient(build.dir, new SandboxConnection({url: 'http://127.0.0.1:9/v1', log: () => {}}));
  const standIn = await standInPort();
  apiPort = standIn.port;
  receiver = await startFixture('no-dedup', dir.dir, standIn.apiBase);
});
afterAll(async () => {
  await tools?.close();
  receiver?.child.kill('SIGKILL');
  await receiver?.exited;
  build.remove();
  dir.remove();
  vi.unstubAllEnvs();
});

test('checks a loopback endpoint with the secret from a file, one line per case, naming the failing one', async () => {
  const secretFile = path.join(dir.dir, 'secret');
  writeFileSync(secretFile, `${SECRET}\n`);
  vi.stubEnv('KESTREL_WEBHOOK_SECRET', '');
  const answer = await tools.call('check_webhook_endpoint', {url: receiver.url, secretFile, apiPort});
  vi.unstubAllEnvs();
  expect(answer.isError).toBe(false);
  const lines = answer.text.split('\n');
  expect(lines.slice(0, CASE_NAMES.length).map((l) => l.replace(/:.*/, ''))).toEqual(
    CASE_NAMES.map((name) => `${name === 'duplicate' ? 'FAIL' : 'pass'}  ${name}`),
  );
  expect(answer.text).toMatch(/^FAIL {2}duplicate: .*its invoice was read 2 times/m);
  expect(answer.text).toContain(
    `${CASE_NAMES.length - 1} of ${CASE_NAMES.length} cases passed against ${receiver.url}`,
  );
});

test("reads the secret from the server's environment, and says when processing was not observed", async () => {
  vi.stubEnv('KESTREL_WEBHOOK_SECRET', SECRET);
  const answer = await tools.call('check_webhook_endpoint', {url: receiver.url});
  vi.unstubAllEnvs();
  expect(answer.isError).toBe(false);
  expect(answer.text).toMatch(/^pass {2}bad-signature: 400 in \d+ ms$/m);
  expect(answer.text).toContain(`${CASE_NAMES.length} of ${CASE_NAMES.length} cases passed`);
  expect(answer.text).toContain(
    "Processing was not observed: give apiPort and point the endpoint's API base at it to check it.",
  );
});

test('refuses an endpoint off the loopback, and a call without a secret, before sending anything', async () => {
  vi.stubEnv('KESTREL_WEBHOOK_SECRET', SECRET);
  const remote = await tools.call('check_webhook_endpoint', {url: 'https://merchant.example/webhooks/kestrel'});
  expect(remote).toEqual({
    isError: true,
    text: "merchant.example is not on this machine's loopback (localhost, 127.0.0.0/8, ::1); the check sends to loopback URLs only",
  });
  vi.stubEnv('KESTREL_WEBHOOK_SECRET', '');
  const secretless = await tools.call('check_webhook_endpoint', {url: receiver.url});
  vi.unstubAllEnvs();
  expect(secretless).toEqual({
    isError: true,
    text: 'no signing secret: set KESTREL_WEBHOOK_SECRET or give a file with secretFile',
  });
});
