/**
 * The changelog's data (api/changelog.json) from the release history: releases newest first, each
 * change in its group (breaking, additive, deprecated) with a link to a row that exists on its
 * page (or the page alone when the row is gone), its migration note, and a "Changed in" note on
 * each page whose subject a recent release changed. Also the versioning policy's lists and the
 * compatibility section on / that names the open enums.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import type {ApiPage} from '../../config/api-page.ts';
import {releaseHistory, type ApiChange, type ReleaseHistoryEntry} from '../../definition/changes/index.ts';
import {readReleaseNotes} from '../../definition/changes/release-notes.ts';
import {CHANGE_RULES} from '../../definition/changes/rules.ts';
import {loadDefinition} from '../../definition/index.ts';
import {openEnumsOf} from '../../definition/open-enums.ts';
import {changelogData, entryAnchor, pageAnchors} from '../../plugins/api-reference/changelog.ts';
import {operationPage, webhookPage} from '../../plugins/api-reference/page-data.ts';
import {versioningPolicy} from '../../plugins/api-reference/versioning-policy.ts';
import {ROOT} from './openapi-definition';

const model = loadDefinition();
const pages = new Map<string, ApiPage>([
  ...model.operations.map((op) => [op.slug, operationPage(model, op)] as const),
  ...model.webhooks.map((w) => [w.slug, webhookPage(w)] as const),
]);
const history = releaseHistory();
const {changelog, pageChanges} = changelogData(model, pages, history);

/** A history of one release after 2.0.0 with the given changes and notes. */
function withRelease(changes: Omit<ApiChange, 'id'>[], notes: Record<string, string> = {}): ReleaseHistoryEntry[] {
  const release = {version: '2.1.0', date: '2026-12-15', summary: 'A test release.', definition: {}};
  return [
    {
      release,
      previous: history[0]!.release,
      changes: changes.map((c) => ({id: `${c.rule}:${c.pointer}`, ...c})),
      notes,
      fixes: [],
    },
    ...history,
  ];
}

describe('the changelog data', () => {
  it('lists at least two releases, newest first, each with its version and date', () => {
    expect(changelog.length).toBeGreaterThanOrEqual(2);
    expect(changelog.map((r) => r.version)).toEqual(history.map((h) => h.release.version));
    expect(changelog.at(-1)!.version).toBe('1.0.0');
    const versions = changelog.map((r) => r.version.split('.').map(Number));
    for (let i = 1; i < versions.length; i++) {
      const [a, b] = [versions[i - 1]!, versions[i]!];
      expect(a[0]! * 1e6 + a[1]! * 1e3 + a[2]!).toBeGreaterThan(b[0]! * 1e6 + b[1]! * 1e3 + b[2]!);
    }
    for (const release of changelog) expect(release.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('groups the changes of each release breaking, then additive, then deprecated, then its fixes to every version, every change once (one entry per id)', () => {
    for (const [i, release] of changelog.entries()) {
      const order = ['breaking', 'additive', 'deprecated', 'fix-to-every-version'];
      expect(release.groups.map((g) => order.indexOf(g.severity))).toEqual(
        [...release.groups.map((g) => order.indexOf(g.severity))].sort(),
      );
      for (const group of release.groups.filter((g) => g.severity !== 'fix-to-every-version')) {
        const expected = history[i]!.changes.filter((c) => c.severity === group.severity).map((c) => c.id);
        expect(group.entries.map((e) => e.id)).toEqual([...new Set(expected)]);
      }
      const fixes = release.groups.find((g) => g.severity === 'fix-to-every-version')?.entries ?? [];
      expect(fixes.map((e) => e.id)).toEqual(history[i]!.fixes.map((f) => f.id));
      expect(release.groups.flatMap((g) => g.entries)).toHaveLength(
        new Set(history[i]!.changes.map((c) => c.id)).size + history[i]!.fixes.length,
      );
    }
    expect(changelog[0]!.groups[0]!.severity).toBe('breaking');
  });

  it('links every change to /api/<slug>#<anchor> where that page has the anchor', () => {
    const links = changelog.flatMap((r) => r.groups.flatMap((g) => g.entries.flatMap((e) => e.links)));
    expect(links.length).toBeGreaterThan(0);
    // The rule data at the root links the guide section that draws it (the build checks those anchors).
    for (const link of links.filter((l) => !l.href.startsWith('/api/'))) {
      expect([
        '/#idempotency',
        '/webhooks/failure-recovery#retry-schedule',
        '/webhooks/signature-verification#the-signature-scheme',
      ]).toContain(link.href);
    }
    for (const link of links.filter((l) => l.href.startsWith('/api/'))) {
      const match = /^\/api\/([a-z0-9-]+)(?:#(.+))?$/.exec(link.href);
      expect(match, link.href).not.toBeNull();
      const page = pages.get(match![1]!);
      expect(page, link.href).toBeDefined();
      expect(link.page).toBe(page!.summary);
      if (match![2]) expect(pageAnchors(page!).has(match![2]), link.href).toBe(true);
    }
    const release = changelog.find((r) => r.version === '2.0.0')!;
    const balance = release.groups
      .flatMap((g) => g.entries)
      .find((e) => e.id === 'pattern-changed:#/components/schemas/BalanceAmount/properties/amount');
    expect(balance?.links).toEqual([
      {
        href: '/api/get-account-balance-details#response-200.items[].available.amount',
        page: 'Get account balance details',
        anchor: 'response-200.items[].available.amount',
      },
    ]);
  });

  it('links a change to a schema to each row that shows it, the changed property where it still exists', () => {
    const {changelog: log} = changelogData(
      model,
      pages,
      withRelease([
        {
          rule: 'enum-value-added',
          severity: 'additive',
          message: 'x',
          pointer: '#/components/schemas/PayoutStatus/enum',
          schema: 'PayoutStatus',
        },
        {
          rule: 'response-field-removed',
          severity: 'breaking',
          message: 'y',
          pointer: '#/components/schemas/Payout/properties/gone',
          schema: 'Payout',
        },
      ]),
    );
    const [breaking, additive] = log[0]!.groups;
    expect(additive!.entries[0]!.links.map((l) => l.href)).toContain('/api/find-payout-by-id#response-200.status');
    expect(additive!.entries[0]!.links.map((l) => l.href)).toContain('/api/get-payouts#response-200.items[].status');
    // The removed property has no row left: the entry links where the schema is, on the operation page.
    expect(breaking!.entries[0]!.links.map((l) => l.href)).toContain('/api/find-payout-by-id#response-200');
  });

  it('links a removed item (no anchor) to its operation page alone, and groups a deprecation last', () => {
    const {changelog: log} = changelogData(
      model,
      pages,
      withRelease([
        {
          rule: 'deprecated',
          severity: 'deprecated',
          message: '`$skip` is deprecated.',
          pointer: '#/components/parameters/Skip',
          operation: {slug: 'get-invoices', operationId: 'getInvoices'},
          anchor: 'query.$skip',
        },
        {
          rule: 'error-code-removed',
          severity: 'breaking',
          message: '`INVOICE_NOT_FOUND` is no longer answered.',
          pointer: '#/paths/~1invoices~1{invoiceId}/get/responses/404',
          operation: {slug: 'find-invoice-by-id', operationId: 'findInvoiceById'},
        },
      ]),
    );
    expect(log[0]!.groups.map((g) => [g.severity, g.title])).toEqual([
      ['breaking', 'Breaking changes'],
      ['deprecated', 'Deprecations'],
    ]);
    expect(log[0]!.groups[0]!.entries[0]!.links).toEqual([
      {href: '/api/find-invoice-by-id', page: 'Find invoice by ID'},
    ]);
    expect(log[0]!.groups[1]!.entries[0]!.links[0]!.href).toBe('/api/get-invoices#query.$skip');
  });

  it('fails, naming the change, when the anchor of a link is not on its page', () => {
    expect(() =>
      changelogData(
        model,
        pages,
        withRelease([
          {
            rule: 'type-changed',
            severity: 'breaking',
            message: 'z',
            pointer: '#/components/schemas/Invoice/properties/nothing',
            operation: {slug: 'issue-invoice', operationId: 'issueInvoice'},
            anchor: 'request-body.nothing',
          },
        ]),
      ),
    ).toThrow(
      /type-changed:#\/components\/schemas\/Invoice\/properties\/nothing links \/api\/issue-invoice#request-body\.nothing/,
    );
  });

  it('fails on a migration note for a change the release does not have', () => {
    expect(() => changelogData(model, pages, withRelease([], {'type-changed:/nowhere': 'Do this.'}))).toThrow(
      /2\.1\.0\.notes\.yaml has notes for changes the release does not have: type-changed:\/nowhere/,
    );
  });

  it('gives every breaking change of 2.0.0 its migration note, as HTML', () => {
    const release = changelog.find((r) => r.version === '2.0.0')!;
    const breaking = release.groups.find((g) => g.severity === 'breaking')!;
    expect(breaking.entries.length).toBeGreaterThan(0);
    for (const entry of breaking.entries) expect(entry.noteHtml, entry.id).toMatch(/^<p>.+<\/p>$/s);
  });

  it("files each change 2.0.0's notes declare in the section its severity names, with its note", () => {
    const release = changelog.find((r) => r.version === '2.0.0')!;
    const {declared} = readReleaseNotes('2.0.0');
    expect(declared.length).toBeGreaterThan(0);
    const section = {breaking: 'breaking', 'fix-to-every-version': 'fix-to-every-version'} as const;
    for (const change of declared) {
      const holding = release.groups.filter((g) => g.entries.some((e) => e.id === change.id));
      expect(
        holding.map((g) => g.severity),
        change.id,
      ).toEqual([section[change.severity]]);
      const entry = holding[0]!.entries.find((e) => e.id === change.id)!;
      expect(entry.noteHtml, change.id).toMatch(/^<p>.+<\/p>$/s);
      expect(entry.links.length, change.id).toBeGreaterThan(0);
    }
    // What 1.0.0's code can notice (pricing, rounding, deliverySuccess, what a key keeps) is not additive.
    const additive = release.groups.find((g) => g.severity === 'additive')!;
    expect(additive.entries.filter((e) => e.id.startsWith('declared/'))).toEqual([]);
    const kinds = (severity: string) => new Set(declared.filter((d) => d.severity === severity).map((d) => d.kind));
    expect([...kinds('breaking')].sort()).toEqual(
      ['body-comparison', 'delivery-semantics', 'kept-answers', 'pricing', 'rounding'].sort(),
    );
    expect([...kinds('fix-to-every-version')].sort()).toEqual(['key-scope', 'lifecycle', 'validation']);
    expect(release.groups.map((g) => g.heading)).toEqual([
      'Breaking changes in 2.0.0',
      'Additive changes in 2.0.0',
      'Fixes with 2.0.0 that apply to every version',
    ]);
  });

  it('links each release to its definition for download', () => {
    for (const release of changelog) expect(release.definitionHref).toBe(`/openapi/releases/${release.version}.json`);
  });

  it('notes the recent changes on each page they touch, in the words naming that page, linking the changelog entry', () => {
    const notes = pageChanges.get('find-payout-by-id')!;
    const id = 'enum-value-added:#/components/schemas/PayoutStatus/enum';
    expect(notes[0]).toEqual({
      version: '2.0.0',
      severity: 'breaking',
      messageHtml:
        '<code>PayoutStatus</code> (<code>status</code> of the 200 answer of findPayoutById (GET /payouts/{payoutId})) gained <code>EXPIRED</code>, in an enum not declared open.',
      href: `/api/introduction#${entryAnchor('2.0.0', id)}`,
    });
    // One note per changelog entry, though the shared schema reaches the page in several answers.
    expect(new Set(notes.map((n) => n.href)).size).toBe(notes.length);
    // Additive changes are counted in one line that links the release's additive list.
    expect(notes.at(-1)).toMatchObject({
      severity: 'additive',
      messageHtml: expect.stringMatching(/^\d+ additive changes to what this page documents\.$/),
      href: '/api/introduction#release-2-0-0-additive',
    });
    expect(notes.filter((n) => n.severity === 'additive')).toHaveLength(1);
    const anchors = new Set(
      changelog.flatMap((r) => [
        ...r.groups.map((g) => `${r.anchor}-${g.severity}`),
        ...r.groups.flatMap((g) => g.entries.map((e) => e.anchor)),
      ]),
    );
    for (const list of pageChanges.values())
      for (const note of list) expect(anchors.has(note.href.split('#')[1]!)).toBe(true);
    // Only reference pages carry the note: the idempotency table's change links the guide.
    expect([...pageChanges.keys()].every((slug) => pages.has(slug))).toBe(true);
  });
});

describe('the versioning policy data', () => {
  const policy = versioningPolicy(model);

  it('states every change rule once, in its severity, in the words of the check', () => {
    for (const severity of ['breaking', 'additive', 'deprecated'] as const) {
      expect(policy.rules[severity]).toHaveLength(CHANGE_RULES.filter((r) => r.severity === severity).length);
    }
    expect(policy.rules.breaking).toContain(
      'A value is added to an enum an answer or an event carries that the definition does not declare open.',
    );
  });

  it('names the open enums with their values today', () => {
    expect(policy.openEnums.map((e) => e.name)).toEqual(openEnumsOf(model.document));
    expect(policy.openEnums.find((e) => e.name === 'Currency')!.values).toEqual(['BTC', 'USD', 'EUR', 'GBP']);
    expect(policy.openEnums.find((e) => e.name === 'EventType')!.values).toContain('invoice.created');
    expect(policy.openEnums.find((e) => e.name === 'ErrorCode')!.values).toHaveLength(model.errorCodes.length);
  });
});

describe('the compatibility section on /', () => {
  it('names exactly the enums the definition declares open', () => {
    const guide = readFileSync(path.join(ROOT, 'docs', 'introduction.md'), 'utf8');
    const line = guide.split('\n').find((l) => l.startsWith('- **Enum values:**'));
    expect(line).toBeDefined();
    const named = [...line!.split('. ')[0]!.matchAll(/`([A-Z]\w+)`/g)].map((m) => m[1]);
    expect(named.sort()).toEqual([...openEnumsOf(model.document)].sort());
  });
});
