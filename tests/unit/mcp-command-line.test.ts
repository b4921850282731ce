/**
 * `npm run --silent mcp` before any protocol: without a build it says in one line which command
 * makes one, and writes nothing to stdout (the protocol's channel); a bad option names the flag.
 */
import {spawn} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, expect, test} from 'vitest';
import {ROOT} from '../mcp-client';

const empty = mkdtempSync(path.join(tmpdir(), 'kestrel-mcp-no-build-'));
afterAll(() => rmSync(empty, {recursive: true, force: true}));

function run(args: string[]): Promise<{code: number | null; stdout: string; stderr: string}> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'mcp', '--', ...args], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c));
    child.stderr.on('data', (c: Buffer) => (stderr += c));
    child.on('close', (code) => resolve({code, stdout, stderr}));
  });
}

test('without a build: one line naming `npm run build`, nothing on stdout, exit 1', async () => {
  const {code, stdout, stderr} = await run(['--build', empty]);
  expect(code).toBe(1);
  expect(stdout).toBe('');
  expect(stderr.trim().split('\n')).toHaveLength(1);
  expect(stderr).toContain('run `npm run build`');
  expect(stderr).toContain(empty);
});

test('a bad option names the flag and exits 2, with nothing on stdout', async () => {
  const [port, unknown] = await Promise.all([run(['--http', 'eighty']), run(['--verbose'])]);
  expect(port.code).toBe(2);
  expect(port.stdout).toBe('');
  expect(port.stderr).toContain('--http needs a port from 1 to 65535, got "eighty"');
  expect(unknown.code).toBe(2);
  expect(unknown.stderr).toContain('unknown option --verbose');
});

test('--help documents --remote-webhooks, the opt-in to webhooks off the loopback, on stderr', async () => {
  const {code, stdout, stderr} = await run(['--help']);
  expect(code).toBe(0);
  expect(stdout).toBe('');
  expect(stderr).toMatch(
    /--remote-webhooks {2}let webhooks go to hosts other than this machine's loopback \(localhost,\s+127\.0\.0\.0\/8, \[::1\]\)/,
  );
  expect(stderr).toContain('without it they are\n                     refused (also KESTREL_MCP_REMOTE_WEBHOOKS=1)');
  expect(stderr).toContain('--tools SET        which tools to offer: all (default), or docs:');
});
