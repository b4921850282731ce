/**
 * The lifecycle dates of the releases (`deprecated`, `sunset` in openapi/releases/releases.json):
 * 1.0.0 was deprecated the day 2.0.0 replaced it and goes at a sunset that gives the notice the
 * policy states (`x-api-lifecycle.deprecationNoticeDays`, read from the definition here), and the
 * release reader refuses a manifest whose dates are malformed or give too little notice, naming the
 * release and the field.
 */
import {copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {
  daysBetween,
  lifecycleOf,
  loadDefinition,
  MANIFEST,
  RELEASES_DIR,
  readReleases,
} from '../../definition/index.ts';

const releases = readReleases();
const notice = lifecycleOf(loadDefinition().document)!.deprecationNoticeDays;
const manifest = JSON.parse(readFileSync(path.join(RELEASES_DIR, MANIFEST), 'utf8')) as Record<string, string>[];

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, {recursive: true, force: true})));

/** A releases folder with the repository's definitions and the manifest edited by `edit`. */
function releasesWith(edit: (entries: Record<string, string>[]) => void): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'kestrel-releases-'));
  dirs.push(dir);
  const entries = structuredClone(manifest);
  edit(entries);
  writeFileSync(path.join(dir, MANIFEST), JSON.stringify(entries));
  for (const {version} of entries)
    copyFileSync(path.join(RELEASES_DIR, `${version}.json`), path.join(dir, `${version}.json`));
  return dir;
}

describe('the lifecycle of the releases', () => {
  it('deprecates 1.0.0 on the day 2.0.0 was released, with a sunset the policy allows', () => {
    const [first, second] = releases;
    expect(first!.version).toBe('1.0.0');
    expect(first!.deprecated).toBe(second!.date);
    expect(first!.deprecated).toBe('2026-11-27');
    expect(first!.sunset).toBe('2027-05-26');
    expect(notice).toBeGreaterThan(0);
    expect(daysBetween(first!.deprecated!, first!.sunset!)).toBeGreaterThanOrEqual(notice);
  });

  it('leaves the latest release without a deprecation or a sunset', () => {
    const latest = releases.at(-1)!;
    expect(latest.deprecated).toBeUndefined();
    expect(latest.sunset).toBeUndefined();
  });

  it('refuses a sunset one day short of the notice, naming the release, the field and the notice', () => {
    const short = new Date(Date.parse(`${manifest[0]!.deprecated}T00:00:00Z`) + (notice - 1) * 86_400_000);
    const dir = releasesWith((entries) => (entries[0]!.sunset = short.toISOString().slice(0, 10)));
    expect(() => readReleases(dir)).toThrow(/\[0\] \(1\.0\.0\)\.sunset .* is \d+ days after its deprecation/);
    expect(() => readReleases(dir)).toThrow(`needs at least ${notice}`);
  });

  it('refuses a date that is not a day of the calendar, naming the release and the field', () => {
    const dir = releasesWith((entries) => (entries[0]!.sunset = '2027-02-30'));
    expect(() => readReleases(dir)).toThrow('[0] (1.0.0).sunset is "2027-02-30", not a date YYYY-MM-DD');
  });

  it('refuses a deprecation without its sunset, naming the missing field', () => {
    const dir = releasesWith((entries) => delete entries[0]!.sunset);
    expect(() => readReleases(dir)).toThrow('[0] (1.0.0).sunset is missing');
  });

  it('refuses a deprecation dated before the release itself', () => {
    const dir = releasesWith((entries) => (entries[0]!.deprecated = '2026-11-01'));
    expect(() => readReleases(dir)).toThrow("[0] (1.0.0).deprecated 2026-11-01 is before the release's own date");
  });
});
