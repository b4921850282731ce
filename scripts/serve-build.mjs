#!/usr/bin/env node
/**
 * Serves the production build as a static host does (tooling/serve-build.mjs), for the browser
 * tests and for a look at the build:
 *
 *   node scripts/serve-build.mjs [--port 3000] [--dir build] [--headers build/_headers]
 *
 * --headers sends the headers of that `_headers` file; a missing one fails loudly, so the tests
 * never run without the policy.
 */
import {readFile} from 'node:fs/promises';
import {createServer, parseHeadersFile} from '../tooling/serve-build.mjs';

/** @type {<T>(name: string, fallback: T) => string | T} */
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const port = Number(arg('port', process.env.PORT ?? '3000'));
const dir = arg('dir', 'build');
const headersFile = arg('headers', null);
const headerRules = headersFile ? parseHeadersFile(await readFile(headersFile, 'utf8')) : [];
createServer({root: dir, headerRules}).listen(port, '127.0.0.1', () => {
  console.log(`Serving ${dir} at http://127.0.0.1:${port}/${headersFile ? ` with the headers of ${headersFile}` : ''}`);
});
