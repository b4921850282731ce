#!/usr/bin/env node
/**
 * `npm run sandbox`: a local Kestrel API, at the address local-sandbox.mjs gives, that keeps state, runs the
 * documented lifecycles and delivers signed webhooks. `--help` lists the options. It prints
 * "sandbox: ready at <url>" when it answers, then one line per request; Ctrl+C (SIGINT) or SIGTERM
 * stops it and exits 0.
 */
import {Definition} from './definition.ts';
import {definitionFile} from './definition-file.ts';
import {OptionError, USAGE, parseOptions} from './options.ts';
import {SANDBOX_LIMIT, WINDOW_MS} from './rate-limit-figures.ts';
import {BASE_PATH} from './server.ts';
import {createSandbox} from './start.ts';
import {LOCAL_SANDBOX_HOST as HOST, LOCAL_SANDBOX_PORT as DEFAULT_PORT} from './local-sandbox.mjs';
import {keepState} from './state-file.ts';
import {definitionScopes} from './token-control.ts';
import {VersionSettingError} from './versions/api-versions.ts';

const started = performance.now();
const say = (line: string) => console.log(`sandbox: ${line}`);
const fail = (line: string): never => {
  console.error(`sandbox: ${line}`);
  process.exit(2);
};

let options;
try {
  options = parseOptions(process.argv.slice(2), {port: DEFAULT_PORT});
} catch (error) {
  if (!(error instanceof OptionError)) throw error;
  fail(`${error.message}\n\n${USAGE}`);
}
if (options!.help) {
  console.log(USAGE);
  process.exit(0);
}
const o = options!;

const source = definitionFile(say);
const definition = Definition.load(source.file);
const known = new Set(definitionScopes(definition));
const unknown = (o.scopes ?? []).filter((s) => !known.has(s));
if (unknown.length > 0)
  fail(`--scopes names scopes the API does not have: ${unknown.join(', ')}. Scopes: ${[...known].join(', ')}.`);

let created;
try {
  created = createSandbox(definition, {
    payAfterSeconds: o.payAfterSeconds,
    rateLimit: o.rateLimit,
    tokens: o.tokens,
    scopes: o.scopes,
    apiVersion: o.apiVersion,
    accountVersions: o.accountVersions,
    manualClock: o.manualClock,
    retrySpeedup: o.retrySpeedup,
    cap: o.cap,
    log: o.quiet ? () => {} : say,
  });
} catch (error) {
  if (!(error instanceof VersionSettingError)) throw error;
  source.cleanup();
  fail(error.message);
}
const sandbox = created!;
const {accounts, server} = sandbox;
let flush = () => {};
if (o.state) {
  try {
    flush = keepState(sandbox, o.state, {compactAfterMs: o.compactAfterSeconds * 1000});
  } catch (error) {
    fail((error as Error).message);
  }
}

let stopping = false;
function stop(reason: string): void {
  if (stopping) return;
  stopping = true;
  say(reason);
  try {
    flush();
  } finally {
    source.cleanup();
    server.close();
    server.closeAllConnections();
    process.exit(0);
  }
}
process.on('SIGINT', () => stop('stopping (SIGINT)'));
process.on('SIGTERM', () => stop('stopping (SIGTERM)'));

server.on('error', (error: NodeJS.ErrnoException) => {
  source.cleanup();
  if (error.code === 'EADDRINUSE')
    fail(`port ${o.port} is in use (is another sandbox running?). Stop it, or start this one with --port N.`);
  fail(`cannot listen on ${HOST}:${o.port}: ${error.message}`);
});
server.listen(o.port, HOST, () => {
  const flags = [
    `payments ${o.payAfterSeconds} s after a quote`,
    o.rateLimit ? `rate limit ${SANDBOX_LIMIT} per ${WINDOW_MS / 1000} s` : 'no rate limit',
    o.tokens.size === 0
      ? 'any bearer token'
      : `${o.tokens.size} token${o.tokens.size === 1 ? '' : 's'} for ${accounts.names().join(', ')}`,
    o.scopes ? `scopes ${o.scopes.join(',')}` : 'all scopes',
    `API version ${o.apiVersion ?? 'the latest'}${o.accountVersions.size > 0 ? ` (${[...o.accountVersions].map(([a, v]) => `${a} at ${v}`).join(', ')})` : ''}`,
    o.state ? `state in ${o.state}` : 'state in memory',
    o.manualClock ? 'clock moved only by POST /_sandbox/clock' : 'clock follows real time',
  ];
  say(
    `ready at http://${HOST}:${o.port}${BASE_PATH} in ${Math.round(performance.now() - started)} ms (${flags.join('; ')}). Clock: POST http://${HOST}:${o.port}/_sandbox/clock. Ctrl+C stops it.`,
  );
});
