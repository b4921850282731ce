#!/usr/bin/env node
/**
 * `npm run mcp:pack`: the MCP server and what it reads of the site build as an npm package
 * (pack.ts), for `npx -y <tarball>`. Reads build/ unless `--build DIR`; writes the tarball into
 * the build's mcp/ folder, which the site serves, unless `--out DIR`. Prints the tarball's path, size
 * and file count; without a build it says which command makes one and exits 1.
 */
import path from 'node:path';
import {DEFAULT_BUILD_DIR} from '../site-build.ts';
import {PACKAGE_FOLDER} from './manifest.ts';

const USAGE = `Usage: npm run mcp:pack -- [--build DIR] [--out DIR]

  --build DIR  the site build to pack from (default: build/)
  --out DIR    where to write the tarball (default: mcp/ in the build folder)`;

function fail(message: string, code = 1): never {
  console.error(`mcp:pack: ${message}`);
  process.exit(code);
}

const options: {build: string; out?: string} = {build: DEFAULT_BUILD_DIR};
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const flag = argv[i]!;
  if (flag === '--help') {
    console.log(USAGE);
    process.exit(0);
  }
  const value = argv[++i];
  if (flag !== '--build' && flag !== '--out') fail(`unknown option ${flag}.\n\n${USAGE}`, 2);
  if (value === undefined || value.startsWith('--')) fail(`${flag} needs a folder.`, 2);
  options[flag === '--build' ? 'build' : 'out'] = path.resolve(value);
}

const started = performance.now();
// Loaded once the options are read: it brings TypeScript's compiler and the server's modules.
const {packServer} = await import('./pack.ts');
try {
  const packed = packServer(options.build, options.out ?? path.join(options.build, PACKAGE_FOLDER));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`${packed.file}: ${packed.size} bytes, ${packed.files} files, packed in ${seconds} s`);
} catch (error) {
  fail((error as Error).message);
}
