#!/usr/bin/env node
// npm run release:cut -- <version> --summary "<one line>" [--date YYYY-MM-DD]
//
// Cuts a release of the definition: sets info.version in openapi/openapi.yaml, bundles openapi/
// into openapi/releases/<version>.json, adds the release to openapi/releases/releases.json, and
// writes openapi/releases/<version>.notes.yaml with an empty migration note for each breaking
// change, for the writer to fill in (the check fails while one is empty). It refuses a version
// that does not come after the last release, or a bump smaller than the changes need (a breaking
// change needs a major version), naming the changes; then the definition is left as it was.
import {existsSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {format, resolveConfig} from 'prettier';
import {parse, stringify} from 'yaml';
import {diffDefinitions, readReleases} from '../definition/index.ts';
import {breakingOnce, bumpBetween, describeChange, requiredBump} from '../definition/index.ts';
import {compareVersions, MANIFEST, RELEASES_DIR, versionParts} from '../definition/index.ts';
import {bundleWorkingDefinition, DEFINITION, ROOT} from '../tooling/working-definition.mjs';

const USAGE = 'usage: npm run release:cut -- <version> --summary "<what the release brings>" [--date YYYY-MM-DD]';

/**
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  console.error(`release:cut: ${message}`);
  process.exit(1);
}

let args;
try {
  args = parseArgs({
    allowPositionals: true,
    options: {summary: {type: 'string'}, date: {type: 'string'}},
  });
} catch (error) {
  fail(`${/** @type {Error} */ (error).message}\n${USAGE}`);
}
const [version] = args.positionals;
const {summary, date = new Date().toISOString().slice(0, 10)} = args.values;
if (!version || args.positionals.length > 1) fail(`give one version\n${USAGE}`);
try {
  versionParts(version);
} catch {
  fail(`the version "${version}" is not MAJOR.MINOR.PATCH`);
}
if (!summary?.trim()) fail(`--summary is missing: one line saying what the release brings\n${USAGE}`);
if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date)))
  fail(`--date "${date}" is not a date YYYY-MM-DD`);

const releases = readReleases();
const last = releases.at(-1);
if (last && compareVersions(version, last.version) <= 0)
  fail(`${version} does not come after the last release, ${last.version}`);
if (last && date < last.date) fail(`--date ${date} is before the last release's date, ${last.date}`);

// info.version is edited as text, so the rest of the file keeps its layout.
const source = readFileSync(DEFINITION, 'utf8');
const versionLine = /^(info:\n(?:[ \t]+.*\n|\n)*?[ \t]+version:[ \t]*).*$/m;
if (!versionLine.test(source)) fail(`no info.version line found in ${path.relative(ROOT, DEFINITION)}`);
writeFileSync(DEFINITION, source.replace(versionLine, `$1${version}`));
let definition;
try {
  definition = await bundleWorkingDefinition();
} catch (error) {
  writeFileSync(DEFINITION, source);
  fail(/** @type {Error} */ (error).message);
}

const changes = last ? diffDefinitions(last.definition, definition) : [];
if (last) {
  const needed = requiredBump(changes);
  const bump = bumpBetween(last.version, version);
  if ({patch: 0, minor: 1, major: 2}[bump] < {patch: 0, minor: 1, major: 2}[needed]) {
    writeFileSync(DEFINITION, source);
    fail(
      `${version} is a ${bump} release after ${last.version}, but the changes need a ${needed} release:\n` +
        breakingOnce(changes)
          .map((c) => `- ${describeChange(c)}`)
          .join('\n'),
    );
  }
}

/**
 * Writes a file as Prettier formats it, so that the format check passes on what the command wrote.
 * @param {string} file
 * @param {string} text
 */
async function writeFormatted(file, text) {
  writeFileSync(file, await format(text, {...(await resolveConfig(file)), filepath: file}));
}

await writeFormatted(path.join(RELEASES_DIR, `${version}.json`), JSON.stringify(definition));
const manifest = [
  ...releases.map(({version: v, date: d, summary: s}) => ({version: v, date: d, summary: s})),
  {version, date, summary: summary.trim()},
];
await writeFormatted(path.join(RELEASES_DIR, MANIFEST), JSON.stringify(manifest));

const notesFile = path.join(RELEASES_DIR, `${version}.notes.yaml`);
const notes = existsSync(notesFile) ? (parse(readFileSync(notesFile, 'utf8')) ?? {}) : {};
const breaking = breakingOnce(changes);
for (const change of breaking) notes[change.id] ??= '';
if (breaking.length || existsSync(notesFile)) await writeFormatted(notesFile, stringify(notes, {lineWidth: 0}));

console.log(
  `release:cut: ${version} (${date}) -> ${path.relative(ROOT, RELEASES_DIR)}/${version}.json; ` +
    `${new Set(changes.map((c) => c.id)).size} change(s) since ${last?.version ?? 'nothing'}, ${breaking.length} breaking.`,
);
const empty = Object.entries(notes).filter(([, note]) => !String(note).trim());
if (empty.length) {
  console.log(
    `Write a migration note (Markdown: what a client must do) for each of these in ${path.relative(ROOT, notesFile)}:\n` +
      empty.map(([id]) => `- ${id}`).join('\n'),
  );
}
console.log('Then run `npm run gen-api` and `npm run check:api-changes`.');
