/**
 * Writes the Markdown twin of every API operation page and webhook event page from the bundled
 * definition (static/openapi.json), the same source the pages are generated from.
 *
 * The pages' HTML now holds every parameter, field, response and example (rendered on the
 * server: packages/kestrel-theme/bundler/server-rendered-api.ts), so @signalwire/docusaurus-plugin-llms-txt could write
 * these twins from it as it does the guides'. We keep this writer because, for an API page, the
 * definition makes the better twin:
 * - a schema becomes one table, a row per field path (`amount.currency`) with type, required,
 *   constraints and description; the HTML is a tree of collapsible lists and tabs (oneOf options,
 *   one panel per response code and example) that would have to be read back into that shape
 *   from the theme's class names, which change between theme releases;
 * - the tables of a named schema (`Invoice`) are identical on every page, which is what lets
 *   llms-full.txt point back to the first one instead of repeating it (./llms-files.ts): the
 *   HTML inlines schemas without their names;
 * - it reads only the definition, so it does not depend on what the theme draws.
 */
import kebabCase from 'lodash/kebabCase';
import {SCHEME_LABELS} from '../openapi-api-page';
import {twinPath} from '../../config/twin-path';
import {valueAt} from '../../scripts/json-pointer.mjs';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the definition's shape is redocly lint's to check, not the compiler's
type Json = Record<string, any>;
export type Definition = Json;

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

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

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

export class OpenApiMarkdown {
  constructor(
    private readonly doc: Definition,
    /** The site's baseUrl without its trailing slash (`''` for `/`): links are root-relative. */
    private readonly baseUrl: string,
  ) {}

  private resolve(ref: string): Json {
    if (!ref.startsWith('#/')) throw new Error(`openapi-markdown: external $ref ${ref} is not bundled`);
    const target = valueAt(this.doc, ref) as Json | undefined;
    if (target === undefined) throw new Error(`openapi-markdown: $ref ${ref} does not resolve`);
    return target;
  }

  /** Follows $ref chains; keywords beside a $ref (OpenAPI 3.1) override the target's. */
  deref(node: Json | undefined): {node: Json; name?: string} {
    let current: Json = node ?? {};
    let name: string | undefined;
    const overrides: Json[] = [];
    for (let hops = 0; current.$ref; hops++) {
      if (hops > 20) throw new Error(`openapi-markdown: $ref cycle at ${current.$ref}`);
      const {$ref, ...rest} = current;
      overrides.unshift(rest);
      name = String($ref).split('/').pop();
      current = this.resolve($ref);
    }
    return {node: Object.assign({}, current, ...overrides), name};
  }

  /** Links in definition text point at the Markdown twins, root-relative like the other twins'. */
  private links(markdown: string): string {
    return markdown.replace(/\]\((\/[^)\s]*)\)/g, (_, href: string) => {
      const url = new URL(href, 'http://site.invalid');
      return `](${this.baseUrl}${twinPath(url.pathname)}${url.hash})`;
    });
  }

  typeLabel(schema: Json, name?: string): string {
    if (schema.type === 'array' || (Array.isArray(schema.type) && schema.type.includes('array'))) {
      const items = this.deref(schema.items);
      return `array of ${this.typeLabel(items.node, items.name)}`;
    }
    const types: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
    const base = types.filter((t) => t !== 'null');
    let label = base.join(' or ') || (schema.properties ? 'object' : 'any');
    if (schema.format) label += ` (${schema.format})`;
    if (name && (label === 'object' || schema.enum)) label += ` (${name})`;
    if (types.includes('null')) label += ' or null';
    return label;
  }

  /** Description plus what a reader needs to send a valid value: enum, bounds, pattern, default. */
  describe(schema: Json): string {
    const parts: string[] = [];
    if (schema.description) parts.push(cell(this.links(schema.description)));
    if (Array.isArray(schema.enum)) {
      const notes: Record<string, string> = schema['x-enumDescriptions'] ?? {};
      const values = schema.enum.filter((v: unknown) => v !== null);
      parts.push(
        Object.keys(notes).length
          ? `Values: ${values.map((v: unknown) => `${code(v)}${notes[String(v)] ? ` (${cell(notes[String(v)]!)})` : ''}`).join('; ')}.`
          : `One of ${values.map(code).join(', ')}.`,
      );
    }
    const range = (min: unknown, max: unknown, unit: string) => {
      if (min !== undefined && max !== undefined) parts.push(`${min} to ${max}${unit}.`);
      else if (min !== undefined) parts.push(`At least ${min}${unit}.`);
      else if (max !== undefined) parts.push(`At most ${max}${unit}.`);
    };
    range(schema.minLength, schema.maxLength, ' characters');
    range(schema.minimum, schema.maximum, '');
    range(schema.minItems, schema.maxItems, ' items');
    if (schema.pattern) parts.push(`Pattern: ${code(schema.pattern)}.`);
    if (schema.default !== undefined) parts.push(`Default: ${code(JSON.stringify(schema.default))}.`);
    return parts.join(' ');
  }

  /**
   * One row per field, nested objects and arrays of objects flattened as `a.b` and `a[].b`. A named
   * schema (`Money`, `Currency`) is spelled out where it first appears on the page (`shown`); later
   * fields of that schema point back to it, which keeps llms-full.txt within its size budget.
   */
  fieldRows(
    schema: Json,
    direction: 'request' | 'response',
    shown: Set<string>,
    prefix = '',
    seen: string[] = [],
  ): string[] {
    const rows: string[] = [];
    const required = new Set<string>(schema.required ?? []);
    for (const [key, raw] of Object.entries<Json>(schema.properties ?? {})) {
      const {node, name} = this.deref(raw);
      if (direction === 'request' && node.readOnly) continue;
      if (direction === 'response' && node.writeOnly) continue;
      const field = `${prefix}${key}`;
      const items = node.type === 'array' ? this.deref(node.items) : undefined;
      const expands = Boolean(node.properties || items?.node.properties || node.enum);
      const shared = name && expands ? `${direction}:${name}` : undefined;
      const repeat = shared !== undefined && shown.has(shared);
      let description = this.describe(node);
      if (repeat && node.enum) {
        description = [cell(this.links(raw.description ?? node.description ?? '')), `A ${code(name)} value, as above.`]
          .filter(Boolean)
          .join(' ');
      } else if (repeat) {
        description = [cell(this.links(raw.description ?? node.description ?? '')), `Fields as in ${code(name)} above.`]
          .filter(Boolean)
          .join(' ');
      }
      rows.push(
        `| ${code(field)} | ${cell(this.typeLabel(node, name))} | ${required.has(key) ? 'yes' : 'no'} | ${description} |`,
      );
      if (repeat || (name && seen.includes(name))) continue;
      if (shared) shown.add(shared);
      const next = name ? [...seen, name] : seen;
      if (node.properties) rows.push(...this.fieldRows(node, direction, shown, `${field}.`, next));
      if (items?.node.properties && !(items.name && seen.includes(items.name))) {
        const itemsShared = items.name ? `${direction}:${items.name}` : undefined;
        if (itemsShared && shown.has(itemsShared) && !node.properties) {
          rows[rows.length - 1] = rows[rows.length - 1]!.replace(
            / \|$/,
            ` Item fields as in ${code(items.name)} above. |`,
          );
          continue;
        }
        if (itemsShared) shown.add(itemsShared);
        rows.push(
          ...this.fieldRows(items.node, direction, shown, `${field}[].`, items.name ? [...next, items.name] : next),
        );
      }
      if (node.additionalProperties && typeof node.additionalProperties === 'object') {
        const values = this.deref(node.additionalProperties);
        rows.push(`| ${code(`${field}.*`)} | ${cell(this.typeLabel(values.node, values.name))} | no | Any key. |`);
      }
    }
    return rows;
  }

  schemaTable(schemaRef: Json, direction: 'request' | 'response', shown: Set<string>): string {
    const {node, name} = this.deref(schemaRef);
    const intro = name
      ? `Schema ${code(name)}${node.description ? `: ${cell(this.links(node.description))}` : '.'}`
      : '';
    if (!node.properties) {
      return [intro, '', `Type: ${this.typeLabel(node, name)}. ${this.describe(node)}`.trim()].join('\n');
    }
    return [
      intro,
      '',
      '| Field | Type | Required | Description |',
      '| --- | --- | --- | --- |',
      ...this.fieldRows(node, direction, shown, '', name ? [name] : []),
    ]
      .join('\n')
      .trim();
  }

  private examples(media: Json): {name: string; summary?: string; value: unknown}[] {
    const found: {name: string; summary?: string; value: unknown}[] = [];
    for (const [name, raw] of Object.entries<Json>(media.examples ?? {})) {
      const {node} = this.deref(raw);
      found.push({name, summary: node.summary, value: node.value});
    }
    if (!found.length && media.example !== undefined) found.push({name: 'example', value: media.example});
    return found;
  }

  private jsonBlock(value: unknown): string {
    return ['```json', compactJson(value), '```'].join('\n');
  }

  parameters(pathItem: Json, operation: Json): Json[] {
    const byKey = new Map<string, Json>();
    for (const raw of [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])]) {
      const {node} = this.deref(raw);
      byKey.set(`${node.in}:${node.name}`, node);
    }
    return [...byKey.values()];
  }

  private parameterTable(parameters: Json[]): string[] {
    if (!parameters.length) return [];
    const rows = parameters.map((p) => {
      const {node: schema, name} = this.deref(p.schema);
      const example =
        p.example !== undefined
          ? ` Example: ${code(typeof p.example === 'string' ? p.example : JSON.stringify(p.example))}.`
          : '';
      const description = [cell(this.links(p.description ?? '')), this.describe({...schema, description: undefined})]
        .filter(Boolean)
        .join(' ');
      return `| ${code(p.name)} | ${p.in} | ${cell(this.typeLabel(schema, name))} | ${p.required ? 'yes' : 'no'} | ${description}${example} |`;
    });
    return [
      '## Parameters',
      '',
      '| Name | In | Type | Required | Description |',
      '| --- | --- | --- | --- | --- |',
      ...rows,
      '',
    ];
  }

  private security(operation: Json): string[] {
    const requirements: Json[] = operation.security ?? this.doc.security ?? [];
    if (!requirements.length) return [];
    const scopes = [...new Set(requirements.flatMap((r) => Object.values<string[]>(r).flat()))];
    const schemes = requirements
      .flatMap((r) => Object.keys(r))
      .map((s) => {
        const label = SCHEME_LABELS[s];
        if (!label) throw new Error(`openapi-markdown: no label for security scheme "${s}"`);
        return this.links(label);
      });
    return [
      `- **Authorization:** ${schemes.join(' or ')}`,
      `- **Scope:** ${scopes.length ? scopes.map(code).join(', ') : 'none'}`,
    ];
  }

  private curl(method: string, url: string, parameters: Json[], operation: Json, body: unknown): string {
    const lines = [`curl -X ${method.toUpperCase()} '${url}'`];
    const query = parameters.filter((p) => p.in === 'query' && p.required);
    if (query.length) {
      lines[0] = `curl -X ${method.toUpperCase()} '${url}?${query.map((p) => `${p.name}=${encodeURIComponent(String(p.example ?? ''))}`).join('&')}'`;
    }
    // Double quotes where the shell must expand: the key from the environment, a fresh UUID.
    if ((operation.security ?? this.doc.security ?? []).length)
      lines.push(`-H "Authorization: Bearer $KESTREL_API_KEY"`);
    for (const p of parameters.filter((x) => x.in === 'header' && x.required)) {
      lines.push(
        p.name === 'Idempotency-Key'
          ? `-H "Idempotency-Key: $(uuidgen)"`
          : `-H '${p.name}: ${String(p.example ?? '')}'`,
      );
    }
    if (body !== undefined) {
      lines.push(`-H 'Content-Type: application/json'`);
      lines.push(`-d '${compactJson(body).replace(/'/g, "'\\''")}'`);
    }
    return ['```bash', lines.join(' \\\n  '), '```'].join('\n');
  }

  /** Shared error responses (`#/components/responses/...`) that every operation can return. */
  private commonErrors(): Set<string> {
    const counts = new Map<string, number>();
    let operations = 0;
    for (const pathItem of Object.values<Json>(this.doc.paths ?? {})) {
      for (const method of METHODS) {
        if (!pathItem[method]) continue;
        operations++;
        for (const raw of Object.values<Json>(pathItem[method].responses ?? {})) {
          if (raw.$ref) counts.set(raw.$ref, (counts.get(raw.$ref) ?? 0) + 1);
        }
      }
    }
    return new Set([...counts].filter(([, n]) => n === operations).map(([ref]) => ref));
  }

  /**
   * Every error status with its problem codes, from the examples (the codes the API sends): a row
   * per status, except the answers every operation shares (401, 429, 500...), which one sentence
   * names. An answer shared from `components/responses` gets its title only: its description is
   * the same on every page that uses it, and the error codes of /api/introduction.md explain each
   * of its codes; spelled out on each page they would take a tenth of llms-full.txt.
   */
  private errors(responses: Json): {rows: string[]; common: string[]} {
    const rows: string[] = [];
    const common: string[] = [];
    const everywhere = this.commonErrors();
    for (const [status, raw] of Object.entries<Json>(responses)) {
      if (Number(status) < 400) continue;
      const {node} = this.deref(raw);
      const shared = Boolean(raw.$ref);
      const codes = new Set<string>();
      for (const media of Object.values<Json>(node.content ?? {})) {
        for (const example of this.examples(media)) {
          const value = example.value as {code?: string} | undefined;
          if (value?.code) codes.add(value.code);
        }
      }
      if (!codes.size) for (const m of String(node.description ?? '').matchAll(/code `([A-Z_]+)`/g)) codes.add(m[1]!);
      const description = cell(this.links(node.description ?? ''));
      const when = shared ? `${description.split(':')[0]}.` : description;
      if (raw.$ref && everywhere.has(raw.$ref)) common.push(`${status} (${[...codes].map(code).join(', ')})`);
      else rows.push(`| ${status} | ${[...codes].map(code).join(', ')} | ${when} |`);
    }
    return {rows, common};
  }

  private headerNote(responses: Json): string[] {
    const statuses = new Map<string, string[]>();
    const all = Object.keys(responses);
    for (const [status, raw] of Object.entries<Json>(responses)) {
      for (const header of Object.keys(this.deref(raw).node.headers ?? {})) {
        statuses.set(header, [...(statuses.get(header) ?? []), status]);
      }
    }
    if (!statuses.size) return [];
    const everywhere = [...statuses].filter(([, s]) => s.length === all.length).map(([h]) => code(h));
    const some = [...statuses].filter(([, s]) => s.length !== all.length);
    const sentences: string[] = [];
    if (everywhere.length) sentences.push(`Response headers: ${everywhere.join(', ')}`);
    for (const [header, s] of some) sentences.push(`${code(header)} on ${s.join(', ')}`);
    return [`${sentences.join('; ')} ([rate limits](${this.baseUrl}/rate-limits.md)).`, ''];
  }

  /** An API page from its Markdown lines; `path` is the operation's path or the event type. */
  private page(
    kind: ApiPage['kind'],
    slug: string,
    method: string,
    path: string,
    operation: Json,
    lines: string[],
  ): ApiPage {
    return {
      kind,
      route: `${this.baseUrl}/api/${slug}`,
      slug,
      title: operation.summary,
      summary: firstSentence(operation.description ?? operation.summary),
      method: method.toUpperCase(),
      path,
      tag: operation.tags?.[0] ?? '',
      markdown:
        lines
          .join('\n')
          .replace(/\n{3,}/g, '\n\n')
          .trimEnd() + '\n',
    };
  }

  operationPage(method: string, path: string, pathItem: Json, operation: Json): ApiPage {
    const slug = kebabCase(operation.operationId ?? operation.summary);
    const server = this.doc.servers?.[0]?.url ?? '';
    const sandbox = this.doc.servers?.find((s: Json) => /sandbox/i.test(s.description ?? s.url))?.url;
    const parameters = this.parameters(pathItem, operation);
    const shown = new Set<string>();
    const out: string[] = [
      `# ${operation.summary}`,
      '',
      '```http',
      `${method.toUpperCase()} ${server}${path}`,
      '```',
      '',
    ];
    out.push(this.links(operation.description ?? '').trim(), '');
    out.push(...this.security(operation));
    if (sandbox) out.push(`- **Sandbox base URL:** ${code(sandbox)}`);
    out.push(`- **Operation ID:** ${code(operation.operationId)} (group: ${operation.tags?.[0] ?? 'none'})`, '');
    out.push(...this.parameterTable(parameters));

    const requestBody = operation.requestBody ? this.deref(operation.requestBody).node : undefined;
    let firstBody: unknown;
    if (requestBody) {
      out.push('## Request body', '');
      for (const [type, media] of Object.entries<Json>(requestBody.content ?? {})) {
        out.push(
          `${code(type)}, ${requestBody.required ? 'required' : 'optional'}. ${cell(this.links(requestBody.description ?? ''))}`,
          '',
        );
        out.push(this.schemaTable(media.schema, 'request', shown), '');
        const examples = this.examples(media);
        firstBody ??= examples[0]?.value;
        for (const example of examples.slice(1)) {
          out.push(
            `Example ${code(example.name)}${example.summary ? `: ${cell(example.summary)}` : ''}`,
            '',
            this.jsonBlock(example.value),
            '',
          );
        }
      }
    }
    out.push('## Example request', '', this.curl(method, `${server}${path}`, parameters, operation, firstBody), '');

    out.push('## Responses', '');
    for (const [status, raw] of Object.entries<Json>(operation.responses ?? {})) {
      if (Number(status) >= 400) continue;
      const {node} = this.deref(raw);
      out.push(`### ${status}`, '', this.links(node.description ?? '').trim(), '');
      for (const [type, media] of Object.entries<Json>(node.content ?? {})) {
        out.push(`Body: ${code(type)}.`, '', this.schemaTable(media.schema, 'response', shown), '');
        for (const example of this.examples(media)) {
          out.push(
            `Example ${code(example.name)}${example.summary ? `: ${cell(example.summary)}` : ''}`,
            '',
            this.jsonBlock(example.value),
            '',
          );
        }
      }
    }
    out.push(...this.headerNote(operation.responses ?? {}));

    const {rows, common} = this.errors(operation.responses ?? {});
    if (rows.length || common.length) {
      out.push(
        '## Errors',
        '',
        `Branch on \`code\`: the [error codes](${this.baseUrl}/api/introduction.md#error-codes) say what each means and what to do.`,
        '',
      );
      if (rows.length) out.push('| Status | Code | When |', '| --- | --- | --- |', ...rows, '');
      if (common.length) out.push(`Like every operation, it can also answer ${common.join(', ')}.`, '');
    }
    return this.page('operation', slug, method, path, operation, out);
  }

  webhookPage(eventType: string, method: string, operation: Json): ApiPage {
    const slug = kebabCase(operation.operationId ?? operation.summary);
    const out: string[] = [`# ${operation.summary}`, ''];
    out.push(
      `Webhook event ${code(eventType)}: Kestrel sends \`${method.toUpperCase()}\` to the \`webhookUrl\` of each [subscription](${this.baseUrl}/webhooks/setting-up-webhooks.md) to this event type.`,
      '',
      this.links(operation.description ?? '').trim(),
      '',
    );
    const parameters = this.parameters({}, operation);
    if (parameters.length) {
      out.push(...this.parameterTable(parameters).map((l) => (l === '## Parameters' ? '## Headers' : l)));
      out.push(
        `Verify the signature before you trust the body: see [Webhook signature verification](${this.baseUrl}/webhooks/signature-verification.md).`,
        '',
      );
    }
    const requestBody = operation.requestBody ? this.deref(operation.requestBody).node : undefined;
    if (requestBody) {
      out.push('## Payload', '');
      for (const [type, media] of Object.entries<Json>(requestBody.content ?? {})) {
        out.push(`${code(type)}. ${cell(this.links(requestBody.description ?? ''))}`, '');
        out.push(this.schemaTable(media.schema, 'response', new Set()), '');
        for (const example of this.examples(media)) {
          out.push(
            `Example ${code(example.name)}${example.summary ? `: ${cell(example.summary)}` : ''}`,
            '',
            this.jsonBlock(example.value),
            '',
          );
        }
      }
    }
    out.push('## Your response', '');
    for (const [status, raw] of Object.entries<Json>(operation.responses ?? {})) {
      out.push(`- **${status}:** ${cell(this.links(this.deref(raw).node.description ?? ''))}`);
    }
    return this.page('webhook', slug, method, eventType, operation, out);
  }

  /** Operations in the definition's tag order (the sidebar's), then webhook events. */
  pages(): ApiPage[] {
    const tagOrder: string[] = (this.doc.tags ?? []).map((t: Json) => t.name);
    const rank = (page: ApiPage) => {
      const i = tagOrder.indexOf(page.tag);
      return i < 0 ? tagOrder.length : i;
    };
    const operations: ApiPage[] = [];
    for (const [path, pathItem] of Object.entries<Json>(this.doc.paths ?? {})) {
      for (const method of METHODS) {
        if (pathItem[method]) operations.push(this.operationPage(method, path, pathItem, pathItem[method]));
      }
    }
    const webhooks: ApiPage[] = [];
    for (const [eventType, pathItem] of Object.entries<Json>(this.doc.webhooks ?? {})) {
      for (const method of METHODS) {
        if (pathItem[method]) webhooks.push(this.webhookPage(eventType, method, pathItem[method]));
      }
    }
    const stable = (list: ApiPage[]) =>
      list
        .map((page, i) => ({page, i}))
        .sort((a, b) => rank(a.page) - rank(b.page) || a.i - b.i)
        .map((x) => x.page);
    return [...stable(operations), ...stable(webhooks)];
  }
}
