/**
 * The Markdown twins of the API pages, generated from the bundled definition
 * (plugins/llms-txt/openapi-markdown.ts): one per operation and webhook event, each with its
 * method and path, scope, parameters, schemas, examples and error codes, and no HTML.
 */
import {describe, it, expect} from 'vitest';
import {OpenApiMarkdown, compactJson, firstSentence} from '../../plugins/llms-txt/openapi-markdown';
import {loadBundledDefinition} from './openapi-definition';
import {buildDefinition} from '../../definition/index.ts';
import {addCodeSamples} from '../../plugins/api-reference/code-samples.ts';
import {fencedBlocks, markupOutsideCode} from '../llms-markdown';

const doc = loadBundledDefinition();
const model = buildDefinition(doc);
// The bundle as the build publishes it, with each operation page's samples (x-codeSamples).
const published = buildDefinition(await addCodeSamples(structuredClone(doc)));
const pages = new OpenApiMarkdown(model, '').pages();
const operations = pages.filter((p) => p.kind === 'operation');
const webhooks = pages.filter((p) => p.kind === 'webhook');
const page = (slug: string) => pages.find((p) => p.slug === slug)!;

describe('API twins from the definition', () => {
  it('writes one twin per operation, at the operation slugs, and one per webhook event', () => {
    expect(operations.map((p) => p.slug).sort()).toEqual(model.operations.map((op) => op.slug).sort());
    expect(webhooks.map((p) => p.slug).sort()).toEqual(model.webhooks.map((w) => w.slug).sort());
    for (const p of pages) expect(p.route).toBe(`/api/${p.slug}`);
  });

  it.each(pages.map((p) => [p.slug, p] as const))('%s: a title, no HTML, only JSON or bash code', (_, p) => {
    expect(p.markdown.startsWith(`# ${p.title}\n`)).toBe(true);
    expect(markupOutsideCode(p.markdown)).toEqual([]);
    for (const block of fencedBlocks(p.markdown)) {
      expect(['json', 'bash', 'http']).toContain(block.info);
      if (block.info === 'json') expect(() => JSON.parse(block.body)).not.toThrow();
    }
    expect(p.summary).not.toMatch(/\n/);
  });

  it.each(operations.map((p) => [p.slug, p] as const))('%s: method, path, scope, responses and errors', (_, p) => {
    expect(p.markdown).toContain(`${p.method} https://api.kestrel.example/v1${p.path}`);
    expect(p.markdown).toMatch(/- \*\*Scope:\*\* `partner\.[a-z.-]+`/);
    // The request is the page's cURL tab word for word: the snippet engine's, not a second rendering.
    const tab = published.operations.find((o) => o.slug === p.slug)!.codeSamples.find((s) => s.lang === 'cURL')!;
    expect(p.markdown).toContain(`## Example request\n\n\`\`\`bash\n${tab.source}\n\`\`\`\n`);
    // A section per status, as the page has a heading per status (#response-201, #response-404).
    const responses = p.markdown.split('\n## Responses\n')[1]!;
    const statuses = [...responses.matchAll(/^### (\d{3})$/gm)].map((m) => m[1]);
    const operation = model.operations.find((o) => o.slug === p.slug)!;
    const byStatus = operation.responses.map((r) => r.status);
    expect(statuses).toEqual([...byStatus.filter((s) => Number(s) < 400), ...byStatus.filter((s) => Number(s) >= 400)]);
    expect(statuses[0]).toMatch(/^2\d\d$/);
    expect(responses).not.toMatch(/^## /m);
    // The answers every operation shares, by their codes only.
    expect(p.markdown).toContain('### 401\n\n`UNAUTHORIZED`.\n\n### 403\n\n`INSUFFICIENT_SCOPE`');
    expect(p.markdown).toContain('[error codes](/api/introduction.md#error-codes)');
  });

  it('gives a POST its body fields, examples and idempotency key', () => {
    const md = page('issue-invoice').markdown;
    expect(md).toContain('POST https://api.kestrel.example/v1/invoices');
    expect(md).toContain('- **Scope:** `partner.invoice.create`');
    expect(md).toMatch(/\| `Idempotency-Key` \| header \| string \| yes \|/);
    expect(md).toMatch(/## Request body\n\n`application\/json`, required\./);
    expect(md).toMatch(/\| `amount\.currency` \| string \(Currency\) \| yes \| .*`BTC`/);
    // Read-only fields are not part of a request, but are part of the response.
    const request = md.slice(md.indexOf('## Request body'), md.indexOf('## Example request'));
    expect(request).not.toMatch(/\| `id` \|/);
    const response = md.slice(md.indexOf('## Responses'));
    expect(response).toMatch(/\| `id` \| string \(uuid\) \| yes \|/);
    expect(response).toMatch(/\| `status` \| string \(InvoiceStatus\) \| yes \| .*`UNPAID`/);
    expect(md).toMatch(/### 422\n\n`VALIDATION_FAILED`/);
    const example = md.slice(md.indexOf('## Example request'), md.indexOf('## Responses'));
    expect(example).toContain("curl 'https://api.sandbox.kestrel.example/v1/invoices' \\\n  --request POST");
    expect(example).toContain('IDEMPOTENCY_KEY=$(uuidgen');
    expect(example).toContain('--header "Idempotency-Key: $IDEMPOTENCY_KEY"');
    // The key reaches curl through a file descriptor, never in its arguments.
    expect(example).toContain(`--header @<(printf 'Authorization: Bearer %s\\n' "$KESTREL_API_KEY")`);
    expect(example).not.toContain('Bearer $KESTREL_API_KEY');
    expect(example).toContain('"reference": "order-1042"');
  });

  it('gives a list operation its query options and the item fields', () => {
    const md = page('get-invoices').markdown;
    for (const name of ['$filter', '$orderby', '$skip', '$top']) expect(md).toContain(`| \`${name}\` | query |`);
    expect(md).toMatch(/\| `items\[\]\.status` \|/);
    expect(md).toMatch(/### 400\n\n`INVALID_QUERY_OPTION`, `API_VERSION_UNSUPPORTED`: /);
  });

  it('gives path parameters declared on the path item', () => {
    expect(page('find-invoice-by-id').markdown).toMatch(/\| `invoiceId` \| path \| string \(uuid\) \| yes \|/);
  });

  it('gives a webhook event its type, signature header, payload and expected answer', () => {
    const md = page('invoice-updated-webhook').markdown;
    expect(md).toContain('Webhook event `invoice.updated`');
    expect(md).toMatch(/## Delivery\n\n### Headers[\s\S]*\| `Kestrel-Signature` \| header \|/);
    expect(md).toContain('[Webhook signature verification](/webhooks/signature-verification.md)');
    expect(md).toMatch(/### Payload[\s\S]*Schema `Event`/);
    expect(md).toMatch(/```json\n\{\n {2}"id"/);
    expect(md).toMatch(/## Your endpoint's answers\n\n### 200\n\nYour endpoint accepted/);
  });

  it('points links at the twins, root-relative', () => {
    expect(page('issue-invoice').markdown).toContain('(/kestrel-oauth-connect.md)');
    expect(page('issue-invoice').markdown).toContain('(/rate-limits.md)');
    expect(page('issue-invoice').markdown).not.toMatch(/\]\(\/[^)]*\/\.md/);
  });
});

describe('helpers', () => {
  it('keeps short JSON objects on one line', () => {
    expect(compactJson({a: {amount: '1.00', currency: 'USD'}, b: [1, 2]})).toBe(
      '{"a":{"amount":"1.00","currency":"USD"},"b":[1,2]}',
    );
    expect(compactJson({long: 'x'.repeat(80), m: {a: 1}})).toBe(`{\n  "long": "${'x'.repeat(80)}",\n  "m": {"a":1}\n}`);
  });
  it('takes the first sentence', () => {
    expect(firstSentence('Returns one invoice. Call it when `invoice.updated` arrives.')).toBe('Returns one invoice.');
    expect(firstSentence('Cancels an `UNPAID` invoice, e.g. one.\nMore.')).toBe(
      'Cancels an `UNPAID` invoice, e.g. one.',
    );
  });
});
