/**
 * The released definitions, kept in the repository so that a clone without history has them:
 * `openapi/releases/releases.json` lists the releases oldest first (`version`, `date`, `summary`,
 * and for a deprecated release `deprecated` and `sunset`: its sunset comes at least the policy's
 * `x-api-lifecycle.deprecationNoticeDays` after its deprecation, as the newest release states it),
 * `openapi/releases/<version>.json` is each one's bundled definition, and
 * `openapi/releases/<version>.notes.yaml` holds its notes (./release-notes.ts).
 * A malformed manifest, a missing definition or a definition whose `info.version` is not its
 * release fails, naming the file and the field.
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {daysBetween, lifecycleOf} from '../lifecycle.ts';
import {isObject} from '../refs.ts';
import type {JsonObject} from '../types.ts';
import type {Release} from './types.ts';

export const RELEASES_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'openapi',
  'releases',
);
export const MANIFEST = 'releases.json';
const VERSION = /^(\d+)\.(\d+)\.(\d+)$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A version's numbers, for comparing; a version that is not MAJOR.MINOR.PATCH fails, naming it. */
export function versionParts(version: string): [number, number, number] {
  const match = VERSION.exec(version);
  if (!match) throw new Error(`api-changes: "${version}" is not a version MAJOR.MINOR.PATCH`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

export function compareVersions(a: string, b: string): number {
  const [x, y] = [versionParts(a), versionParts(b)];
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`api-changes: cannot read ${file}: ${(error as Error).message}`, {cause: error});
  }
}

/** A real calendar day YYYY-MM-DD (not 2027-02-30). */
const isDate = (value: unknown): value is string =>
  typeof value === 'string' && DATE.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/**
 * A release's `deprecated` and `sunset`, checked against the notice the policy gives (`notice` days,
 * undefined when no release states the policy): both or neither, real dates, deprecated no earlier
 * than the release itself, the sunset at least the notice later.
 */
function lifecycleDates(
  entry: JsonObject,
  at: string,
  date: string,
  notice: number | undefined,
): Pick<Release, 'deprecated' | 'sunset'> {
  const {deprecated, sunset} = entry;
  if (deprecated === undefined && sunset === undefined) return {};
  for (const [name, value] of [
    ['deprecated', deprecated],
    ['sunset', sunset],
  ] as const) {
    if (value === undefined)
      throw new Error(`api-changes: ${at}.${name} is missing: a deprecated release gives both deprecated and sunset`);
    if (!isDate(value))
      throw new Error(`api-changes: ${at}.${name} is ${JSON.stringify(value)}, not a date YYYY-MM-DD`);
  }
  const [since, end] = [deprecated as string, sunset as string];
  if (since < date) throw new Error(`api-changes: ${at}.deprecated ${since} is before the release's own date ${date}`);
  if (notice === undefined)
    throw new Error(`api-changes: ${at}.sunset is given, but no release states x-api-lifecycle.deprecationNoticeDays`);
  if (daysBetween(since, end) < notice) {
    throw new Error(
      `api-changes: ${at}.sunset ${end} is ${daysBetween(since, end)} days after its deprecation ${since}; the policy (x-api-lifecycle.deprecationNoticeDays) needs at least ${notice}`,
    );
  }
  return {deprecated: since, sunset: end};
}

/** Every release, oldest first. */
export function readReleases(dir: string = RELEASES_DIR): Release[] {
  const manifest = path.join(dir, MANIFEST);
  const list = readJson(manifest);
  if (!Array.isArray(list)) throw new Error(`api-changes: ${manifest} is not a list of releases`);
  const entries = list.map((entry, i): {entry: JsonObject; release: Release} => {
    const at = `${manifest} [${i}]`;
    if (!isObject(entry)) throw new Error(`api-changes: ${at} is not an object`);
    const {version, date, summary} = entry;
    if (typeof version !== 'string' || !VERSION.test(version))
      throw new Error(`api-changes: ${at}.version is not MAJOR.MINOR.PATCH`);
    if (typeof date !== 'string' || !DATE.test(date))
      throw new Error(`api-changes: ${at}.date is not a date YYYY-MM-DD`);
    if (typeof summary !== 'string' || !summary.trim()) throw new Error(`api-changes: ${at}.summary is missing`);
    const file = path.join(dir, `${version}.json`);
    if (!existsSync(file)) throw new Error(`api-changes: ${at}: its definition ${file} is missing`);
    const definition = readJson(file);
    if (!isObject(definition) || !isObject(definition.info) || definition.info.version !== version) {
      throw new Error(
        `api-changes: ${file} has info.version ${JSON.stringify(isObject(definition) && isObject(definition.info) ? definition.info.version : undefined)}, not ${version}`,
      );
    }
    return {entry, release: {version, date, summary, definition}};
  });
  // The policy in force is the newest release's that states one (1.0.0 states none).
  const notice = entries
    .map(({release}) => lifecycleOf(release.definition as JsonObject)?.deprecationNoticeDays)
    .filter((days) => days !== undefined)
    .at(-1);
  const releases = entries.map(({entry, release}, i) => ({
    ...release,
    ...lifecycleDates(entry, `${manifest} [${i}] (${release.version})`, release.date, notice),
  }));
  for (const [i, release] of releases.entries()) {
    const before = releases[i - 1];
    if (before && (compareVersions(before.version, release.version) >= 0 || before.date > release.date)) {
      throw new Error(
        `api-changes: ${manifest}: ${release.version} must come after ${before.version}, in version and date`,
      );
    }
  }
  return releases;
}
