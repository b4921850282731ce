/**
 * The MCP server's tools as a client sees them, without a site build: the real server
 * (createKestrelServer) on a small build folder this makes (one page and the files `missingBuild`
 * looks for), connected in memory to the SDK's client, with a given sandbox connection.
 */
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {InMemoryTransport} from '@modelcontextprotocol/sdk/inMemory.js';
import type {SandboxConnection} from '../../mcp/sandbox-connection';
import {createKestrelServer} from '../../mcp/server';
import type {ToolSet} from '../../mcp/tool-sets';

/** A temp folder holding `build/` (a minimal site build); `remove` deletes the folder. */
export function smallBuild(): {parent: string; dir: string; remove: () => void} {
  const parent = mkdtempSync(path.join(tmpdir(), 'kestrel-mcp-build-'));
  const dir = path.join(parent, 'build');
  mkdirSync(path.join(dir, 'guide'), {recursive: true});
  writeFileSync(path.join(dir, 'llms.txt'), '# Kestrel\n');
  writeFileSync(path.join(dir, 'search-index-test.json'), '{}');
  writeFileSync(path.join(dir, 'guide.md'), '# A guide\n\nThe text of the guide.\n');
  writeFileSync(path.join(dir, 'guide', 'index.html'), '<h1 id="a-guide">A guide</h1>');
  return {parent, dir, remove: () => rmSync(parent, {recursive: true, force: true})};
}

export interface ToolsClient {
  /** The SDK's client, for tools/list and prompts. */
  client: Client;
  call: (name: string, args?: Record<string, unknown>) => Promise<{text: string; isError: boolean}>;
  close: () => Promise<void>;
}

export async function toolsClient(
  buildDir: string,
  connection: SandboxConnection,
  tools: ToolSet = 'all',
): Promise<ToolsClient> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const server = createKestrelServer(buildDir, connection, tools);
  await server.connect(serverSide);
  const client = new Client({name: 'kestrel-tests', version: '1.0.0'});
  await client.connect(clientSide);
  return {
    client,
    call: async (name, args = {}) => {
      const result = await client.callTool({name, arguments: args});
      const content = result.content as {type: string; text: string}[];
      return {text: content[0]?.text ?? '', isError: result.isError === true};
    },
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}
