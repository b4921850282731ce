/**
 * The MCP server's --help names the commands that work where it runs: from a checkout, `npm run
 * mcp` and the checkout's build/; from its npm package (a folder whose package.json is the
 * package's, as mcp/pack/ writes it), npx and the pages packed with it.
 */
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test} from 'vitest';
import {usage} from '../../mcp/options';
import {PACKAGE_NAME} from '../../mcp/pack/manifest';
import {runsPacked} from '../../mcp/packed';
import {ROOT} from './guide-http';

test('from a checkout: npm run mcp, and the build/ of the checkout', () => {
  expect(runsPacked(ROOT)).toBe(false);
  const help = usage(false);
  expect(help.split('\n')[0]).toBe('Usage: npm run --silent mcp -- [options]   (an MCP server on stdio)');
  expect(help).toContain('--build DIR        the site build to read (default: build/ of this checkout)');
});

test('from the package: npx, and the pages packed with the server; nothing names npm run or a checkout', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'kestrel-mcp-packed-'));
  try {
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({name: PACKAGE_NAME, version: '0.1.0'}));
    expect(runsPacked(dir)).toBe(true);
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
  const help = usage(true);
  expect(help.split('\n')[0]).toBe(
    `Usage: npx -y <the address of the ${PACKAGE_NAME} .tgz> [options]   (an MCP server on stdio)`,
  );
  expect(help).toContain('--build DIR        the site build to read (default: the pages packed with this server)');
  expect(help).not.toMatch(/npm run|checkout/);
});
