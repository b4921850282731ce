/**
 * The upgrade that /api/introduction#upgrade-to-a-new-release describes, over HTTP against a started
 * sandbox: an account pinned to the oldest release (`--token TOKEN@VERSION`, the default account)
 * tries the latest release by sending `Kestrel-Version` while its other requests stay at the pin; a
 * pin names the account, so another token of that account is pinned too; and once the pin is moved
 * (`--token TOKEN=ACCOUNT@VERSION`), requests without the header are served at the new release,
 * without the old one's `Deprecation` and `Sunset`.
 */
import {describe, expect, it} from 'vitest';
import {readReleases} from '../../definition/index.ts';
import {suiteSandbox} from './suite-sandbox';

const releases = readReleases();
const first = releases[0]!;
const latest = releases.at(-1)!.version;

/** Pinned to the oldest release: the default account, named by no account in the flag. */
const PINNED = 'sk_sandbox_upgrade_pinned';
/** Another token of the default account, pinned by no flag of its own. */
const SAME_ACCOUNT = 'sk_sandbox_upgrade_same_account';
/** An account whose pin was moved to the latest release. */
const MOVED = 'sk_sandbox_upgrade_moved';
const sandbox = suiteSandbox([
  '--quiet',
  '--no-rate-limit',
  '--token',
  `${PINNED}@${first.version}`,
  '--token',
  SAME_ACCOUNT,
  '--token',
  `${MOVED}=moved@${latest}`,
]);

async function list(token: string, version?: string) {
  const res = await fetch(`${sandbox.base}/invoices`, {
    headers: {Authorization: `Bearer ${token}`, ...(version && {'Kestrel-Version': version})},
  });
  await res.body?.cancel();
  return {
    status: res.status,
    version: res.headers.get('kestrel-version'),
    deprecation: res.headers.get('deprecation'),
    sunset: res.headers.get('sunset'),
  };
}

describe('upgrading an account from the oldest release to the latest', () => {
  it('--token TOKEN@VERSION pins the default account: requests without the header are served at it, deprecated', async () => {
    const answer = await list(PINNED);
    expect(answer).toMatchObject({status: 200, version: first.version});
    expect(answer.deprecation).not.toBeNull();
    expect(answer.sunset).not.toBeNull();
  });

  it("the pin is the account's: another token of the same account gets the same release", async () => {
    expect(await list(SAME_ACCOUNT)).toMatchObject({status: 200, version: first.version});
  });

  it('trying the new release: a request with Kestrel-Version is served at it, the next one without stays at the pin', async () => {
    expect(await list(PINNED, latest)).toEqual({status: 200, version: latest, deprecation: null, sunset: null});
    expect(await list(PINNED)).toMatchObject({status: 200, version: first.version});
  });

  it('after moving the pin, requests without the header are served at the new release, without Deprecation or Sunset', async () => {
    expect(await list(MOVED)).toEqual({status: 200, version: latest, deprecation: null, sunset: null});
    // The older release stays reachable with the header until its sunset.
    expect(await list(MOVED, first.version)).toMatchObject({status: 200, version: first.version});
  });
});
