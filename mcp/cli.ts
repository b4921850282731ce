#!/usr/bin/env node
/**
 * `npm run --silent mcp`: the Kestrel MCP server on stdio, for an MCP client's command line
 * (`--silent` keeps npm's banner off stdout, which carries only the protocol). Logs go to stderr.
 * `--help` lists the options. It needs a site build (`npm run build`); without one it says so in
 * one line and exits 1.
 */
import type {Server} from 'node:http';
import {StdioServerTransport} from '@modelcontextprotocol/sdk/server/stdio.js';
import {OptionError, parseOptions, usage} from './options.ts';
import {runsPacked} from './packed.ts';
import {SandboxConnection} from './sandbox-connection.ts';
import {createKestrelServer} from './server.ts';
import {missingBuild} from './site-build.ts';

// stdout is the protocol's: a stray console.log anywhere below would corrupt it.
console.log = console.error;
/** How often the parent process is checked for. */
const PARENT_CHECK_MS = 250;
const log = (line: string) => console.error(`kestrel-mcp: ${line}`);

let options;
try {
  options = parseOptions(process.argv.slice(2), process.env);
} catch (error) {
  if (!(error instanceof OptionError)) throw error;
  console.error(`kestrel-mcp: ${error.message}\n\n${usage(runsPacked())}`);
  process.exit(2);
}
if (options.help) {
  console.error(usage(runsPacked()));
  process.exit(0);
}
const missing = missingBuild(options.buildDir);
if (missing) {
  console.error(missing);
  process.exit(1);
}

const connection = new SandboxConnection({
  url: process.env.KESTREL_SANDBOX_URL || undefined,
  ownSandbox: options.ownSandbox,
  remoteWebhooks: options.remoteWebhooks,
  log,
});
const create = () => createKestrelServer(options.buildDir, connection, options.tools);

let httpServer: Server | undefined;
let stopping: Promise<void> | undefined;

/** Closes what this process opened (the HTTP server and its port, a sandbox it started), then exits. */
function stop(): Promise<void> {
  stopping ??= (async () => {
    if (httpServer) {
      const closing = httpServer;
      await new Promise<void>((resolve) => {
        closing.close(() => resolve());
        // Open streams (a client's GET event stream) would hold the port until the client left.
        closing.closeAllConnections();
      });
    }
    await connection.close();
    process.exit(0);
  })();
  return stopping;
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
// `npm run mcp` runs this under a shell, and a signal sent to npm ends that shell without reaching
// this process, which would keep the port: when the parent is gone, stop as if signalled.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) void stop();
}, PARENT_CHECK_MS).unref();

if (options.http !== undefined) {
  const {serveHttp, MCP_PATH} = await import('./http.ts');
  httpServer = await serveHttp(options.http, create, log).catch((error: NodeJS.ErrnoException) => {
    log(error.code === 'EADDRINUSE' ? `port ${options.http} is in use; pick another with --http PORT.` : error.message);
    process.exit(2);
  });
  log(`ready at http://127.0.0.1:${options.http}${MCP_PATH} (Streamable HTTP, loopback only)`);
} else {
  const transport = new StdioServerTransport();
  // The client closing stdin ends the session: stop the sandbox this process may have started.
  transport.onclose = () => void stop();
  process.stdin.on('end', () => void stop());
  await create().connect(transport);
  log('ready on stdio');
}
