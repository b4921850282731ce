/**
 * The MCP server's npm package (`npm run mcp:pack`), installed where there is no checkout and no
 * build: packed from build/, installed into a temporary project with npm, and started from there on
 * stdio by the SDK's client. It offers the tools `npm run mcp` offers, its search answers routes the
 * build has, read_page opens them at their anchor, and the definition and the workflows come from the
 * package. The package holds no TypeScript and names no path of the checkout. Needs `npm run build`.
 */
import {execFileSync} from 'node:child_process';
import {existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, expect, test} from 'vitest';
import {twinPath} from '../../config/twin-path';
import {PACKAGE_NAME} from '../../mcp/pack/manifest';
import {ROOT, startMcp, type McpSession} from '../mcp-client';

const BUILD = path.join(ROOT, 'build');
const version = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version as string;

let dir: string;
let installed: string;
let packed: McpSession;
let checkout: McpSession;
let packLine: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'kestrel-mcp-package-test-'));
  packLine = execFileSync(
    process.execPath,
    [path.join(ROOT, 'mcp/pack/cli.ts'), '--build', BUILD, '--out', path.join(dir, 'out')],
    {encoding: 'utf8'},
  );
  const tarball = path.join(dir, 'out', `${PACKAGE_NAME}-${version}.tgz`);
  const project = path.join(dir, 'project');
  mkdirSync(project);
  writeFileSync(path.join(project, 'package.json'), '{"private": true}\n');
  // Its dependencies come from npm's cache when they are there, as they are after `npm ci`.
  execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball], {
    cwd: project,
    stdio: 'ignore',
  });
  installed = path.join(project, 'node_modules', PACKAGE_NAME);
  [packed, checkout] = await Promise.all([
    startMcp({command: path.join(project, 'node_modules', '.bin', PACKAGE_NAME), commandArgs: [], cwd: project}),
    startMcp(),
  ]);
});

afterAll(async () => {
  await Promise.all([packed?.close(), checkout?.close()]);
  if (dir) rmSync(dir, {recursive: true, force: true});
});

test('mcp:pack names the tarball it wrote, with its size and file count', () => {
  expect(packLine).toMatch(
    new RegExp(`${PACKAGE_NAME}-${version.replace(/\./g, '\\.')}\\.tgz: \\d+ bytes, \\d+ files`),
  );
});

test('the installed package holds JavaScript only, and no path of the checkout', () => {
  const files = readdirSync(installed, {recursive: true, encoding: 'utf8'});
  expect(files.filter((f) => /\.[cm]?tsx?$/.test(f))).toEqual([]);
  expect(files).toContain(path.join('mcp', 'cli.js'));
  const naming = files
    .filter((f) => /\.(m?js|json|md|html)$/.test(f))
    .filter((f) => readFileSync(path.join(installed, f), 'utf8').includes(ROOT));
  expect(naming).toEqual([]);
});

test('offers the tools `npm run mcp` offers, in the same order', async () => {
  const [fromPackage, fromCheckout] = await Promise.all([packed.client.listTools(), checkout.client.listTools()]);
  expect(fromPackage.tools.map((t) => t.name)).toEqual(fromCheckout.tools.map((t) => t.name));
  expect(fromPackage.tools.map((t) => t.name)).toEqual(expect.arrayContaining(['search_docs', 'read_page']));
});

test('search_docs answers routes the build has, and read_page opens the first at its anchor', async () => {
  const {isError, structured} = await packed.call('search_docs', {query: 'idempotency key'});
  expect(isError).toBe(false);
  const results = (structured as {results: {route: string}[]}).results;
  expect(results.length).toBeGreaterThan(0);
  for (const {route} of results) expect(existsSync(path.join(BUILD, twinPath(route.split('#')[0]!))), route).toBe(true);
  const first = results[0]!.route;
  expect(first).toContain('#');
  const page = await packed.call('read_page', {route: first});
  expect(page.isError, page.text).toBe(false);
  const whole = await packed.call('read_page', {route: first.split('#')[0]!});
  // The anchor's section only: a heading, shorter than its page.
  expect(page.text).toMatch(/^#{2,6} /);
  expect(page.text.length).toBeLessThan(whole.text.length);
});

test('reads the definition and the workflows from the package', async () => {
  const operation = await packed.call('get_operation', {slug: 'issue-invoice'});
  expect(operation.isError, operation.text).toBe(false);
  expect(operation.text).toContain('POST /invoices');
  const workflows = await packed.call('list_workflows');
  const ids = readdirSync(path.join(ROOT, 'workflows'))
    .filter((f) => f.endsWith('.arazzo.yaml'))
    .map((f) => f.replace('.arazzo.yaml', ''));
  for (const id of ids) expect(workflows.text).toContain(`${id}: `);
});
