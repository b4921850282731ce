/**
 * `npm start` watches the definition: a saved change to a description under `openapi/` shows on
 * the open page without a restart, and a definition that no longer bundles prints the error and
 * keeps the last good page. Runs the dev server (`docusaurus start`, as scripts/start.mjs does
 * after gen-api) on a copy of the site, so the repository's own definition is never edited.
 */
import {spawn, execFileSync, type ChildProcess} from 'node:child_process';
import {cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {freePort} from '../../tooling/ports.mjs';

const ROOT = path.resolve(__dirname, '../..');
const NOT_COPIED = new Set([
  'node_modules',
  '.git',
  '.docusaurus',
  'build',
  'build-local-sandbox',
  'test-results',
  'playwright-report',
  'reports',
]);
const INVOICES = path.join('openapi', 'paths', 'invoices.yaml');
const BEFORE = 'Issues an invoice payable to your own account';
const AFTER = 'Issues an invoice, edited while the site runs, payable to your own account';

test.describe.configure({timeout: 600_000});

test('a saved change under openapi/ shows on the open page, and a broken definition keeps the last good page', async ({
  page,
}) => {
  const site = mkdtempSync(path.join(os.tmpdir(), 'kestrel-watch-'));
  let server: ChildProcess | undefined;
  let log = '';
  try {
    cpSync(ROOT, site, {recursive: true, filter: (from) => !NOT_COPIED.has(path.basename(from))});
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(site, 'node_modules'), 'dir');
    execFileSync(process.execPath, ['scripts/bundle-openapi.mjs'], {cwd: site, stdio: 'pipe'});
    execFileSync(process.execPath, ['plugins/api-reference/cli.ts'], {cwd: site, stdio: 'pipe'});

    const port = await freePort();
    const docusaurus = path.join(ROOT, 'node_modules', '@docusaurus', 'core', 'bin', 'docusaurus.mjs');
    server = spawn(
      process.execPath,
      [docusaurus, 'start', '--host', '127.0.0.1', '--port', String(port), '--no-open'],
      {
        cwd: site,
        detached: true,
        env: {...process.env, BROWSER: 'none'},
      },
    );
    const collect = (chunk: Buffer) => (log += chunk.toString());
    server.stdout!.on('data', collect);
    server.stderr!.on('data', collect);

    // Up once it answers: the dev server holds each request until its first compilation is done.
    const origin = `http://127.0.0.1:${port}`;
    await expect
      .poll(
        async () => {
          if (server!.exitCode !== null) return `exited: ${log}`;
          return fetch(`${origin}/api/issue-invoice`).then(
            (response) => response.status,
            () => 'not listening',
          );
        },
        {timeout: 400_000, intervals: [1000]},
      )
      .toBe(200);
    await page.goto(`${origin}/api/issue-invoice`, {timeout: 180_000});
    const description = page.locator('.api-description');
    await expect(description).toContainText(BEFORE, {timeout: 180_000});

    // A saved change to the description: the open page shows it, with no reload by the reader.
    const source = readFileSync(path.join(site, INVOICES), 'utf8');
    writeFileSync(path.join(site, INVOICES), source.replace(BEFORE, AFTER));
    await expect(description).toContainText(AFTER, {timeout: 180_000});

    // A definition that no longer bundles: the error is printed, the page stays as it was.
    writeFileSync(path.join(site, INVOICES), `${source.replace(BEFORE, AFTER)}\n  broken: [unclosed\n`);
    await expect
      .poll(() => /\[api-reference\] bundling the definition failed/.test(log), {timeout: 180_000})
      .toBe(true);
    expect(log).toContain('The pages stay as they were before this change.');
    await page.reload();
    await expect(description).toContainText(AFTER, {timeout: 60_000});
    expect(readFileSync(path.join(site, 'api', 'issue-invoice.json'), 'utf8')).toContain('edited while the site runs');
  } finally {
    if (server?.pid && server.exitCode === null && server.signalCode === null) {
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch (error) {
        // The group may have ended on its own between the check and the kill (ESRCH); a clean-up
        // in `finally` must not hide the test's own failure by throwing, so anything else is said.
        if ((error as NodeJS.ErrnoException).code !== 'ESRCH')
          console.error('watch-openapi: stopping the site:', error);
      }
    }
    rmSync(site, {recursive: true, force: true});
  }
});
