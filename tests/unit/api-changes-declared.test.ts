/**
 * Changes the diff cannot see, declared in a release's notes (`declared` in
 * `<version>.notes.yaml`, or `next.notes.yaml` before the cut): a declared breaking change of
 * pricing, rounding, key scope or delivery semantics released as a minor version is refused by the
 * check and by `release:cut` (bumpProblems), naming its kind and pointer; as a major version with
 * its note it passes; a fix to every version needs no bump; the unreleased state may not hold a
 * declared breaking change. A malformed notes file fails, naming the file and the entry.
 */
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import type {Release} from '../../definition/changes/index.ts';
import {bumpProblems, releaseProblems, unreleasedProblems} from '../../definition/changes/release-checks.ts';
import {
  declaredOf,
  parseReleaseNotes,
  readReleaseNotes,
  type DeclaredChange,
  type ReleaseNotes,
} from '../../definition/changes/release-notes.ts';
import {fixture, type Fixture} from './api-changes-fixture.ts';

/** The fixture with what the declared changes below concern: a quote and an event's delivery state. */
function definition(version = '1.0.0'): Fixture {
  const doc = fixture();
  doc.info.version = version;
  doc.components.schemas.WidgetQuote = {
    type: 'object',
    properties: {rate: {type: 'string'}, total: {type: 'string'}},
  };
  doc.components.schemas.WidgetEvent.properties.deliverySuccess = {type: 'boolean'};
  return doc;
}

const release = (version: string): Release => ({
  version,
  date: '2026-12-01',
  summary: version,
  definition: definition(version),
});

/** A declared change as the notes file holds it, parsed as the check parses it. */
function notesOf(...declared: Omit<DeclaredChange, 'id'>[]): ReleaseNotes {
  return parseReleaseNotes({declared}, 'fixture.notes.yaml');
}

/** The changes a release has: none found by the diff (the definitions are equal), its declared ones. */
function changesOf(notes: ReleaseNotes, version = '2.0.0') {
  return declaredOf(notes, release(version).definition, 'fixture.notes.yaml');
}

const CASES: [string, Omit<DeclaredChange, 'id'>][] = [
  [
    'pricing',
    {
      kind: 'pricing',
      pointer: '#/components/schemas/WidgetQuote/properties/rate',
      severity: 'breaking',
      summary: 'A quote is priced at the `ask`, not the `mid`.',
      note: 'Predict it from the `ask`.',
    },
  ],
  [
    'rounding',
    {
      kind: 'rounding',
      pointer: '#/components/schemas/WidgetQuote/properties/total',
      severity: 'breaking',
      summary: 'What you pay is rounded up, not half up.',
      note: 'Round up.',
    },
  ],
  [
    'key scope',
    {
      kind: 'key-scope',
      pointer: '#/components/parameters/IdempotencyKey',
      severity: 'breaking',
      summary: 'A key belongs to the account, not to the API key.',
      note: 'Use one key per operation across your API keys.',
    },
  ],
  [
    'delivery semantics',
    {
      kind: 'delivery-semantics',
      pointer: '#/components/schemas/WidgetEvent/properties/deliverySuccess',
      severity: 'breaking',
      summary: '`deliverySuccess` is true once every subscription acknowledged the event.',
      note: 'Read each delivery.',
    },
  ],
];

describe('a declared breaking change', () => {
  it.each(CASES)('of %s released as a minor version is refused, naming its kind and pointer', (_, declared) => {
    const {changes, notes} = changesOf(notesOf(declared), '1.1.0');
    const id = `declared/${declared.kind}:${declared.pointer}`;
    const problems = releaseProblems(release('1.0.0'), release('1.1.0'), changes, notes);
    expect(problems).toEqual([
      '1.1.0 is a minor release after 1.0.0, but its changes need a major release:',
      `  ${declared.summary} [${declared.pointer}] (id ${id})`,
    ]);
    // release:cut refuses the same bump with the same lines.
    expect(bumpProblems('1.0.0', '1.1.0', changes)).toEqual(problems);
  });

  it.each(CASES)('of %s released as a major version with its note passes', (_, declared) => {
    const {changes, notes} = changesOf(notesOf(declared));
    expect(changes).toHaveLength(1);
    expect(releaseProblems(release('1.0.0'), release('2.0.0'), changes, notes)).toEqual([]);
  });

  it.each(CASES)('of %s may not wait unreleased in next.notes.yaml, though openapi/ is unchanged', (_, declared) => {
    const {problems} = unreleasedProblems(release('1.0.0'), definition(), notesOf(declared));
    expect(problems[0]).toBe(
      `unreleased breaking change: ${declared.summary} [${declared.pointer}] (id declared/${declared.kind}:${declared.pointer})`,
    );
    expect(problems[1]).toContain('npm run release:cut -- 2.0.0');
  });
});

describe('a declared fix to every version', () => {
  const fix = notesOf({
    kind: 'lifecycle',
    pointer: '#/paths/~1widgets/post',
    severity: 'fix-to-every-version',
    summary: 'A widget can be created once per name.',
    note: 'Expect `409` for a second one, whatever version you ask for.',
  });

  it('needs no bump: a patch release holds it, and it is listed apart from the changes, with its operation', () => {
    const {changes, notes, fixes} = changesOf(fix, '1.0.1');
    expect(changes).toEqual([]);
    expect(releaseProblems(release('1.0.0'), release('1.0.1'), changes, notes)).toEqual([]);
    expect(fixes).toMatchObject([{kind: 'lifecycle', operation: {slug: 'create-widget', operationId: 'createWidget'}}]);
    expect(unreleasedProblems(release('1.0.0'), definition(), fix).problems).toEqual([]);
  });
});

describe('the notes file', () => {
  const entry = {
    kind: 'pricing',
    pointer: '#/components/schemas/WidgetQuote/properties/rate',
    severity: 'breaking',
    summary: 'Priced at the ask.',
    note: 'Use the ask.',
  };
  const file = 'openapi/releases/9.0.0.notes.yaml';
  const BAD: [string, unknown, string][] = [
    ['a list at the top', [entry], `${file}: is not a map with \`notes\` and \`declared\``],
    [
      'an id at the top (the map of notes goes under `notes`)',
      {'enum-value-added:#/x': 'note'},
      `${file}: has "enum-value-added:#/x" at its top level; it takes \`notes\` (change id -> note) and \`declared\` (a list)`,
    ],
    ['a note that is not text', {notes: {'a:#/b': 3}}, `${file}: notes: the note of "a:#/b" is not text`],
    [
      'an unknown kind',
      {declared: [{...entry, kind: 'colour'}]},
      `${file}: declared[0] (colour #/components/schemas/WidgetQuote/properties/rate): kind "colour" is not one of meaning, pricing, rounding, key-scope, kept-answers, body-comparison, delivery-semantics, lifecycle, validation`,
    ],
    [
      'an unknown severity',
      {declared: [{...entry, severity: 'minor'}]},
      `${file}: declared[0] (pricing #/components/schemas/WidgetQuote/properties/rate): severity "minor" is not one of breaking, fix-to-every-version`,
    ],
    [
      'a pointer that is no JSON pointer',
      {declared: [{...entry, pointer: 'WidgetQuote.rate'}]},
      `${file}: declared[0] (pricing WidgetQuote.rate): pointer "WidgetQuote.rate" is not a JSON pointer into the definition (#/...)`,
    ],
    [
      'no note',
      {declared: [entry, {...entry, kind: 'rounding', note: ' '}]},
      `${file}: declared[1] (rounding #/components/schemas/WidgetQuote/properties/rate): note is missing: what a client's code must do`,
    ],
    [
      'no summary',
      {declared: [{...entry, summary: undefined}]},
      `${file}: declared[0] (pricing #/components/schemas/WidgetQuote/properties/rate): summary is missing: one sentence saying what changed`,
    ],
    [
      'the same change twice',
      {declared: [entry, entry]},
      `${file}: declared[1] (pricing #/components/schemas/WidgetQuote/properties/rate): is declared twice (the same kind and pointer)`,
    ],
    [
      'a field it does not take',
      {declared: [{...entry, since: '1.0.0'}]},
      `${file}: declared[0] (pricing #/components/schemas/WidgetQuote/properties/rate): has since; it takes kind, pointer, severity, summary and note`,
    ],
  ];

  it.each(BAD)('with %s fails, naming the file and the entry', (_, content, message) => {
    expect(() => parseReleaseNotes(content, file)).toThrow(`api-changes: ${message}`);
  });

  it('fails on a declared pointer that names nothing in the release, naming the file and pointer', () => {
    const notes = notesOf({...entry, pointer: '#/components/schemas/WidgetQuote/properties/price'} as never);
    expect(() => declaredOf(notes, definition(), file)).toThrow(
      `api-changes: ${file}: the declared pricing change's pointer #/components/schemas/WidgetQuote/properties/price names nothing in the definition`,
    );
  });

  describe('read from a directory', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'declared-notes-'));
    afterAll(() => rmSync(dir, {recursive: true, force: true}));

    it('reads notes and declared changes, each with its id; no file is no notes', () => {
      writeFileSync(
        path.join(dir, 'next.notes.yaml'),
        [
          'notes:',
          "  'enum-value-added:#/components/schemas/WidgetStatus/enum': Treat `EXPIRED` as final.",
          'declared:',
          '  - kind: pricing',
          "    pointer: '#/components/schemas/WidgetQuote/properties/rate'",
          '    severity: breaking',
          '    summary: Priced at the ask.',
          '    note: Use the ask.',
          '',
        ].join('\n'),
      );
      expect(readReleaseNotes('next', dir)).toEqual({
        notes: {'enum-value-added:#/components/schemas/WidgetStatus/enum': 'Treat `EXPIRED` as final.'},
        declared: [{id: 'declared/pricing:#/components/schemas/WidgetQuote/properties/rate', ...entry}],
      });
      expect(readReleaseNotes('3.0.0', dir)).toEqual({notes: {}, declared: []});
    });

    it('fails on YAML it cannot parse, naming the file', () => {
      writeFileSync(path.join(dir, '4.0.0.notes.yaml'), 'notes: [unclosed\n');
      expect(() => readReleaseNotes('4.0.0', dir)).toThrow(
        `api-changes: cannot read ${path.join(dir, '4.0.0.notes.yaml')}`,
      );
    });
  });
});
