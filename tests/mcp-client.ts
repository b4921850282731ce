/**
 * The MCP server as a client starts it: `npm run --silent mcp` on stdio, driven by the SDK's own
 * client. One process per suite (start-up costs about a second), shared by its tests.
 */
import path from 'node:path';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StdioClientTransport, getDefaultEnvironment} from '@modelcontextprotocol/sdk/client/stdio.js';

export const ROOT = path.resolve(__dirname, '..');

export interface McpSession {
  client: Client;
  /** What the server wrote to stderr so far. */
  stderr: () => string;
  /** Calls a tool; `text` is its first content's text. */
  call: (
    name: string,
    args?: Record<string, unknown>,
  ) => Promise<{text: string; isError: boolean; structured?: Record<string, unknown>}>;
  close: () => Promise<void>;
}

export async function startMcp(
  options: {args?: string[]; env?: Record<string, string>; command?: string; commandArgs?: string[]; cwd?: string} = {},
): Promise<McpSession> {
  const transport = new StdioClientTransport({
    command: options.command ?? 'npm',
    args: options.commandArgs ?? ['run', '--silent', 'mcp', ...(options.args?.length ? ['--', ...options.args] : [])],
    cwd: options.cwd ?? ROOT,
    env: {...getDefaultEnvironment(), ...options.env},
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({name: 'kestrel-tests', version: '1.0.0'});
  await client.connect(transport);
  return {
    client,
    stderr: () => stderr,
    call: async (name, args = {}) => {
      const result = await client.callTool({name, arguments: args});
      const content = result.content as {type: string; text: string}[];
      return {
        text: content[0]?.text ?? '',
        isError: result.isError === true,
        ...(result.structuredContent !== undefined && {
          structured: result.structuredContent as Record<string, unknown>,
        }),
      };
    },
    close: () => client.close(),
  };
}
