#!/usr/bin/env node
// Bundles the split Kestrel API definition (openapi/openapi.yaml and the files it references)
// into one file each of YAML and JSON, for the API reference pages and for download, with each
// operation's code samples added as `x-codeSamples` (plugins/api-reference/code-samples.ts):
//
//   node scripts/bundle-openapi.mjs            -> static/openapi.yaml, static/openapi.json
//   node scripts/bundle-openapi.mjs <out-dir>  -> <out-dir>/openapi.yaml, <out-dir>/openapi.json
//
// It runs the Redocly CLI (the same tool and configuration, redocly.yaml, as `npx redocly lint`),
// checks that both outputs parse and agree, renders the facts the prose names (`%fact:NAME%`,
// plugins/prose-facts/definition.ts), and exits non-zero with a message on any failure, such as a
// name that is no fact.
// With KESTREL_LOCAL_SANDBOX=1 both outputs also list the local sandbox server (sandbox/local-sandbox.mjs),
// so the API pages generated from them offer it in the explorer.
// The outputs are build artifacts: do not edit or commit them.
import {execFileSync} from 'node:child_process';
import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {addCodeSamples} from '../plugins/api-reference/code-samples.ts';
import {unrenderedFacts} from '../plugins/prose-facts/definition.ts';
import {finishBundle} from '../tooling/finish-bundle.mjs';
import {LOCAL_SANDBOX_SERVER, localSandboxEnabled} from '../sandbox/local-sandbox.mjs';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEFINITION = path.join(ROOT, 'openapi', 'openapi.yaml');

/**
 * @param {string} message
 * @param {string} [detail]
 * @returns {never}
 */
function fail(message, detail) {
  console.error(`bundle-openapi: ${message}`);
  if (detail) console.error(detail);
  process.exit(1);
}

function redoclyCli() {
  try {
    return path.join(path.dirname(require.resolve('@redocly/cli/package.json')), 'bin', 'cli.js');
  } catch {
    return fail('@redocly/cli is not installed. Run `npm ci` first.');
  }
}

// Drops the CLI's banners (such as the Node.js deprecation box) so that the real error shows.
/** @param {{stdout?: string, stderr?: string}} error */
function cliOutput(error) {
  const text = `${error.stdout ?? ''}${error.stderr ?? ''}`;
  return text
    .split('\n')
    .filter((line) => !/^\s*[║╔╚]/.test(line))
    .join('\n')
    .trim();
}

/**
 * @param {string} cli
 * @param {string} outFile
 * @param {'yaml' | 'json'} ext
 */
function bundle(cli, outFile, ext) {
  try {
    execFileSync(process.execPath, [cli, 'bundle', DEFINITION, '--output', outFile, '--ext', ext], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true'},
    });
  } catch (error) {
    fail(
      `redocly bundle failed for ${path.relative(ROOT, outFile)}.`,
      cliOutput(/** @type {{stdout?: string}} */ (error)),
    );
  }
  if (!existsSync(outFile)) fail(`redocly bundle reported success but wrote no ${outFile}.`);
}

/** Appends the local sandbox to `servers` of both files: after Production, so it is never the default. */
/**
 * @param {string} yamlFile
 * @param {string} jsonFile
 */
async function addLocalSandbox(yamlFile, jsonFile) {
  const json = JSON.parse(readFileSync(jsonFile, 'utf8'));
  json.servers = [...(json.servers ?? []), {...LOCAL_SANDBOX_SERVER}];
  writeFileSync(jsonFile, JSON.stringify(json, null, 2));
  // Edit the YAML as a document, not as data, so the rest of Redocly's output keeps its layout.
  const {parseDocument} = await import('yaml');
  const doc = parseDocument(readFileSync(yamlFile, 'utf8'));
  doc.addIn(['servers'], doc.createNode({...LOCAL_SANDBOX_SERVER}));
  writeFileSync(yamlFile, doc.toString({lineWidth: 0}));
}

let withLocalSandbox = false;
try {
  withLocalSandbox = localSandboxEnabled();
} catch (error) {
  fail(/** @type {Error} */ (error).message);
}
const outDir = path.resolve(ROOT, process.argv[2] ?? 'static');
if (!existsSync(DEFINITION)) fail(`the definition ${path.relative(ROOT, DEFINITION)} does not exist.`);
mkdirSync(outDir, {recursive: true});

const cli = redoclyCli();
const yamlFile = path.join(outDir, 'openapi.yaml');
const jsonFile = path.join(outDir, 'openapi.json');
bundle(cli, yamlFile, 'yaml');
bundle(cli, jsonFile, 'json');
if (withLocalSandbox) await addLocalSandbox(yamlFile, jsonFile);

/** @type {import('../definition/types.ts').JsonObject & {paths?: Record<string, Record<string, unknown>>, webhooks?: object, servers: {description: string}[]}} */
let fromJson;
/** @type {unknown} */
let fromYaml;
try {
  fromJson = JSON.parse(readFileSync(jsonFile, 'utf8'));
} catch (error) {
  fail(`${path.relative(ROOT, jsonFile)} is not valid JSON: ${/** @type {Error} */ (error).message}`);
}
try {
  const {parse} = await import('yaml');
  fromYaml = parse(readFileSync(yamlFile, 'utf8'));
} catch (error) {
  fail(`${path.relative(ROOT, yamlFile)} is not valid YAML: ${/** @type {Error} */ (error).message}`);
}
if (JSON.stringify(fromJson) !== JSON.stringify(fromYaml)) {
  fail('the YAML and JSON bundles differ; rerun the script.');
}
const operations = Object.values(fromJson.paths ?? {}).flatMap((item) =>
  ['get', 'put', 'post', 'delete', 'patch'].filter((method) => item[method]),
);
if (operations.length === 0) fail('the bundle holds no operations.');

// Each operation's problems are filed under their catalogue status, and the facts the prose names
// (`%fact:NAME%`, plugins/prose-facts) rendered from this same definition's extensions and the
// sandbox's figures, so no reader of the bundle sees a token or an unfiled problem.
try {
  fromJson = finishBundle(fromJson);
} catch (error) {
  fail(/** @type {Error} */ (error).message);
}
const unrendered = unrenderedFacts(fromJson);
if (unrendered.length) fail(`fact tokens left unrendered at ${unrendered.join(', ')}`);

// Code samples are written here, at build time, so that no code generator ships to the browser.
try {
  await addCodeSamples(fromJson);
} catch (error) {
  fail(/** @type {Error} */ (error).message);
}
const {stringify} = await import('yaml');
writeFileSync(jsonFile, `${JSON.stringify(fromJson, null, 2)}\n`);
writeFileSync(yamlFile, stringify(fromJson, {lineWidth: 0}));

console.log(
  `bundle-openapi: ${operations.length} operations, ${Object.keys(fromJson.webhooks ?? {}).length} webhooks, ` +
    `servers ${fromJson.servers.map((s) => s.description).join(', ')} -> ` +
    `${path.relative(ROOT, yamlFile)}, ${path.relative(ROOT, jsonFile)}`,
);
