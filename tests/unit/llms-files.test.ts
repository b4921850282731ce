/**
 * The text of llms.txt and llms-full.txt (plugins/llms-txt/llms-files.ts).
 */
import {describe, it, expect} from 'vitest';
import {fullBytesBudget, llmsFullTxt, llmsTxt, LLMS_FULL_BUDGET, type Link} from '../../plugins/llms-txt/llms-files';

const SITE = 'https://docs.kestrel.example';
const header = {title: 'Kestrel Developers', summary: 'Kestrel is a payments API.', details: 'Every page has a twin.'};
const guide: Link = {title: 'Rate limits', route: '/rate-limits/', description: 'How many requests.\nPer window.'};
const home: Link = {title: 'Introduction', route: '/', description: 'Start here.'};
const op: Link = {title: 'Get invoices', route: '/api/get-invoices', description: '`GET /invoices`. Lists invoices.'};

describe('llmsTxt', () => {
  it('writes the llmstxt.org layout with absolute links to the twins', () => {
    expect(
      llmsTxt(
        header,
        [
          {name: 'Guides', links: [home, guide]},
          {name: 'API reference', links: [op]},
        ],
        [{title: 'OpenAPI', route: '/openapi.yaml', description: ''}],
        SITE,
      ),
    ).toBe(
      [
        '# Kestrel Developers',
        '',
        '> Kestrel is a payments API.',
        '',
        'Every page has a twin.',
        '',
        '## Guides',
        '',
        `- [Introduction](${SITE}/index.md): Start here.`,
        `- [Rate limits](${SITE}/rate-limits.md): How many requests. Per window.`,
        '',
        '## API reference',
        '',
        `- [Get invoices](${SITE}/api/get-invoices.md): \`GET /invoices\`. Lists invoices.`,
        '',
        '## Optional',
        '',
        `- [OpenAPI](${SITE}/openapi.yaml)`,
        '',
      ].join('\n'),
    );
  });
});

describe('llmsTxt file sections', () => {
  it('links each file itself, not a twin, in its own section before Optional', () => {
    const workflow: Link = {
      title: 'make-a-payout.arazzo.yaml',
      route: '/workflows/make-a-payout.arazzo.yaml',
      description: 'Pay 2,500.00 EUR.',
    };
    const text = llmsTxt(header, [{name: 'Guides', links: [home]}], [], SITE, [{name: 'Workflows', links: [workflow]}]);
    expect(text).toContain(
      `## Guides\n\n- [Introduction](${SITE}/index.md): Start here.\n\n## Workflows\n\n- [make-a-payout.arazzo.yaml](${SITE}/workflows/make-a-payout.arazzo.yaml): Pay 2,500.00 EUR.\n\n## Optional\n`,
    );
  });
});

describe('llmsFullTxt', () => {
  const table = 'Schema `Invoice`: An invoice.\n\n| Field | Type |\n| --- | --- |\n| `id` | string |\n';
  const full = llmsFullTxt(header, [
    {link: guide, markdown: '# Rate limits\n\nText.\n', url: `${SITE}/rate-limits.md`},
    {link: op, markdown: `# Get invoices\n\n${table}\nAfter.\n`, url: `${SITE}/api/get-invoices.md`},
    {
      link: {...op, title: 'Find invoice', route: '/api/find-invoice-by-id'},
      markdown: `# Find invoice\n\n${table}\nEnd.\n`,
      url: `${SITE}/api/find-invoice-by-id.md`,
    },
  ]);

  it('puts every twin after the header, each with its address', () => {
    expect(
      full.startsWith('# Kestrel Developers\n\n> Kestrel is a payments API.\n\nEvery page has a twin.\n\n---\n\n'),
    ).toBe(true);
    expect(full).toContain(`---\n\nSource: ${SITE}/rate-limits.md\n\n# Rate limits\n\nText.\n`);
    expect(full).toContain(`Source: ${SITE}/api/get-invoices.md\n\n# Get invoices\n\n${table}\nAfter.\n`);
  });

  it('points a schema table it has already shown back to its first page', () => {
    expect(full).toContain(
      `Source: ${SITE}/api/find-invoice-by-id.md\n\n# Find invoice\n\nSchema \`Invoice\`: the fields listed under [Get invoices](/api/get-invoices.md) above.\n\nEnd.\n`,
    );
    expect(full.split('| `id` | string |')).toHaveLength(2);
  });
});

describe('fullBytesBudget', () => {
  it('is the fixed share plus one share per API page', () => {
    const budget = {fixedBytes: 1_000, bytesPerApiPage: 10};
    expect(fullBytesBudget(budget, 0)).toBe(1_000);
    expect(fullBytesBudget(budget, 57)).toBe(1_570);
  });

  it("grows the site's budget (LLMS_FULL_BUDGET) with the API, by its share per API page", () => {
    const {fixedBytes, bytesPerApiPage} = LLMS_FULL_BUDGET;
    expect(fullBytesBudget(LLMS_FULL_BUDGET, 0)).toBe(fixedBytes);
    expect(fullBytesBudget(LLMS_FULL_BUDGET, 570) - fullBytesBudget(LLMS_FULL_BUDGET, 57)).toBe(513 * bytesPerApiPage);
  });
});
