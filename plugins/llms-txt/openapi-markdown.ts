/**
 * Writes the Markdown twin of every API operation page and webhook event page from the definition
 * model (definition/: static/openapi.json with every `$ref` followed), the source the pages read.
 * Pages come in the model's order, which is the sidebar's: groups in the definition's tag order,
 * and within a group the operations as the definition writes them.
 *
 * The pages' HTML now holds every parameter, field, response and example (rendered on the
 * server from each page's data: src/components/ApiPage), so @signalwire/docusaurus-plugin-llms-txt could write
 * these twins from it as it does the guides'. We keep this writer because, for an API page, the
 * definition makes the better twin:
 * - a schema becomes one table, a row per field path (`amount.currency`) with type, required,
 *   constraints and description; the HTML is a tree of collapsible lists and tabs (oneOf options,
 *   one panel per response code and example) that would have to be read back into that shape
 *   from the theme's class names, which change between theme releases;
 * - the tables of a named schema (`Invoice`) are identical on every page, which is what lets
 *   llms-full.txt point back to the first one instead of repeating it (./llms-files.ts): the
 *   HTML inlines schemas without their names;
 * - it reads only the model, so it does not depend on what the theme draws.
 */
import {CODE_SAMPLE_LANGUAGES} from '../../config/code-sample-languages.ts';
import {SCHEME_LABELS} from '../../config/security-schemes';
import {asSentence, factWords, oneOfWords, typeWords, type Literals} from '../../config/schema-words';
import {twinPath} from '../../config/twin-path';
import type {
  ApiDefinition,
  Body,
  Example,
  Field,
  Json,
  ListFilter,
  Operation,
  Parameter,
  Response,
  SchemaFacts,
  SecurityRequirement,
  Webhook,
} from '../../definition/index.ts';
import {referenceSample} from '../api-reference/code-samples.ts';

/** The language of the twin's example request, one of the operation page's tabs. */
const CURL = (() => {
  const language = CODE_SAMPLE_LANGUAGES.find((l) => l.key === 'curl');
  if (!language)
    throw new Error('openapi-markdown: config/code-sample-languages.ts has no language with the key "curl"');
  return language;
})();

export type ApiPage = {
  kind: 'operation' | 'webhook';
  /** The page route: `/api/{slug}`, after the site's baseUrl. */
  route: string;
  slug: string;
  title: string;
  /** The first sentence of the description, for llms.txt. */
  summary: string;
  method: string;
  /** The path for an operation; the event type (`invoice.updated`) for a webhook. */
  path: string;
  tag: string;
  markdown: string;
};

/** Turns Markdown into one table cell: one line, pipes escaped. */
function cell(value: string): string {
  return value
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\|/g, '\\|')
    .trim();
}
const code = (value: unknown) => `\`${String(value)}\``;

/** JSON indented by two, except that an object or array that fits in 72 characters stays on one line. */
export function compactJson(value: unknown, indent = ''): string {
  const flat = JSON.stringify(value);
  if (value === null || typeof value !== 'object' || indent.length + flat.length <= 72) return flat;
  const inner = indent + '  ';
  const entries = Array.isArray(value)
    ? value.map((v) => inner + compactJson(v, inner))
    : Object.entries(value as Record<string, unknown>).map(
        ([k, v]) => `${inner}${JSON.stringify(k)}: ${compactJson(v, inner)}`,
      );
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  return entries.length ? `${open}\n${entries.join(',\n')}\n${indent}${close}` : flat;
}

export function firstSentence(text: string): string {
  const flat = text.replace(/\s*\n\s*/g, ' ').trim();
  const match = flat.match(/^.+?[.!?](?=\s+[A-Z`(]|$)/);
  return (match ? match[0] : flat).trim();
}

/** The fields of an object schema; an array's fields are its items'. */
const hasProperties = (field: Field) => !field.items && field.children.length > 0;

export class OpenApiMarkdown {
  /** Shared error answers (`#/components/responses/...`) that every operation can return. */
  private readonly commonErrors: Set<string>;

  constructor(
    private readonly model: ApiDefinition,
    /** The site's baseUrl without its trailing slash (`''` for `/`): links are root-relative. */
    private readonly baseUrl: string,
  ) {
    const counts = new Map<string, number>();
    for (const operation of model.operations) {
      for (const {component} of operation.responses) {
        if (component) counts.set(component, (counts.get(component) ?? 0) + 1);
      }
    }
    this.commonErrors = new Set(
      [...counts].filter(([, n]) => n === model.operations.length).map(([component]) => component),
    );
  }

  /** Links in definition text point at the Markdown twins, root-relative like the other twins'. */
  private links(markdown: string): string {
    return markdown.replace(/\]\((\/[^)\s]*)\)/g, (_, href: string) => {
      const url = new URL(href, 'http://site.invalid');
      return `](${this.baseUrl}${twinPath(url.pathname)}${url.hash})`;
    });
  }

  /** The type's words (config/schema-words.ts), as the page and get_operation say it. */
  typeLabel(schema: SchemaFacts): string {
    return typeWords(schema);
  }

  /**
   * Description plus what a reader needs to send a valid value, in the page's words
   * (config/schema-words.ts) as sentences: bounds, pattern, values (with their notes), default.
   */
  describe(schema: SchemaFacts): string {
    const parts: string[] = [];
    if (schema.description) parts.push(cell(this.links(schema.description)));
    const literals: Literals = {
      value: (value) => code(typeof value === 'string' ? value : JSON.stringify(value)),
      pattern: code,
    };
    // An enum with notes: each value with its note, where the page gives them a line each.
    const notes = schema.enumDescriptions ?? {};
    const noted = (value: Json) =>
      `${literals.value(value)}${notes[String(value)] ? ` (${notes[String(value)]})` : ''}`;
    for (const fact of factWords(schema, literals)) {
      const words =
        fact.kind === 'enum' && Object.keys(notes).length
          ? oneOfWords(schema.enum!.filter((v) => v !== null).map(noted))
          : fact.words;
      parts.push(cell(asSentence(words)));
    }
    return parts.join(' ');
  }

  /**
   * One row per field, nested objects and arrays of objects flattened as `a.b` and `a[].b`. A named
   * schema (`Money`, `Currency`) is spelled out where it first appears on the page (`shown`); later
   * fields of that schema point back to it, which keeps llms-full.txt within its size budget.
   */
  fieldRows(parent: Field, direction: 'request' | 'response', shown: Set<string>): string[] {
    const rows: string[] = [];
    for (const field of parent.children) {
      const name = field.schemaName;
      const shared =
        name && (hasProperties(field) || field.items?.type.includes('object') || field.enum)
          ? `${direction}:${name}`
          : undefined;
      const repeat = shared !== undefined && shown.has(shared);
      let description = this.describe(field);
      if (repeat) {
        const note = field.enum ? `A ${code(name)} value, as above.` : `Fields as in ${code(name)} above.`;
        description = [cell(this.links(field.description ?? '')), note].filter(Boolean).join(' ');
      }
      rows.push(
        `| ${code(field.path)} | ${cell(this.typeLabel(field))} | ${field.required ? 'yes' : 'no'} | ${description} |`,
      );
      if (repeat || field.recursive) continue;
      if (shared) shown.add(shared);
      if (field.items && field.children.length) {
        const itemsShared = field.items.schemaName ? `${direction}:${field.items.schemaName}` : undefined;
        if (itemsShared && shown.has(itemsShared)) {
          rows[rows.length - 1] = rows[rows.length - 1]!.replace(
            / \|$/,
            ` Item fields as in ${code(field.items.schemaName)} above. |`,
          );
          continue;
        }
        if (itemsShared) shown.add(itemsShared);
      }
      rows.push(...this.fieldRows(field, direction, shown));
      if (field.additionalProperties) {
        rows.push(
          `| ${code(field.additionalProperties.path)} | ${cell(this.typeLabel(field.additionalProperties))} | no | Any key. |`,
        );
      }
    }
    return rows;
  }

  schemaTable(root: Field, direction: 'request' | 'response', shown: Set<string>): string {
    const name = root.schemaName;
    const intro = name
      ? `Schema ${code(name)}${root.description ? `: ${cell(this.links(root.description))}` : '.'}`
      : '';
    if (!hasProperties(root)) {
      return [intro, '', `Type: ${this.typeLabel(root)}. ${this.describe(root)}`.trim()].join('\n');
    }
    return [
      intro,
      '',
      '| Field | Type | Required | Description |',
      '| --- | --- | --- | --- |',
      ...this.fieldRows(root, direction, shown),
    ]
      .join('\n')
      .trim();
  }

  private jsonBlock(value: unknown): string {
    return ['```json', compactJson(value), '```'].join('\n');
  }

  private exampleBlocks(examples: Example[]): string[] {
    return examples.flatMap((example) => [
      `Example ${code(example.name)}${example.summary ? `: ${cell(example.summary)}` : ''}`,
      '',
      this.jsonBlock(example.value),
      '',
    ]);
  }

  /** `x-filterable` in the words the operation's page uses (src/components/ApiPage/Sections.tsx). */
  private listFilter(filterable: ListFilter): string[] {
    const words = (names: string[]) =>
      names.length > 1 ? `${names.slice(0, -1).map(code).join(', ')} and ${code(names.at(-1))}` : code(names[0]);
    return [
      '### Filter and sort on',
      '',
      `${code('$filter')} compares and ${code('$orderby')} sorts on ${words(filterable.fields)}. A filter on another field answers ${code(400)} ${code('INVALID_QUERY_OPTION')}, naming these.`,
      ...filterable.any.map(
        ({collection, fields}) =>
          `Inside each item's ${code(collection)}, ${code('$filter')} reaches ${words(fields.map((f) => `d/${f}`))} with ${code(`${collection}/any(d: ...)`)}.`,
      ),
      '',
      ...filterable.examples.map(({filter, finds}) => `- ${code(`$filter=${filter}`)}${finds ? `: ${finds}` : ''}`),
      '',
    ];
  }

  private parameterTable(parameters: Parameter[], heading = '## Parameters'): string[] {
    if (!parameters.length) return [];
    const rows = parameters.map((p) => {
      const example =
        p.example !== undefined
          ? ` Example: ${code(typeof p.example === 'string' ? p.example : JSON.stringify(p.example))}.`
          : '';
      const description = [cell(this.links(p.description ?? '')), this.describe({...p.schema, description: undefined})]
        .filter(Boolean)
        .join(' ');
      return `| ${code(p.name)} | ${p.in} | ${cell(this.typeLabel(p.schema))} | ${p.required ? 'yes' : 'no'} | ${description}${example} |`;
    });
    return [
      heading,
      '',
      '| Name | In | Type | Required | Description |',
      '| --- | --- | --- | --- | --- |',
      ...rows,
      '',
    ];
  }

  private security(requirements: SecurityRequirement[], scopes: string[]): string[] {
    if (!requirements.length) return [];
    const schemes = requirements.map(({scheme}) => {
      const label = SCHEME_LABELS[scheme];
      if (!label) throw new Error(`openapi-markdown: no label for security scheme "${scheme}"`);
      return this.links(label);
    });
    return [
      `- **Authorization:** ${schemes.join(' or ')}`,
      `- **Scope:** ${scopes.length ? scopes.map(code).join(', ') : 'none'}`,
    ];
  }

  /**
   * The operation page's cURL sample, from the one snippet engine (snippets/reference/), so the
   * twin shows the request as the page does and no second renderer writes it: it calls the
   * sandbox with the documented example, and the key reaches curl from printf, not its arguments.
   */
  private curl(operation: Operation): string {
    return ['```' + CURL.highlight, referenceSample(this.model, operation, CURL.key), '```'].join('\n');
  }

  /**
   * A section per error status, under the same `### 400` heading as on the page, with its problem
   * codes (the codes the API sends). The answers every operation shares (401, 429, 500...), and any
   * answer shared from `components/responses`, get their codes or title only: their descriptions are
   * the same on every page, and the error codes of /api/introduction.md explain each code; spelled
   * out on each page they would take a tenth of llms-full.txt.
   */
  private errors(responses: Response[]): string[] {
    return responses
      .filter((r) => Number(r.status) >= 400)
      .flatMap((r) => {
        const codes = r.errorCodes.map(code).join(', ');
        const description = cell(this.links(r.description));
        const when =
          r.component && this.commonErrors.has(r.component)
            ? ''
            : r.component
              ? `${description.split(':')[0]}.`
              : description;
        return [`### ${r.status}`, '', [codes, when].filter(Boolean).join(': ') + (when ? '' : '.'), ''];
      });
  }

  private headerNote(responses: Response[]): string[] {
    const statuses = new Map<string, string[]>();
    for (const response of responses) {
      for (const {name} of response.headers) statuses.set(name, [...(statuses.get(name) ?? []), response.status]);
    }
    if (!statuses.size) return [];
    const everywhere = [...statuses].filter(([, s]) => s.length === responses.length).map(([h]) => code(h));
    const some = [...statuses].filter(([, s]) => s.length !== responses.length);
    const sentences: string[] = [];
    if (everywhere.length) sentences.push(`Response headers: ${everywhere.join(', ')}`);
    for (const [header, s] of some) sentences.push(`${code(header)} on ${s.join(', ')}`);
    return [`${sentences.join('; ')} ([rate limits](${this.baseUrl}/rate-limits.md)).`, ''];
  }

  /** An API page from its Markdown lines; `path` is the operation's path or the event type. */
  private page(kind: ApiPage['kind'], page: Operation | Webhook, path: string, lines: string[]): ApiPage {
    return {
      kind,
      route: `${this.baseUrl}/api/${page.slug}`,
      slug: page.slug,
      title: page.summary,
      summary: firstSentence(page.description || page.summary),
      method: page.method,
      path,
      tag: page.group,
      markdown:
        lines
          .join('\n')
          .replace(/\n{3,}/g, '\n\n')
          .trimEnd() + '\n',
    };
  }

  operationPage(operation: Operation): ApiPage {
    const server = this.model.servers[0]?.url ?? '';
    const sandbox = this.model.servers.find((s) => /sandbox/i.test(s.description ?? s.url))?.url;
    const {path, query, header} = operation.parameters;
    const shown = new Set<string>();
    const out: string[] = [
      `# ${operation.summary}`,
      '',
      '```http',
      `${operation.method} ${server}${operation.path}`,
      '```',
      '',
    ];
    out.push(this.links(operation.description).trim(), '');
    out.push(...this.security(operation.security, operation.scopes));
    if (sandbox) out.push(`- **Sandbox base URL:** ${code(sandbox)}`);
    out.push(`- **Operation ID:** ${code(operation.operationId)} (group: ${operation.group || 'none'})`, '');
    out.push(...this.parameterTable([...path, ...query, ...header]));
    if (operation.filterable) out.push(...this.listFilter(operation.filterable));

    const requestBody = operation.requestBody;
    if (requestBody) {
      out.push('## Request body', '');
      out.push(
        `${code(requestBody.mediaType)}, ${requestBody.required ? 'required' : 'optional'}. ${cell(this.links(requestBody.description ?? ''))}`,
        '',
      );
      out.push(this.schemaTable(requestBody.schema, 'request', shown), '');
      out.push(...this.exampleBlocks(requestBody.examples.slice(1)));
    }
    out.push('## Example request', '', this.curl(operation), '');

    // Every status is a section, as on the page (#response-201, #response-404).
    const errors = this.errors(operation.responses);
    out.push('## Responses', '', ...this.headerNote(operation.responses));
    if (errors.length) {
      out.push(
        `Branch on an error's \`code\`: the [error codes](${this.baseUrl}/api/introduction.md#error-codes) say what each means and what to do.`,
        '',
      );
    }
    for (const response of operation.responses) {
      if (Number(response.status) >= 400) continue;
      out.push(`### ${response.status}`, '', this.links(response.description).trim(), '');
      if (response.body) out.push(...this.bodySection(response.body, shown));
    }
    out.push(...errors);
    return this.page('operation', operation, operation.path, out);
  }

  private bodySection(body: Body, shown: Set<string>): string[] {
    return [
      `Body: ${code(body.mediaType)}.`,
      '',
      this.schemaTable(body.schema, 'response', shown),
      '',
      ...this.exampleBlocks(body.examples),
    ];
  }

  webhookPage(webhook: Webhook): ApiPage {
    const out: string[] = [`# ${webhook.summary}`, ''];
    out.push(
      `Webhook event ${code(webhook.event)}: Kestrel sends \`${webhook.method}\` to the \`webhookUrl\` of each [subscription](${this.baseUrl}/webhooks/setting-up-webhooks.md) to this event type.`,
      '',
      this.links(webhook.description).trim(),
      '',
    );
    // The page's sections: #delivery (headers and payload), then #responses with a #response-200 per status.
    out.push('## Delivery', '');
    if (webhook.headers.length) {
      out.push(...this.parameterTable(webhook.headers, '### Headers'));
      out.push(
        `Verify the signature before you trust the body: see [Webhook signature verification](${this.baseUrl}/webhooks/signature-verification.md).`,
        '',
      );
    }
    const payload = webhook.payload;
    if (payload) {
      out.push('### Payload', '');
      out.push(`${code(payload.mediaType)}. ${cell(this.links(payload.description ?? ''))}`, '');
      out.push(this.schemaTable(payload.schema, 'response', new Set()), '');
      out.push(...this.exampleBlocks(payload.examples));
    }
    out.push("## Your endpoint's answers", '');
    for (const response of webhook.responses) {
      out.push(`### ${response.status}`, '', cell(this.links(response.description)), '');
    }
    return this.page('webhook', webhook, webhook.event, out);
  }

  /** Operations in the definition's group order (the sidebar's), then webhook events. */
  pages(): ApiPage[] {
    const groupOrder = this.model.groups.map((g) => g.name);
    const rank = (page: ApiPage) => {
      const i = groupOrder.indexOf(page.tag);
      return i < 0 ? groupOrder.length : i;
    };
    const stable = (list: ApiPage[]) =>
      list
        .map((page, i) => ({page, i}))
        .sort((a, b) => rank(a.page) - rank(b.page) || a.i - b.i)
        .map((x) => x.page);
    return [
      ...stable(this.model.operations.map((op) => this.operationPage(op))),
      ...stable(this.model.webhooks.map((hook) => this.webhookPage(hook))),
    ];
  }
}
