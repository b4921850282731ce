/**
 * The command line of the API version pins: `--api-version VERSION` and `--token
 * TOKEN[=ACCOUNT][@VERSION]`, read and checked. A malformed value is refused naming the flag, and a
 * version that is not a release stops the sandbox with one line and a non-zero exit.
 */
import {spawnSync} from 'node:child_process';
import {describe, expect, it} from 'vitest';
import {readReleases} from '../../definition/index.ts';
import {OptionError, USAGE, parseOptions} from '../../sandbox/options.ts';
import {DEFAULT_ACCOUNT} from '../../sandbox/tokens.ts';
import {CLI} from './sandbox-process';

const parse = (...argv: string[]) => parseOptions(argv, {port: 1});
const served = readReleases().map((r) => r.version);

describe('--token TOKEN[=ACCOUNT][@VERSION]', () => {
  it('pins the named account to the version after "@"', () => {
    const options = parse('--token', 'sk_a=shop@1.0.0', '--token', 'sk_b=other');
    expect([...options.tokens]).toEqual([
      ['sk_a', 'shop'],
      ['sk_b', 'other'],
    ]);
    expect([...options.accountVersions]).toEqual([['shop', '1.0.0']]);
  });

  it('pins the default account when no account is named', () => {
    const options = parse('--token', 'sk_a@1.0.0');
    expect([...options.tokens]).toEqual([['sk_a', DEFAULT_ACCOUNT]]);
    expect([...options.accountVersions]).toEqual([[DEFAULT_ACCOUNT, '1.0.0']]);
  });

  it('keeps a token that holds "@" but ends in no version', () => {
    expect([...parse('--token', 'sk@host').tokens]).toEqual([['sk@host', DEFAULT_ACCOUNT]]);
  });

  it('refuses a version that is not MAJOR.MINOR.PATCH after an account, naming the flag', () => {
    expect(() => parse('--token', 'sk_a=shop@latest')).toThrow(OptionError);
    expect(() => parse('--token', 'sk_a=shop@latest')).toThrow(
      '--token needs a version MAJOR.MINOR.PATCH after "@", such as 2.0.0, got "sk_a=shop@latest".',
    );
  });

  it('refuses one account pinned to two versions', () => {
    expect(() => parse('--token', 'sk_a=shop@1.0.0', '--token', 'sk_b=shop@2.0.0')).toThrow(
      '--token pins the account shop to two versions, 1.0.0 and 2.0.0.',
    );
  });
});

describe('--api-version VERSION', () => {
  it('is the version of requests that send no Kestrel-Version; undefined (the latest release) without it', () => {
    expect(parse('--api-version', '1.0.0').apiVersion).toBe('1.0.0');
    expect(parse().apiVersion).toBeUndefined();
  });

  it('refuses a value that is not a version, naming the flag', () => {
    expect(() => parse('--api-version', 'v1')).toThrow(
      '--api-version needs a version MAJOR.MINOR.PATCH, such as 2.0.0, got "v1".',
    );
  });

  it('is in the help, with the token syntax', () => {
    expect(USAGE).toContain('--api-version VERSION');
    expect(USAGE).toContain('--token TOKEN[=ACCOUNT][@VERSION]');
  });

  it('stops the sandbox with one line and exit code 2 when it names no release', () => {
    const run = spawnSync(process.execPath, [CLI, '--port', '1', '--api-version', '9.9.9'], {encoding: 'utf8'});
    expect(run.status).toBe(2);
    expect(run.stderr.trim()).toBe(
      `sandbox: --api-version 9.9.9 is not a release of the API; releases served: ${served.join(', ')}.`,
    );
  });

  it("stops the sandbox the same way when a --token's version names no release", () => {
    const run = spawnSync(process.execPath, [CLI, '--port', '1', '--token', 'sk_a=shop@3.0.0'], {encoding: 'utf8'});
    expect(run.status).toBe(2);
    expect(run.stderr.trim()).toBe(
      `sandbox: the version 3.0.0 that --token pins the account shop to is not a release of the API; releases served: ${served.join(', ')}.`,
    );
  });
});
