/**
 * `--http PORT`: the server over Streamable HTTP at http://127.0.0.1:PORT/mcp, one MCP session per
 * client. It listens on 127.0.0.1 only, and answers 403 to a request whose Host is not this
 * loopback address and port (DNS rebinding) or whose Origin is another site (a web page's
 * cross-origin request; a client that sends no Origin is not a browser), so no other machine and no
 * web page can reach the sandbox tools.
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
  const allowedOrigins = allowedHosts.map((host) => `http://${host}`);
  const httpServer = http.createServer((req, res) => {
    const {host, origin} = req.headers;
    const refusal =
      host === undefined || !allowedHosts.includes(host.toLowerCase())
        ? `Host ${host ?? '(none)'} is not this server's loopback address`
        : origin !== undefined && !allowedOrigins.includes(origin.toLowerCase())
          ? `Origin ${origin} is not this server's loopback origin`
          : null;
    if (refusal) {
      res.writeHead(403, {'Content-Type': 'text/plain'}).end(`Forbidden: ${refusal}.\n`);
      return;
    }
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
