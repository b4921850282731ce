/**
 * What the build under test was made with, read from the build itself: the bundled definition it
 * serves lists the local sandbox only when it was built with KESTREL_LOCAL_SANDBOX=1 (`npm test`
 * builds so).
 */
import {readFileSync} from 'node:fs';
import {LOCAL_SANDBOX_SERVER} from '../../scripts/local-sandbox.mjs';

export const BUILT_SERVERS: {url: string; description: string}[] = JSON.parse(
  readFileSync('build/openapi.json', 'utf8'),
).servers;

export const BUILT_WITH_LOCAL_SANDBOX = BUILT_SERVERS.some((s) => s.url === LOCAL_SANDBOX_SERVER.url);
