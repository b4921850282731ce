/**
 * The released definitions and the versioning policy: the repository's releases (1.0.0 as it was
 * released, 2.0.0 with its breaking changes and a note for each), the policy on a release (a
 * breaking change needs a major version and a migration note), the unreleased definition, and the
 * generic engine's verdicts our rules do not give.
 */
import {describe, expect, it} from 'vitest';
import {diffByRules, diffDefinitions} from '../../definition/changes/diff.ts';
import {readReleases, releaseHistory, type Release} from '../../definition/changes/index.ts';
import {releaseProblems, unreleasedProblems} from '../../definition/changes/release-checks.ts';
import {breaking, fixture, type Fixture} from './api-changes-fixture.ts';

type HistoryEntry = ReturnType<typeof releaseHistory>[number];

describe("the repository's releases", () => {
  it('keep 1.0.0 and 2.0.0, oldest first, each with its bundled definition', () => {
    const releases = readReleases();
    expect(releases.map((r) => [r.version, r.date])).toEqual([
      ['1.0.0', '2026-11-26'],
      ['2.0.0', '2026-11-27'],
    ]);
    const [first, second] = releases.map((r) => r.definition as Fixture);
    expect(first.components.schemas.PayoutStatus.enum).not.toContain('EXPIRED');
    expect(second.components.schemas.PayoutStatus.enum).toContain('EXPIRED');
  });

  it('2.0.0 is a major release whose breaking changes each have a migration note', {timeout: 60_000}, () => {
    const [latest, first] = releaseHistory() as [HistoryEntry, HistoryEntry];
    expect(latest.release.version).toBe('2.0.0');
    expect(latest.previous?.version).toBe('1.0.0');
    expect(first).toMatchObject({release: {version: '1.0.0'}, changes: [], fixes: []});
    const ids = new Set(breaking(latest.changes).map((c) => c.id));
    // The diff's four, and the six its notes declare that the diff cannot see (pricing, rounding,
    // what a key keeps and how it compares bodies, what deliverySuccess means).
    expect([...ids].sort()).toEqual([
      'declared/body-comparison:#/components/parameters/IdempotencyKey/x-idempotency/bodyComparison',
      'declared/delivery-semantics:#/components/schemas/Event/properties/deliverySuccess',
      'declared/kept-answers:#/components/parameters/IdempotencyKey/x-idempotency/outcomes',
      'declared/pricing:#/components/schemas/CurrencyExchangeQuote/properties/rate',
      'declared/pricing:#/components/schemas/PaymentQuote/properties/exchangeRate',
      'declared/rounding:#/components/schemas/PaymentQuote',
      'enum-value-added:#/components/schemas/CurrencyExchangeQuoteStatus/enum',
      'enum-value-added:#/components/schemas/PayoutStatus/enum',
      'pattern-changed:#/components/schemas/BalanceAmount/properties/amount',
      'response-field-removed:#/components/schemas/ReceiveRequest/properties/lnInvoice',
    ]);
    expect(releaseProblems(latest.previous!, latest.release, latest.changes, latest.notes)).toEqual([]);
    const payout = latest.changes.find(
      (c) => c.id.includes('PayoutStatus') && c.operation?.slug === 'find-payout-by-id',
    );
    expect(payout).toMatchObject({anchor: 'response-200.status', schema: 'PayoutStatus'});
  });
});

describe('the versioning policy', () => {
  const release = (version: string, definition: object): Release => ({
    version,
    date: '2026-12-01',
    summary: version,
    definition,
  });
  const older = release('1.0.0', fixture());
  const withExpired = () => {
    const doc = fixture();
    doc.components.schemas.WidgetStatus.enum = ['NEW', 'DONE', 'EXPIRED'];
    return doc;
  };
  const id = 'enum-value-added:#/components/schemas/WidgetStatus/enum';

  it('a breaking change released as a major version with its migration note passes', () => {
    const changes = diffByRules(older.definition, withExpired());
    expect(
      releaseProblems(older, release('2.0.0', withExpired()), changes, {[id]: 'Treat `EXPIRED` as final.'}),
    ).toEqual([]);
  });

  it('a breaking change released as a minor version fails, naming it', () => {
    const changes = diffByRules(older.definition, withExpired());
    const problems = releaseProblems(older, release('1.1.0', withExpired()), changes, {
      [id]: 'Treat `EXPIRED` as final.',
    });
    expect(problems[0]).toBe('1.1.0 is a minor release after 1.0.0, but its changes need a major release:');
    expect(problems[1]).toContain(`[#/components/schemas/WidgetStatus/enum] (id ${id})`);
  });

  it('a breaking change released without its migration note fails, naming it', () => {
    const changes = diffByRules(older.definition, withExpired());
    expect(releaseProblems(older, release('2.0.0', withExpired()), changes, {[id]: ' '})).toEqual([
      expect.stringMatching(/^2\.0\.0 has no migration note for a breaking change: `WidgetStatus` .* gained `EXPIRED`/),
    ]);
  });

  it('a migration note under an id the release does not have fails, naming the id (it would never show)', () => {
    const changes = diffByRules(older.definition, withExpired());
    const stray = 'enum-value-added:#/components/schemas/WidgetState/enum';
    expect(
      releaseProblems(older, release('2.0.0', withExpired()), changes, {
        [id]: 'Treat `EXPIRED` as final.',
        [stray]: 'x',
      }),
    ).toEqual([`2.0.0 has a migration note for a change it does not have: ${stray}`]);
  });

  it('an additive change needs a minor version, no note', () => {
    const newer = fixture();
    newer.components.schemas.Widget.properties = {
      ...newer.components.schemas.Widget.properties,
      colour: {type: 'string'},
    };
    const changes = diffByRules(older.definition, newer);
    expect(releaseProblems(older, release('1.1.0', newer), changes, {})).toEqual([]);
    expect(releaseProblems(older, release('1.0.1', newer), changes, {})).toEqual([
      '1.0.1 is a patch release after 1.0.0, but its changes need a minor release:',
    ]);
  });

  it('the unreleased definition may not hold a breaking change', {timeout: 60_000}, () => {
    const {problems} = unreleasedProblems(older, withExpired());
    expect(problems[0]).toMatch(/^unreleased breaking change: `WidgetStatus` .* gained `EXPIRED`/);
    expect(problems.at(-1)).toContain('npm run release:cut -- 2.0.0');
  });
});

describe('the generic engine (Redocly diff)', () => {
  it('adds the major verdicts our rules do not give, naming the operation', {timeout: 60_000}, () => {
    const [before, after] = [fixture(), fixture()];
    for (const doc of [before, after]) {
      Object.assign(doc.components, {securitySchemes: {apiKey: {type: 'http', scheme: 'bearer'}}});
    }
    Object.assign(after.paths['/widgets'].post, {security: [{apiKey: ['widgets.write']}]});
    expect(diffByRules(before, after)).toEqual([]);
    expect(diffDefinitions(before, after)).toMatchObject([
      {
        rule: 'redocly/security-requirement-changed',
        severity: 'breaking',
        pointer: '#/paths/~1widgets/post/security',
        operation: {slug: 'create-widget'},
        message: 'createWidget (POST /widgets): Authentication became required.',
      },
    ]);
  });

  it('leaves a field moved to a new schema to our rules, which judge it where it is used', {timeout: 60_000}, () => {
    const [before, after] = [fixture(), fixture()];
    before.components.schemas.WidgetCreate.properties.name.pattern = '^[a-z]+$';
    // The request field now refers to a new schema that also takes capitals: every example still matches.
    after.components.schemas.WidgetName = {
      type: 'string',
      maxLength: 40,
      pattern: '^([a-z]+|[A-Z]+)$',
      examples: ['gear'],
    };
    after.components.schemas.WidgetCreate.properties.name = {$ref: '#/components/schemas/WidgetName'};
    expect(diffDefinitions(before, after).map((c) => [c.rule, c.severity])).toEqual([['pattern-changed', 'additive']]);
    // A new schema that refuses what the field took is still breaking, by our rule.
    after.components.schemas.WidgetName.pattern = '^[A-Z]+$';
    expect(diffDefinitions(before, after).map((c) => [c.rule, c.severity])).toEqual([['pattern-changed', 'breaking']]);
  });
});
