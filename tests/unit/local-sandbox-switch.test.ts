/**
 * The KESTREL_LOCAL_SANDBOX build switch: without it the bundled definition (whose `servers` the
 * explorer offers) and the CSP name Production and Sandbox only; with it both add the local
 * sandbox of `npm run sandbox`. A value other than 1 or 0 fails, naming the variable.
 */
import {describe, it, expect} from 'vitest';
import {execFile} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {promisify} from 'node:util';
import {parse as parseYaml} from 'yaml';
import {localSandbox, LOCAL_SANDBOX_ORIGIN} from '../../site-options';
import {contentSecurityPolicy} from '../../plugins/security-headers';
import {brand} from '../../config/brand';
import {ROOT} from './openapi-definition';
import {LOCAL_SANDBOX_HOST, LOCAL_SANDBOX_SERVER} from '../../sandbox/local-sandbox.mjs';

const run = promisify(execFile);
const PUBLIC_SERVERS = [
  {url: brand.api.production, description: 'Production'},
  {url: brand.api.sandbox, description: 'Sandbox'},
];
const LOCAL = {...LOCAL_SANDBOX_SERVER};

/** Runs the real bundler with the switch set to `value` (undefined: unset); returns both outputs' servers. */
async function bundledServers(value: string | undefined) {
  const dir = mkdtempSync(path.join(tmpdir(), 'kestrel-switch-'));
  const env = {...process.env};
  delete env.KESTREL_LOCAL_SANDBOX;
  if (value !== undefined) env.KESTREL_LOCAL_SANDBOX = value;
  try {
    await run(process.execPath, [path.join(ROOT, 'scripts/bundle-openapi.mjs'), dir], {cwd: ROOT, env});
    return {
      json: JSON.parse(readFileSync(path.join(dir, 'openapi.json'), 'utf8')).servers,
      yaml: parseYaml(readFileSync(path.join(dir, 'openapi.yaml'), 'utf8')).servers,
    };
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
}

describe('the switch', () => {
  it('is off when unset, empty or 0 and on when 1', () => {
    expect(localSandbox({})).toBe(false);
    expect(localSandbox({KESTREL_LOCAL_SANDBOX: ''})).toBe(false);
    expect(localSandbox({KESTREL_LOCAL_SANDBOX: '0'})).toBe(false);
    expect(localSandbox({KESTREL_LOCAL_SANDBOX: '1'})).toBe(true);
  });
  it('fails naming the variable on any other value', () => {
    for (const value of ['true', 'yes', 'on', '2', ' 1']) {
      expect(() => localSandbox({KESTREL_LOCAL_SANDBOX: value})).toThrow(/KESTREL_LOCAL_SANDBOX must be 1/);
    }
  });
});

describe('the bundled definition', () => {
  it('lists exactly Production and Sandbox without the switch, and adds the local sandbox with it', async () => {
    const [off, zero, on] = await Promise.all([bundledServers(undefined), bundledServers('0'), bundledServers('1')]);
    expect(off.json).toEqual(PUBLIC_SERVERS);
    expect(off.yaml).toEqual(PUBLIC_SERVERS);
    expect(zero.json).toEqual(PUBLIC_SERVERS);
    expect(on.json).toEqual([...PUBLIC_SERVERS, LOCAL]);
    expect(on.yaml).toEqual([...PUBLIC_SERVERS, LOCAL]);
  });

  it('is not written when the switch has a wrong value, and the error names it', async () => {
    await expect(bundledServers('yes')).rejects.toThrow(/KESTREL_LOCAL_SANDBOX must be 1/);
  });
});

describe('the Content-Security-Policy', () => {
  const connectSrc = (csp: string) => csp.split('; ').find((d) => d.startsWith('connect-src '))!;
  it('connects to the two public API servers only without the switch', () => {
    const csp = contentSecurityPolicy([]);
    expect(connectSrc(csp)).toContain(new URL(brand.api.sandbox).origin);
    expect(csp).not.toContain('127.0.0.1');
  });
  it('also connects to the local sandbox with it', () => {
    // An origin (scheme, host and port, no path), as connect-src takes it, on this machine's loopback.
    expect(new URL(LOCAL_SANDBOX_ORIGIN).origin).toBe(LOCAL_SANDBOX_ORIGIN);
    expect(LOCAL_SANDBOX_HOST).toBe('127.0.0.1');
    const csp = contentSecurityPolicy([], {localSandboxOrigin: LOCAL_SANDBOX_ORIGIN});
    expect(connectSrc(csp).split(' ')).toContain(LOCAL_SANDBOX_ORIGIN);
    expect(csp.replace(connectSrc(csp), '')).not.toContain(LOCAL_SANDBOX_HOST);
  });
});
