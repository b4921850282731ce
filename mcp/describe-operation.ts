/**
 * An operation of the definition model as compact Markdown for an assistant: endpoint, scopes and
 * idempotency; parameters; the request body's field tree with each field's constraints; responses
 * with their headers; each error status with its codes' catalogue rows; one code sample.
 */
import {factList, type Literals} from '../config/schema-words.ts';
import type {ErrorCode, Field, Operation, Parameter, SchemaFacts} from '../definition/index.ts';
import {RETRY_WORDS} from '../config/retry-advice.ts';

/** Long descriptions are cut here: the operation page (read_page) has them whole. */
const DESCRIPTION_CHARS = 300;

const oneLine = (text: string | undefined) => {
  const flat = (text ?? '').replace(/\s+/g, ' ').trim();
  return flat.length > DESCRIPTION_CHARS ? `${flat.slice(0, DESCRIPTION_CHARS).replace(/\s\S*$/, '')}…` : flat;
};

/** JSON values quoted as JSON (an assistant tells `"1"` from `1`), patterns as code. */
const LITERALS: Literals = {value: (value) => JSON.stringify(value), pattern: (pattern) => `\`${pattern}\``};

/**
 * A schema's type, constraints and marks in the pages' words (config/schema-words.ts), as one list:
 * `string (uuid), 1 to 64 characters, one of "A", "B", read-only`.
 */
export function constraints(s: SchemaFacts): string {
  return factList(s, LITERALS);
}

function parameterLine(p: Parameter): string {
  return `- ${p.in} \`${p.name}\`${p.required ? ' (required)' : ''}: ${constraints(p.schema)}. ${oneLine(p.description ?? p.schema.description)}`;
}

function fieldLines(field: Field, depth: number, out: string[]): void {
  for (const child of field.children) {
    const description = oneLine(child.description);
    out.push(
      `${'  '.repeat(depth)}- \`${child.path}\`${child.required ? ' (required)' : ''}: ${constraints(child)}${description ? `. ${description}` : ''}${child.recursive ? ' (same fields as above, recursively)' : ''}`,
    );
    if (!child.recursive) fieldLines(child, depth + 1, out);
  }
}

export function catalogueRow(row: ErrorCode): string {
  return [
    `\`${row.code}\` (${row.status ?? '?'})`,
    row.meaning ? `: ${oneLine(row.meaning)}` : '',
    row.retry ? ` Retry: ${RETRY_WORDS[row.retry]}.` : '',
    row.action ? ` What to do: ${oneLine(row.action)}` : '',
  ].join('');
}

export function describeOperation(
  op: Operation,
  catalogue: Map<string, ErrorCode>,
  sample: {label: string; highlight: string; source: string} | undefined,
  local: string[] = [],
): string {
  const out: string[] = [
    `# ${op.summary}`,
    '',
    `\`${op.method} ${op.path}\` · operationId \`${op.operationId}\` · page /api/${op.slug} (read_page for the whole page)`,
    `Scopes: ${op.scopes.length ? op.scopes.join(', ') : 'none'}. ${op.idempotent ? 'Takes an `Idempotency-Key` header (send one on every attempt).' : 'No Idempotency-Key.'}${op.deprecated ? ' Deprecated.' : ''}`,
  ];
  if (op.description) out.push('', oneLine(op.description));
  const params = [...op.parameters.path, ...op.parameters.query, ...op.parameters.header];
  if (params.length) out.push('', '## Parameters', ...params.map(parameterLine));
  if (op.requestBody) {
    out.push('', `## Request body (${op.requestBody.mediaType}${op.requestBody.required ? ', required' : ''})`);
    fieldLines(op.requestBody.schema, 0, out);
  }
  out.push('', '## Responses');
  for (const r of op.responses.filter((r) => !/^[45]/.test(r.status))) {
    const headers = r.headers.map((h) => h.name);
    out.push(`- ${r.status}: ${oneLine(r.description)}${headers.length ? ` Headers: ${headers.join(', ')}.` : ''}`);
    if (r.body) {
      const fields: string[] = [];
      fieldLines(r.body.schema, 1, fields);
      out.push(...fields.filter((line) => /^ {2}- /.test(line)));
    }
  }
  if (op.errors.length) {
    out.push('', '## Errors');
    for (const e of op.errors) {
      out.push(`- ${e.status}: ${oneLine(e.description)}`);
      for (const code of e.codes) {
        const row = catalogue.get(code);
        out.push(`  - ${row ? catalogueRow(row) : `\`${code}\``}`);
      }
    }
  }
  if (local.length)
    out.push(
      '',
      '## In the local sandbox',
      ...local,
      '- Every other difference from production: /sandbox#how-it-differs-from-the-sandbox.',
    );
  if (sample)
    out.push('', `## Sample (${sample.label})`, '', `\`\`\`${sample.highlight}`, sample.source.trimEnd(), '```');
  return `${out.join('\n')}\n`;
}
