/**
 * The drift test: every upstream file our theme copies, patches, wraps or repairs is recorded in
 * packages/kestrel-theme/upstream-files.json with its package version and sha256. After an upgrade
 * this fails once, naming every recorded file that changed or is gone, with the coupling points
 * (rows of packages/kestrel-theme/UPSTREAM.md) to re-check. Then `npm run upstream:record`.
 */
import {mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {
  LEDGER_FILE,
  RECORD_FILE,
  driftReport,
  installedHash,
  installedVersion,
  readRecord,
  upstreamDrift,
  validateRecord,
} from '../../scripts/upstream-files.mjs';

const ROOT = path.resolve(__dirname, '../..');
const entries = readRecord(ROOT);
const ledger = readFileSync(path.join(ROOT, LEDGER_FILE), 'utf8');

/** The coupling points of the ledger: one `### id` section each. */
const ledgerPoints = [...ledger.matchAll(/^### ([a-z0-9]+(?:-[a-z0-9]+)*)\s*$/gm)].map((m) => m[1]!);

describe('upstream drift', () => {
  it('every recorded upstream file is installed with the content it was checked against', () => {
    const drift = upstreamDrift(ROOT, entries);
    // One failure naming every drifted file (package, versions, path, coupling points to re-check).
    expect(drift.length, driftReport(drift)).toBe(0);
  });
});

describe(`${RECORD_FILE} and ${LEDGER_FILE}`, () => {
  it('record the files of every package the theme reaches into', () => {
    const packages = new Set(entries.map((e) => e.package));
    for (const pkg of [
      '@docusaurus/core',
      '@docusaurus/theme-classic',
      '@docusaurus/theme-common',
      '@cmfcmf/docusaurus-search-local',
      '@algolia/autocomplete-js',
    ]) {
      expect(packages.has(pkg), pkg).toBe(true);
    }
  });

  it('name only coupling points that have a section in the ledger', () => {
    const recorded = new Set(entries.flatMap((e) => e.couplingPoints));
    expect([...recorded].filter((c) => !ledgerPoints.includes(c))).toEqual([]);
  });

  it('every ledger section names its guard, and a section guarded by drift has recorded files', () => {
    const recorded = new Set(entries.flatMap((e) => e.couplingPoints));
    const sections = ledger.split(/^### /m).slice(1);
    const problems = sections
      .map((text) => ({id: text.slice(0, text.indexOf('\n')).trim(), guard: /^- \*\*Guard:\*\*(.*)$/m.exec(text)?.[1]}))
      .filter(({id}) => ledgerPoints.includes(id))
      .flatMap(({id, guard}) => {
        if (!guard) return [`${id}: no "- **Guard:**" line`];
        if (/\bdrift\b/.test(guard) && !recorded.has(id))
          return [`${id}: guarded by drift, but no file in ${RECORD_FILE} names it`];
        return [];
      });
    expect(problems).toEqual([]);
  });

  it('ledger sections are unique', () => {
    expect(ledgerPoints.filter((c, i) => ledgerPoints.indexOf(c) !== i)).toEqual([]);
  });

  it('ledger states each upstream package at its installed version', () => {
    // "**Upstream:** `package` 1.2.3 ..." lines; a bump shows up here as well as in the drift list.
    const stated = [...ledger.matchAll(/^- \*\*Upstream:\*\*(.*)$/gm)].flatMap((m) => [
      ...m[1]!.matchAll(/`(@?[a-z0-9][\w.-]*(?:\/[\w.-]+)?)` (\d+\.\d+\.\d+)/g),
    ]);
    expect(stated.length).toBeGreaterThan(10);
    const wrong = stated
      .map(([, pkg, version]) => ({pkg: pkg!, version: version!, installed: installedVersion(ROOT, pkg!)}))
      .filter((s) => s.installed !== s.version)
      .map((s) => `${s.pkg}: ledger says ${s.version}, installed ${s.installed ?? 'none'}`);
    expect(wrong).toEqual([]);
  });
});

describe('the drift check itself', () => {
  // A small node_modules of its own, so the check is shown to fail on a changed and a missing file.
  const root = mkdtempSync(path.join(os.tmpdir(), 'kestrel-drift-'));
  afterAll(() => rmSync(root, {recursive: true, force: true}));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), {recursive: true});
    writeFileSync(path.join(root, file), text);
  };
  write('node_modules/upstream-a/package.json', JSON.stringify({version: '1.0.0'}));
  write('node_modules/upstream-a/lib/template.js', 'export default "<html>";\n');
  write('node_modules/upstream-a/lib/other.js', 'export const other = 1;\n');
  const recorded = (file: string, couplingPoints: string[]) => ({
    package: 'upstream-a',
    version: '1.0.0',
    path: file,
    sha256: installedHash(root, file)!,
    couplingPoints,
  });
  const record = validateRecord({
    files: [
      recorded('node_modules/upstream-a/lib/template.js', ['page-template']),
      recorded('node_modules/upstream-a/lib/other.js', ['other-point']),
    ],
  });

  it('passes while the files are as recorded', () => {
    expect(upstreamDrift(root, record)).toEqual([]);
    expect(driftReport([])).toBe('');
  });

  it('names every changed and every missing file, with versions and coupling points, in one report', () => {
    write('node_modules/upstream-a/package.json', JSON.stringify({version: '1.1.0'}));
    write('node_modules/upstream-a/lib/template.js', 'export default "<html lang>";\n');
    rmSync(path.join(root, 'node_modules/upstream-a/lib/other.js'));
    const report = driftReport(upstreamDrift(root, record));
    expect(report).toContain('2 upstream file(s) differ');
    expect(report).toContain(
      'CHANGED upstream-a (recorded 1.0.0, installed 1.1.0): node_modules/upstream-a/lib/template.js; re-check page-template',
    );
    expect(report).toContain(
      'MISSING upstream-a (recorded 1.0.0, installed 1.1.0): node_modules/upstream-a/lib/other.js; re-check other-point',
    );
  });

  it('refuses a malformed record, naming the entry and the field', () => {
    const entry = {
      package: 'upstream-a',
      version: '1.0.0',
      path: 'node_modules/upstream-a/x.js',
      sha256: 'f'.repeat(64),
      couplingPoints: ['x'],
    };
    expect(() => validateRecord({files: [{...entry, path: 'elsewhere/x.js'}]})).toThrow(
      /files\[0\].*"path" must be a file under node_modules\/upstream-a\//,
    );
    expect(() => validateRecord({files: [{...entry, sha256: 'abc'}]})).toThrow(
      /files\[0\] \(node_modules\/upstream-a\/x.js\): "sha256"/,
    );
    expect(() => validateRecord({files: [{...entry, couplingPoints: []}]})).toThrow(/"couplingPoints"/);
    expect(() => validateRecord({files: [entry, entry]})).toThrow(/files\[1\].*recorded twice/);
    expect(() => validateRecord({})).toThrow(/"files" array/);
  });
});
