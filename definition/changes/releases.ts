/**
 * The released definitions, kept in the repository so that a clone without history has them:
 * `openapi/releases/releases.json` lists the releases oldest first (`version`, `date`, `summary`),
 * `openapi/releases/<version>.json` is each one's bundled definition, and
 * `openapi/releases/<version>.notes.yaml` maps a change id to its migration note (Markdown).
 * A malformed manifest, a missing definition or a definition whose `info.version` is not its
 * release fails, naming the file and the field.
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {parse} from 'yaml';
import {isObject} from '../refs.ts';
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

/** Every release, oldest first. */
export function readReleases(dir: string = RELEASES_DIR): Release[] {
  const manifest = path.join(dir, MANIFEST);
  const list = readJson(manifest);
  if (!Array.isArray(list)) throw new Error(`api-changes: ${manifest} is not a list of releases`);
  const releases = list.map((entry, i): Release => {
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
    return {version, date, summary, definition};
  });
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

/** A release's migration notes by change id; none when it has no notes file. */
export function readNotes(version: string, dir: string = RELEASES_DIR): Record<string, string> {
  const file = path.join(dir, `${version}.notes.yaml`);
  if (!existsSync(file)) return {};
  const notes: unknown = parse(readFileSync(file, 'utf8')) ?? {};
  if (!isObject(notes)) throw new Error(`api-changes: ${file} is not a map from change id to note`);
  for (const [id, note] of Object.entries(notes)) {
    if (typeof note !== 'string') throw new Error(`api-changes: ${file}: the note of "${id}" is not text`);
  }
  return notes as Record<string, string>;
}
