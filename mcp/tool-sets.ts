/**
 * Which tools a server registers (`--tools`): `all`, or `docs`, the portal and the API definition
 * only, for a client that must not reach a sandbox at all. The docs set is a list of names, so a
 * tool added later stays out of it until someone decides it only reads the docs.
 */
import type {McpServer, RegisteredTool} from '@modelcontextprotocol/sdk/server/mcp.js';

export const TOOL_SETS = ['all', 'docs'] as const;
export type ToolSet = (typeof TOOL_SETS)[number];

/** The tools `--tools docs` registers: each reads the build or the definition, never a sandbox. */
export const DOCS_TOOLS: ReadonlySet<string> = new Set(['search_docs', 'read_page', 'get_operation', 'lookup_error']);

/**
 * `server` as registerTools sees it: under `docs`, a tool not in DOCS_TOOLS is registered and removed
 * at once (before any client connects), so tools/list never shows it and a call to it is unknown.
 */
export function serverFor(server: McpServer, set: ToolSet): McpServer {
  if (set === 'all') return server;
  const docsOnly = Object.create(server) as McpServer;
  const register = server.registerTool.bind(server) as (name: string, ...rest: unknown[]) => RegisteredTool;
  docsOnly.registerTool = ((name: string, ...rest: unknown[]) => {
    const tool = register(name, ...rest);
    if (!DOCS_TOOLS.has(name)) tool.remove();
    return tool;
  }) as McpServer['registerTool'];
  return docsOnly;
}
