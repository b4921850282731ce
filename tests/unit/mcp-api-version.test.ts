/**
 * sandbox_request's `apiVersion`, against a started sandbox: sent as `Kestrel-Version`, it picks
 * the release that answers; the answer shows `Kestrel-Version`, and `Deprecation` and `Sunset` when
 * that release is deprecated; without it the account's pin answers; a release the sandbox does not
 * serve comes back as the sandbox's 400, and the version given twice is refused before sending.
 */
import {afterAll, beforeAll, expect, test} from 'vitest';
import {readReleases} from '../../definition/index.ts';
import {SandboxConnection} from '../../mcp/sandbox-connection';
import {Definition} from '../../sandbox/definition';
import {createSandbox} from '../../sandbox/start';
import {listenOnFreePort} from '../../tooling/ports.mjs';
import {smallBuild, toolsClient, type ToolsClient} from './mcp-tools-client';
import {loadBundledDefinition} from './openapi-definition';

const releases = readReleases();
const first = releases[0]!;
const latest = releases.at(-1)!.version;
const served = releases.map((r) => r.version);
const midnight = (date: string) => Date.parse(`${date}T00:00:00Z`);

const sandbox = createSandbox(new Definition(loadBundledDefinition()), {rateLimit: false});
const build = smallBuild();
let tools: ToolsClient;

beforeAll(async () => {
  const base = `${await listenOnFreePort(sandbox.server)}/v1`;
  tools = await toolsClient(build.dir, new SandboxConnection({url: base, log: () => {}}));
});
afterAll(async () => {
  await tools.close();
  sandbox.server.closeAllConnections();
  await new Promise((resolve) => sandbox.server.close(resolve));
  build.remove();
});

type Answer = {status: number; headers: Record<string, string>; body: {code?: string; detail?: string}};

async function request(args: Record<string, unknown>): Promise<Answer> {
  const answer = await tools.call('sandbox_request', {method: 'GET', path: '/invoices?$top=1', ...args});
  expect(answer.isError, answer.text).toBe(false);
  return JSON.parse(answer.text) as Answer;
}

test('apiVersion is described as the Kestrel-Version header, and the tool says the answer names the release', async () => {
  const {tools: listed} = await tools.client.listTools();
  const tool = listed.find((t) => t.name === 'sandbox_request')!;
  const input = (tool.inputSchema.properties as Record<string, {description?: string}>).apiVersion;
  expect(input?.description).toMatch(/^Sent as Kestrel-Version: the API release to answer at/);
  expect(tool.inputSchema.required ?? []).not.toContain('apiVersion');
  expect(tool.description).toContain('Kestrel-Version: the release that answered');
});

test("without apiVersion the account's pin answers, and the answer names it", async () => {
  const answer = await request({});
  expect(answer.status).toBe(200);
  expect(answer.headers['kestrel-version']).toBe(latest);
  expect(answer.headers.deprecation).toBeUndefined();
  expect(answer.headers.sunset).toBeUndefined();
});

test('apiVersion picks the release that answers; a deprecated one shows Deprecation and Sunset', async () => {
  const answer = await request({apiVersion: first.version});
  expect(answer.status).toBe(200);
  expect(answer.headers['kestrel-version']).toBe(first.version);
  expect(answer.headers.deprecation).toBe(`@${midnight(first.deprecated!) / 1000}`);
  expect(answer.headers.sunset).toBe(new Date(midnight(first.sunset!)).toUTCString());
});

test("a release the sandbox does not serve answers the sandbox's 400, listing those it serves", async () => {
  const answer = await request({apiVersion: '0.9.0'});
  expect(answer.status).toBe(400);
  expect(answer.body.code).toBe('API_VERSION_UNSUPPORTED');
  expect(answer.body.detail).toContain(`Send Kestrel-Version with one of: ${served.join(', ')}.`);
});

test('the version given both as apiVersion and in headers is refused, naming both', async () => {
  const answer = await tools.call('sandbox_request', {
    method: 'GET',
    path: '/invoices',
    apiVersion: first.version,
    headers: {'kestrel-version': latest},
  });
  expect(answer).toEqual({
    isError: true,
    text: 'Refused: give the version once, as apiVersion or as headers.Kestrel-Version.',
  });
});
