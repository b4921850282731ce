#!/usr/bin/env node
/**
 * `npm start`: the portal at http://127.0.0.1:3000 with the local sandbox beside it at
 * http://127.0.0.1:4010/v1, so the explorer's "Local sandbox" server answers from the first click.
 *
 *   node scripts/start.mjs [--port 3000] [--sandbox-port 4010]
 *
 * Both ports are checked first: one in use stops here with a message naming it, before the API
 * pages are generated. Then `gen-api` runs with KESTREL_LOCAL_SANDBOX=1, and the sandbox and
 * `docusaurus start` run side by side. Ctrl+C (or SIGTERM) stops both; if either stops on its own,
 * the other is stopped too.
 */
import {spawn, spawnSync} from 'node:child_process';
import {createRequire} from 'node:module';
import net from 'node:net';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {LOCAL_SANDBOX_HOST, LOCAL_SANDBOX_PORT, LOCAL_SANDBOX_SWITCH} from '../sandbox/local-sandbox.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DOCUSAURUS = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@docusaurus/core/package.json')),
  'bin',
  'docusaurus.mjs',
);
const say = (/** @type {string} */ line) => console.log(`start: ${line}`);

/**
 * @param {string} name
 * @param {number} fallback
 */
function portOption(name, fallback) {
  const at = process.argv.indexOf(name);
  if (at < 0) return fallback;
  const port = Number(process.argv[at + 1]);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    console.error(`start: ${name} needs a port number from 1 to 65535, got "${process.argv[at + 1] ?? ''}".`);
    process.exit(2);
  }
  return port;
}

/**
 * Resolves with the error code when the port cannot be listened on, else null.
 * @param {number} port
 * @returns {Promise<string | null>}
 */
function portProblem(port) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', (/** @type {NodeJS.ErrnoException} */ error) => resolve(error.code ?? 'error'));
    probe.listen(port, LOCAL_SANDBOX_HOST, () => probe.close(() => resolve(null)));
  });
}

const sitePort = portOption('--port', 3000);
const sandboxPort = portOption('--sandbox-port', LOCAL_SANDBOX_PORT);
for (const [port, what] of /** @type {[number, string][]} */ ([
  [sitePort, 'the portal (--port N for another)'],
  [sandboxPort, `the local sandbox (--sandbox-port N for another; the explorer expects ${LOCAL_SANDBOX_PORT})`],
])) {
  const problem = await portProblem(port);
  if (problem) {
    console.error(
      `start: port ${port} is in use (${problem}); it is for ${what}. Stop what uses it, or choose another port.`,
    );
    process.exit(1);
  }
}

const env = {...process.env, [LOCAL_SANDBOX_SWITCH]: '1'};
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const generated = spawnSync(npm, ['run', 'gen-api'], {cwd: ROOT, env, stdio: 'inherit'});
if (generated.status !== 0) process.exit(generated.status ?? 1);

/** @type {[import('node:child_process').ChildProcess, import('node:child_process').ChildProcess]} */
const children = [
  spawn(process.execPath, [path.join(ROOT, 'sandbox', 'cli.ts'), '--port', String(sandboxPort)], {
    cwd: ROOT,
    env,
    stdio: 'inherit',
  }),
  // Docusaurus's own entry, not through npm: a signal must reach the dev server itself.
  spawn(process.execPath, [DOCUSAURUS, 'start', '--host', '127.0.0.1', '--port', String(sitePort), '--no-open'], {
    cwd: ROOT,
    env,
    stdio: 'inherit',
  }),
];
let stopping = false;

/**
 * @param {number} code
 * @param {string} [reason]
 */
async function stopAll(code, reason) {
  if (stopping) return;
  stopping = true;
  if (reason) say(reason);
  await Promise.all(
    children.map((child) => {
      if (child.exitCode !== null || child.signalCode !== null) return undefined;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      return exited.then(() => clearTimeout(timer));
    }),
  );
  process.exit(code);
}

process.on('SIGINT', () => stopAll(0, 'stopping the portal and the sandbox (SIGINT)'));
process.on('SIGTERM', () => stopAll(0, 'stopping the portal and the sandbox (SIGTERM)'));
children[0].on('exit', (code, signal) =>
  stopAll(code || (signal ? 0 : 1), `the sandbox stopped (${signal ?? `code ${code}`}); stopping the portal.`),
);
children[1].on('exit', (code, signal) =>
  stopAll(code || (signal ? 0 : 1), `the portal stopped (${signal ?? `code ${code}`}); stopping the sandbox.`),
);
