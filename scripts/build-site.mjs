#!/usr/bin/env node
/**
 * `docusaurus build`, in two processes one after the other (`npm run build` runs it after gen-api;
 * arguments such as `--out-dir DIR` are passed to both):
 *
 * 1. bundling: Rspack compiles the client and the server bundles, and the process exits
 *    (DOCUSAURUS_EXIT_AFTER_BUNDLING=true);
 * 2. pages: the server bundle renders every page and the plugins' postBuild run
 *    (DOCUSAURUS_SKIP_BUNDLING=true: the bundles of step 1 are used as they are);
 *
 * then packs the MCP server from the pages written (`npm run mcp:pack`) into the build's mcp/.
 *
 * Why: Rspack's native memory is not given back once it has bundled. In one process it stays
 * under everything that follows. With the definition ten times ours (`npm run bench:scale -- 10`,
 * 490 operations) the build process held about 3.5 GiB of native memory through SSG and
 * postBuild, on top of which SSG's two worker threads added about 2.2 GiB: a peak of 5.7 to
 * 6.2 GiB. In two processes the peak is the larger of the two steps, not their sum. The second
 * step loads the site once more, about 1 s at that size.
 *
 * The two switches are @docusaurus/core's own (lib/commands/build/buildLocale.js), not documented.
 * This script checks after each step that they did what it relies on, and fails naming the one
 * that did not: step 1 must leave the server bundle and client manifest and no pages; step 2 must
 * leave step 1's client files untouched (no second bundling) and the pages written.
 * tests/unit/build-site.test.ts reads buildLocale.js for the two switches.
 */
import {spawn, spawnSync} from 'node:child_process';
import {existsSync, readdirSync, statSync} from 'node:fs';
import path from 'node:path';
import {createRequire} from 'node:module';

const require = createRequire(import.meta.url);
const siteDir = process.cwd();
const args = process.argv.slice(2);

/**
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  console.error(`build-site: ${message}`);
  process.exit(1);
}

/**
 * The --out-dir of the arguments, as `docusaurus build` reads it (default build/).
 * @param {string[]} argv
 */
function outDirOf(argv) {
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--out-dir') return path.resolve(siteDir, argv[i + 1] ?? fail('--out-dir needs a folder'));
    const arg = argv[i] ?? '';
    if (arg.startsWith('--out-dir=')) return path.resolve(siteDir, arg.slice('--out-dir='.length));
  }
  return path.join(siteDir, 'build');
}

const docusaurusBin = path.join(
  path.dirname(require.resolve('@docusaurus/core/package.json')),
  'bin',
  'docusaurus.mjs',
);

/**
 * @param {number} step
 * @param {Record<string, string>} env
 * @returns {Promise<void>}
 */
function docusaurusBuild(step, env) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [docusaurusBin, 'build', ...args], {
      stdio: 'inherit',
      env: {...process.env, ...env},
    });
    child.on('exit', (code, signal) => {
      if (code !== 0)
        fail(
          `step ${step} (docusaurus build with ${Object.keys(env).join(', ')}) failed (${signal ?? `exit ${code}`})`,
        );
      resolve();
    });
  });
}

/**
 * Each client file with its modification time: step 2 must not write them again.
 * @param {string} outDir
 */
function clientFiles(outDir) {
  const dir = path.join(outDir, 'assets', 'js');
  if (!existsSync(dir)) return new Map();
  return new Map(readdirSync(dir).map((f) => [f, statSync(path.join(dir, f)).mtimeMs]));
}

const outDir = outDirOf(args);
const serverBundle = path.join(outDir, '__server', 'server.bundle.js');
const clientManifest = path.join(siteDir, '.docusaurus', 'client-manifest.json');
const homePage = path.join(outDir, 'index.html');

await docusaurusBuild(1, {DOCUSAURUS_EXIT_AFTER_BUNDLING: 'true'});
if (!existsSync(serverBundle) || !existsSync(clientManifest) || existsSync(homePage)) {
  fail(
    `after bundling, expected ${serverBundle} and ${clientManifest} and no ${homePage}: ` +
      '@docusaurus/core no longer stops after bundling on DOCUSAURUS_EXIT_AFTER_BUNDLING=true',
  );
}
const bundled = clientFiles(outDir);
if (bundled.size === 0) fail(`after bundling, no client files in ${path.join(outDir, 'assets', 'js')}`);

await docusaurusBuild(2, {DOCUSAURUS_SKIP_BUNDLING: 'true'});
const after = clientFiles(outDir);
const rewritten = [...bundled].filter(([file, mtime]) => after.get(file) !== mtime);
if (rewritten.length > 0 || after.size !== bundled.size) {
  fail(
    `step 2 bundled again (${rewritten[0]?.[0] ?? 'client files changed'}): @docusaurus/core no longer skips bundling on DOCUSAURUS_SKIP_BUNDLING=true`,
  );
}
if (!existsSync(homePage)) fail(`step 2 wrote no ${homePage}`);
if (existsSync(serverBundle)) fail(`step 2 left ${serverBundle}: the pages were not rendered from it`);

// The MCP server's npm package, from this build into its mcp/ folder: the site serves it, and
// /sandbox/ tells assistants to start it from there with npx (mcp/pack/).
const pack = spawnSync(process.execPath, [path.join(siteDir, 'mcp', 'pack', 'cli.ts'), '--build', outDir], {
  stdio: 'inherit',
});
if (pack.status !== 0) fail(`packing the MCP server failed (${pack.signal ?? `exit ${pack.status}`})`);
