/**
 * The browser tests start Chromium through tooling/chromium-merged-features.sh: Chromium reads
 * only its last --disable-features switch, so the script merges them all into one, and passes
 * every other argument through as it came.
 */
import {execFileSync} from 'node:child_process';
import {chmodSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {TEST_BROWSER} from '../../tooling/chromium.mjs';

const dir = mkdtempSync(path.join(os.tmpdir(), 'kestrel-chromium-'));
// A stand-in for Chromium that prints the arguments it was started with, one per line.
const printArgs = path.join(dir, 'print-args');
writeFileSync(printArgs, '#!/bin/sh\nfor arg do printf "%s\\n" "$arg"; done\n');
chmodSync(printArgs, 0o755);
afterAll(() => rmSync(dir, {recursive: true, force: true}));

const argsSeen = (args: string[]) =>
  execFileSync(TEST_BROWSER.executablePath, args, {env: {...process.env, CHROMIUM_PATH: printArgs}, encoding: 'utf8'})
    .split('\n')
    .slice(0, -1);

describe('the browser tests’ Chromium launcher', () => {
  it('merges every --disable-features switch into one, last, and keeps the other arguments in order', () => {
    expect(
      argsSeen(['--headless', '--disable-features=A,B', '--lang=en US', '--disable-features=C', 'about:blank']),
    ).toEqual(['--headless', '--lang=en US', 'about:blank', '--disable-features=A,B,C']);
  });

  it('passes the arguments as they are when none disables a feature', () => {
    expect(argsSeen(['--headless', '--flag=a b', ''])).toEqual(['--headless', '--flag=a b', '']);
  });

  it('is given the omnibox popups to turn off', () => {
    expect(TEST_BROWSER.args).toContain('--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup');
  });
});
