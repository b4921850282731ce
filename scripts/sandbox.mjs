#!/usr/bin/env node
/**
 * `npm run sandbox`: a local mock of the Kestrel API at http://127.0.0.1:4010/v1, for the
 * explorer's "Local sandbox" server and for trying requests without an account.
 *
 *   node scripts/sandbox.mjs [--port 4010]
 *
 * Prism (@stoplight/prism-cli) mocks the bundled definition on a private port: it checks each
 * request against the definition (bearer token, parameters, body) and answers the operation's
 * first documented example, never generated data. sandbox-proxy.mjs in front of it adds the /v1
 * base path, CORS for the local portal and Kestrel-shaped problems. Ctrl+C (SIGINT) or SIGTERM
 * stops both and exits 0. It prints one line when it is ready and one per request.
 */
import {spawn, execFileSync} from 'node:child_process';
import {existsSync, mkdtempSync, readdirSync, rmSync, statSync} from 'node:fs';
import {createRequire} from 'node:module';
import net from 'node:net';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {LOCAL_SANDBOX_BASE_PATH, LOCAL_SANDBOX_HOST, LOCAL_SANDBOX_PORT} from './local-sandbox.mjs';
import {createSandboxProxy} from './sandbox-proxy.mjs';
import {freePort} from './ports.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const say = (line) => console.log(`sandbox: ${line}`);

function portArgument(argv) {
  const at = argv.indexOf('--port');
  if (at < 0) return LOCAL_SANDBOX_PORT;
  const port = Number(argv[at + 1]);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    console.error(`sandbox: --port needs a port number, got "${argv[at + 1] ?? ''}".`);
    process.exit(2);
  }
  return port;
}

function newestMtime(dir) {
  return Math.max(
    ...readdirSync(dir, {recursive: true, withFileTypes: true})
      .filter((e) => e.isFile())
      .map((e) => statSync(path.join(e.parentPath, e.name)).mtimeMs),
  );
}

/**
 * The bundled definition: static/openapi.json when it is newer than every source file, else a
 * fresh bundle in a temporary folder. Never rewrites static/, which a running `npm start` serves.
 */
function definitionFile() {
  const bundled = path.join(ROOT, 'static', 'openapi.json');
  if (existsSync(bundled) && statSync(bundled).mtimeMs >= newestMtime(path.join(ROOT, 'openapi'))) {
    return {file: bundled, cleanup: () => {}};
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'kestrel-sandbox-'));
  say('bundling the definition (static/openapi.json is missing or older than openapi/) ...');
  execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'bundle-openapi.mjs'), dir], {stdio: 'inherit'});
  return {file: path.join(dir, 'openapi.json'), cleanup: () => rmSync(dir, {recursive: true, force: true})};
}

function accepts(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, LOCAL_SANDBOX_HOST);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Fails at once when the port is taken, rather than after Prism has spent seconds starting. */
function assertPortFree(port) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', (error) => {
      console.error(`sandbox: port ${port} is in use (${error.code}): is another sandbox running?`);
      process.exit(1);
    });
    probe.listen(port, LOCAL_SANDBOX_HOST, () => probe.close(resolve));
  });
}

const port = portArgument(process.argv.slice(2));
await assertPortFree(port);
const definition = definitionFile();
const prismPort = await freePort();
const prismCli = path.join(path.dirname(createRequire(import.meta.url).resolve('@stoplight/prism-cli/package.json')), 'dist', 'index.js');

// In this script's process group, so that a signal to the group (Ctrl+C in a terminal, a test
// runner stopping its servers) reaches Prism as well. --verboseLevel warn keeps Prism's violation
// reports and drops its per-request lines, which name the private port.
const prism = spawn(
  process.execPath,
  [prismCli, 'mock', '--host', LOCAL_SANDBOX_HOST, '--port', String(prismPort), '--verboseLevel', 'warn', definition.file],
  {cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe']},
);
for (const stream of [prism.stdout, prism.stderr]) {
  stream.setEncoding('utf8');
  stream.on('data', (text) => {
    for (const line of text.split('\n').filter(Boolean)) console.log(`prism │ ${line}`);
  });
}
say(`Prism pid ${prism.pid} mocking ${path.relative(ROOT, definition.file) || definition.file} on private port ${prismPort}`);

const proxy = createSandboxProxy({host: LOCAL_SANDBOX_HOST, port: prismPort}, (line) => say(line));
let stopping = false;

/** Stops the front server and Prism, waits for Prism to exit, then exits with `code`. */
async function stop(code, reason) {
  if (stopping) return;
  stopping = true;
  if (reason) say(reason);
  proxy.close();
  proxy.closeAllConnections();
  if (prism.exitCode === null && prism.signalCode === null) {
    const exited = new Promise((resolve) => prism.once('exit', resolve));
    prism.kill('SIGTERM');
    const timer = setTimeout(() => prism.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  }
  definition.cleanup();
  process.exit(code);
}

process.on('SIGINT', () => stop(0, 'stopping (SIGINT)'));
process.on('SIGTERM', () => stop(0, 'stopping (SIGTERM)'));
// A crash of this script must not leave Prism running on its own.
process.on('exit', () => {
  if (prism.exitCode === null && prism.signalCode === null) prism.kill('SIGKILL');
});
// Ctrl+C signals the whole group: Prism may exit of the same SIGINT before this script's handler
// runs. That is a stop, not a crash.
prism.on('exit', (exitCode, signal) =>
  signal === 'SIGINT' || signal === 'SIGTERM'
    ? stop(0, `stopping (Prism got ${signal})`)
    : stop(1, `Prism exited on its own (${signal ?? `code ${exitCode}`}); stopping.`),
);

const started = Date.now();
while (!(await accepts(prismPort))) {
  if (stopping) await new Promise(() => {}); // stop() exits the process
  if (Date.now() - started > 60_000) await stop(1, 'Prism did not start within 60 s.');
  await new Promise((resolve) => setTimeout(resolve, 100));
}

// Listen only once Prism answers, so that "port open" means "ready" (Playwright's webServer waits on it).
proxy.on('error', (error) =>
  stop(1, error.code === 'EADDRINUSE' ? `port ${port} is in use: is another sandbox running?` : `cannot listen: ${error.message}`),
);
proxy.listen(port, LOCAL_SANDBOX_HOST, () => {
  say(`ready at http://${LOCAL_SANDBOX_HOST}:${port}${LOCAL_SANDBOX_BASE_PATH} in ${Date.now() - started} ms. Ctrl+C stops it.`);
});
