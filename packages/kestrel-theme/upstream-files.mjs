/**
 * The drift record of the upstream files our theme copies, patches, wraps or repairs
 * (packages/kestrel-theme/upstream-files.json; packages/kestrel-theme/UPSTREAM.md says what each
 * coupling point does with them). Each entry names a file under node_modules, the version of its
 * package and the sha256 of the file as it was when someone last checked our code against it.
 *
 * Read by the drift test (tests/unit/upstream-drift.test.ts), which names every file whose content
 * changed or that is gone, and by `npm run upstream:record` (scripts/record-upstream-files.mjs),
 * which rewrites the versions and hashes from the installed files once the coupling points have
 * been re-checked. To add a file: add an entry with `package`, `path` and `couplingPoints`, then
 * run `npm run upstream:record` to fill in `version` and `sha256`.
 */
import {createHash} from 'node:crypto';
import {existsSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';

/** Where the record lives, relative to the repository root. */
export const RECORD_FILE = 'packages/kestrel-theme/upstream-files.json';
/** The ledger whose rows the record's coupling points name. */
export const LEDGER_FILE = 'packages/kestrel-theme/UPSTREAM.md';

/**
 * @typedef {{package: string, version: string, path: string, sha256: string, couplingPoints: string[]}} RecordEntry
 * @typedef {{entry: RecordEntry, installedVersion: string | undefined, reason: 'missing' | 'changed'}} Drift
 */

const SHA256 = /^[0-9a-f]{64}$/;
const COUPLING_POINT = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Checks the record's shape and returns its entries. Throws naming the entry and field at fault.
 * `complete: false` accepts entries that have no version or hash yet (before the first record).
 * @param {any} raw
 * @param {{complete?: boolean}} [options]
 * @returns {RecordEntry[]}
 */
export function validateRecord(raw, {complete = true} = {}) {
  if (!raw || typeof raw !== 'object' || !Array.isArray(raw.files)) {
    throw new Error(`${RECORD_FILE}: expected an object with a "files" array`);
  }
  const seen = new Set();
  raw.files.forEach((/** @type {any} */ entry, /** @type {number} */ i) => {
    const where = `${RECORD_FILE}: files[${i}]${entry && typeof entry.path === 'string' ? ` (${entry.path})` : ''}`;
    if (!entry || typeof entry !== 'object') throw new Error(`${where}: expected an object`);
    if (typeof entry.package !== 'string' || entry.package === '')
      throw new Error(`${where}: "package" must be a package name`);
    if (typeof entry.path !== 'string' || !entry.path.startsWith(`node_modules/${entry.package}/`)) {
      throw new Error(`${where}: "path" must be a file under node_modules/${entry.package}/`);
    }
    if (seen.has(entry.path)) throw new Error(`${where}: "path" is recorded twice`);
    seen.add(entry.path);
    if (
      !Array.isArray(entry.couplingPoints) ||
      entry.couplingPoints.length === 0 ||
      !entry.couplingPoints.every((/** @type {unknown} */ c) => typeof c === 'string' && COUPLING_POINT.test(c))
    ) {
      throw new Error(
        `${where}: "couplingPoints" must list the kebab-case ids of the ${LEDGER_FILE} rows that rely on this file`,
      );
    }
    if (!complete && entry.version === undefined && entry.sha256 === undefined) return;
    if (typeof entry.version !== 'string' || entry.version === '')
      throw new Error(`${where}: "version" must be the package's version`);
    if (typeof entry.sha256 !== 'string' || !SHA256.test(entry.sha256))
      throw new Error(`${where}: "sha256" must be 64 lowercase hex digits`);
  });
  return raw.files;
}

/**
 * The record at `root`, validated.
 * @param {string} root
 * @param {{complete?: boolean}} [options]
 * @returns {RecordEntry[]}
 */
export function readRecord(root, options) {
  const file = path.join(root, RECORD_FILE);
  let raw;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${RECORD_FILE}: cannot read it as JSON (${/** @type {Error} */ (error).message})`, {
      cause: error,
    });
  }
  return validateRecord(raw, options);
}

/**
 * The installed version of `pkg` under `root`, or undefined when the package is not installed.
 * @param {string} root
 * @param {string} pkg
 * @returns {string | undefined}
 */
export function installedVersion(root, pkg) {
  const manifest = path.join(root, 'node_modules', pkg, 'package.json');
  if (!existsSync(manifest)) return undefined;
  return JSON.parse(readFileSync(manifest, 'utf8')).version;
}

/**
 * The sha256 of the installed file, or undefined when it is missing.
 * @param {string} root
 * @param {string} relativePath
 * @returns {string | undefined}
 */
export function installedHash(root, relativePath) {
  const file = path.join(root, relativePath);
  if (!existsSync(file)) return undefined;
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

/**
 * The recorded files whose installed copy differs from the record: `missing` (the file or its
 * package is gone) or `changed` (other content). A version bump that leaves a file byte for byte
 * the same is not drift: the coupling point still holds against it.
 * @param {string} root
 * @param {RecordEntry[]} entries
 * @returns {Drift[]}
 */
export function upstreamDrift(root, entries) {
  /** @type {Drift[]} */
  const drift = [];
  for (const entry of entries) {
    const sha256 = installedHash(root, entry.path);
    const version = installedVersion(root, entry.package);
    if (sha256 === undefined) drift.push({entry, installedVersion: version, reason: 'missing'});
    else if (sha256 !== entry.sha256) drift.push({entry, installedVersion: version, reason: 'changed'});
  }
  return drift;
}

/**
 * One line per drifted file: package, recorded and installed version, path, what to re-check.
 * @param {Drift} drift
 */
export function describeDrift({entry, installedVersion: installed, reason}) {
  const versions = `recorded ${entry.version}, installed ${installed ?? 'none (package not installed)'}`;
  const what = reason === 'missing' ? 'MISSING' : 'CHANGED';
  return `${what} ${entry.package} (${versions}): ${entry.path}; re-check ${entry.couplingPoints.join(', ')}`;
}

/**
 * The whole report for a list of drifted files, or '' when there is none.
 * @param {Drift[]} drift
 */
export function driftReport(drift) {
  if (drift.length === 0) return '';
  return [
    `${drift.length} upstream file(s) differ from ${RECORD_FILE}.`,
    `Re-check each coupling point named below against its section in ${LEDGER_FILE} (and our file it names),`,
    'then run `npm run upstream:record` to record the files as installed:',
    ...drift.map((d) => `  - ${describeDrift(d)}`),
    '',
  ].join('\n');
}

/**
 * Rewrites the record from the installed files: each entry gets its package's installed version
 * and the file's sha256. Throws naming every missing file (remove or repoint its entry first).
 * Returns the entries that changed.
 * @param {string} root
 * @returns {RecordEntry[]}
 */
export function rewriteRecord(root) {
  const file = path.join(root, RECORD_FILE);
  const raw = JSON.parse(readFileSync(file, 'utf8'));
  const entries = validateRecord(raw, {complete: false});
  const missing = entries.filter((e) => installedHash(root, e.path) === undefined);
  if (missing.length > 0) {
    throw new Error(
      `${RECORD_FILE}: cannot record files that are not installed (run \`npm ci\`, or remove or repoint these entries):\n` +
        missing.map((e) => `  - ${e.package}: ${e.path} (${e.couplingPoints.join(', ')})`).join('\n'),
    );
  }
  /** @type {RecordEntry[]} */
  const updated = [];
  raw.files = entries.map((entry) => {
    const next = {...entry, version: installedVersion(root, entry.package), sha256: installedHash(root, entry.path)};
    // Every file is installed (checked above), so its package has a version and the file a hash.
    if (next.version !== entry.version || next.sha256 !== entry.sha256) updated.push(/** @type {RecordEntry} */ (next));
    // Field order kept stable so the diff of a re-record shows only what moved.
    return {
      package: next.package,
      version: next.version,
      path: next.path,
      sha256: next.sha256,
      couplingPoints: next.couplingPoints,
    };
  });
  writeFileSync(file, `${JSON.stringify(raw, null, 2)}\n`);
  return updated;
}
