#!/usr/bin/env node
// npm run release:cut -- <version> --summary "<one line>" [--date YYYY-MM-DD]
//
// Cuts a release of the definition: sets info.version in openapi/openapi.yaml, bundles openapi/
// into openapi/releases/<version>.json, adds the release to openapi/releases/releases.json, and
// writes openapi/releases/<version>.notes.yaml with an empty migration note for each breaking
// change, for the writer to fill in (the check fails while one is empty), and the changes the diff
// cannot see that openapi/releases/next.notes.yaml declared (that file is then removed). It
// refuses a version that does not come after the last release, or a bump smaller than the changes
// need (a breaking change, found or declared, needs a major version), naming the changes; then the
// definition is left as it was.
import {existsSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {format, resolveConfig} from 'prettier';
import {stringify} from 'yaml';
import {
  declaredOf,
  NEXT_VERSION,
  notesFile as notesPath,
  parseReleaseNotes,
  readReleaseNotes,
} from '../definition/index.ts';
import {diffDefinitions, readReleases} from '../definition/index.ts';
import {breakingOnce, bumpProblems} from '../definition/index.ts';
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

/**
 * A declared change as the notes file writes it (its id is made from its kind and pointer).
 * @param {import('../definition/index.ts').DeclaredChange} change
 */
const asWritten = ({kind, pointer, severity, summary, note}) => ({kind, pointer, severity, summary, note});

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

const notesFile = notesPath(version);
const nextFile = notesPath(NEXT_VERSION);
// The notes written ahead (next.notes.yaml, or the version's own file) with the changes they declare.
let releaseNotes;
let declared;
try {
  const [own, next] = [readReleaseNotes(version), readReleaseNotes(NEXT_VERSION)];
  releaseNotes = parseReleaseNotes(
    {notes: {...next.notes, ...own.notes}, declared: [...own.declared, ...next.declared].map(asWritten)},
    `${path.relative(ROOT, notesFile)} with ${path.relative(ROOT, nextFile)}`,
  );
  declared = declaredOf(releaseNotes, definition, path.relative(ROOT, existsSync(nextFile) ? nextFile : notesFile));
} catch (error) {
  writeFileSync(DEFINITION, source);
  fail(/** @type {Error} */ (error).message);
}

const changes = [...(last ? diffDefinitions(last.definition, definition) : []), ...declared.changes];
const refused = last ? bumpProblems(last.version, version, changes) : [];
if (refused.length) {
  writeFileSync(DEFINITION, source);
  fail(refused.join('\n'));
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
  // What the manifest said of each earlier release, lifecycle dates included; not its definition.
  ...releases.map(({definition: _definition, ...entry}) => entry),
  {version, date, summary: summary.trim()},
];
await writeFormatted(path.join(RELEASES_DIR, MANIFEST), JSON.stringify(manifest));

const notes = {...releaseNotes.notes};
const breaking = breakingOnce(changes);
// A declared change carries its own note; a breaking change the diff found gets one to write.
for (const change of breaking) if (!(change.id in declared.notes)) notes[change.id] ??= '';
const written = {
  notes,
  declared: releaseNotes.declared.map(asWritten),
};
if (breaking.length || releaseNotes.declared.length || Object.keys(notes).length)
  await writeFormatted(notesFile, stringify(written, {lineWidth: 0}));
if (existsSync(nextFile)) rmSync(nextFile);

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
