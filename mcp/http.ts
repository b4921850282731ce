/**
 * `--http PORT`: the server over Streamable HTTP at http://127.0.0.1:PORT/mcp, one MCP session per
 * client. It listens on the loopback only and refuses requests whose Host is not the loopback
 * (DNS rebinding protection), so no other machine and no web page can reach the sandbox tools.
 */
import {randomUUID} from 'node:crypto';
import http from 'node:http';
import type {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import {StreamableHTTPServerTransport} from '@modelcontextprotocol/sdk/server/streamableHttp.js';

export const MCP_PATH = '/mcp';

export function serveHttp(
  port: number,
  createServer: () => McpServer,
  log: (line: string) => void,
): Promise<http.Server> {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const allowedHosts = [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];
  const httpServer = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== MCP_PATH) {
      res.writeHead(404, {'Content-Type': 'text/plain'}).end(`The MCP endpoint is ${MCP_PATH}.\n`);
      return;
    }
    const id = req.headers['mcp-session-id'];
    const transport = typeof id === 'string' ? sessions.get(id) : undefined;
    if (!transport) {
      const created = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sessionId) => void sessions.set(sessionId, created),
        enableDnsRebindingProtection: true,
        allowedHosts,
      });
      created.onclose = () => {
        if (created.sessionId) sessions.delete(created.sessionId);
      };
      void createServer()
        .connect(created)
        .then(() => created.handleRequest(req, res))
        .catch((error: Error) => log(`http: ${error.message}`));
      return;
    }
    transport.handleRequest(req, res).catch((error: Error) => log(`http: ${error.message}`));
  });
  return new Promise((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(port, '127.0.0.1', () => resolve(httpServer));
  });
}
