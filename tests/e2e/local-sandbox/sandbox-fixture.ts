/**
 * The local-sandbox browser tests' own sandbox: each worker starts `node sandbox/cli.ts` on a free
 * port and stops it when done, and never uses a server it did not start, whatever already listens
 * on the local sandbox's port (a developer's `npm run sandbox`, another run's).
 *
 * The build under test offers the local sandbox at its fixed origin (127.0.0.1:4010): the explorer's
 * server entry, its requests, the Origin they carry and the CSP's connect-src all name it, as they
 * do for a reader. The browser's resolver maps that host and port to the worker's sandbox
 * (Chromium's --host-resolver-rules), so the page still talks to 127.0.0.1:4010 as far as it, its
 * CSP and CORS can tell, while the bytes go to the sandbox this worker started.
 */
import {test as base} from '../fixtures';
import {startSandbox, type Sandbox} from '../../unit/sandbox-process';
import {LOCAL_SANDBOX_HOST, LOCAL_SANDBOX_PORT} from '../../../sandbox/local-sandbox.mjs';
import {withFirstRule} from '../../../tooling/browser-network.mjs';

export {expect} from '../fixtures';

export const test = base.extend<object, {localSandbox: Sandbox}>({
  localSandbox: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const sandbox = await startSandbox();
      await use(sandbox);
      await sandbox.stop('SIGTERM');
    },
    {scope: 'worker'},
  ],
  launchOptions: [
    async ({launchOptions, localSandbox}, use) => {
      const rule = `MAP ${LOCAL_SANDBOX_HOST}:${LOCAL_SANDBOX_PORT} ${LOCAL_SANDBOX_HOST}:${localSandbox.port}`;
      await use({...launchOptions, args: withFirstRule(launchOptions.args ?? [], rule)});
    },
    {scope: 'worker'},
  ],
});
