/**
 * The Kestrel MCP server: the portal's docs (search, pages, resources), its definition (operations,
 * error codes) and a local sandbox, for an assistant. Transport-free: cli.ts connects it to stdio or
 * to Streamable HTTP.
 */
import {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import {DefinitionLookup} from './definition-lookup.ts';
import {registerPrompt} from './prompt.ts';
import {registerResources} from './resources.ts';
import {SandboxCalls} from './sandbox-calls.ts';
import type {SandboxConnection} from './sandbox-connection.ts';
import {DocsSearch} from './search-docs.ts';
import {SiteBuild} from './site-build.ts';
import {serverFor, type ToolSet} from './tool-sets.ts';
import {registerTools} from './tools.ts';
import {WorkflowCalls} from './workflow-calls.ts';

export const SERVER_NAME = 'kestrel';
const VERSION = '1.0.0';

const DOCS_INSTRUCTIONS =
  'Kestrel developer portal: search_docs then read_page for guides; get_operation and lookup_error for the API definition.';
const SANDBOX_INSTRUCTIONS =
  "sandbox_get reads from a local stateful sandbox (loopback only) and sandbox_request writes to it; it has a movable clock and a webhook delivery log; list_workflows and run_workflow run the guides' procedures against it. Each of their answers names the sandbox's API base (sandbox): give it to a webhook receiver that fetches what an event names.";

export function createKestrelServer(
  buildDir: string,
  connection: SandboxConnection,
  tools: ToolSet = 'all',
): McpServer {
  const instructions = tools === 'docs' ? DOCS_INSTRUCTIONS : `${DOCS_INSTRUCTIONS} ${SANDBOX_INSTRUCTIONS}`;
  const server = new McpServer({name: SERVER_NAME, version: VERSION}, {instructions});
  const site = new SiteBuild(buildDir);
  registerTools(serverFor(server, tools), {
    site,
    search: new DocsSearch(site),
    definition: new DefinitionLookup(),
    sandbox: new SandboxCalls(connection),
    workflows: new WorkflowCalls(connection),
  });
  registerResources(server, site);
  registerPrompt(server, tools);
  return server;
}
