/**
 * get_operation and lookup_error, read from the definition model (definition/): an operation named
 * by slug, operationId or method and path, with a sample in a chosen language; an error code's
 * catalogue row with the operations that answer it. Unknown names are errors that name the closest.
 */
import type {ApiDefinition, ErrorCode, Operation} from '../definition/index.ts';
import type {OperationId} from '../definition/index.ts';
import {CODE_SAMPLE_LANGUAGES, sampleLanguage, tabLabel} from '../config/code-sample-languages.ts';
import {differencesOf} from '../sandbox/local-differences.ts';
import {closest} from './closest.ts';
import {catalogueRow, describeOperation} from './describe-operation.ts';

export type Answer = {ok: true; text: string} | {ok: false; error: string};

/** The operation a request that names none is shown as an example. */
const EXAMPLE_OPERATION: OperationId = 'issueInvoice';

export interface OperationQuery {
  slug?: string;
  operationId?: string;
  method?: string;
  path?: string;
  language?: string;
}

export const LANGUAGE_KEYS = CODE_SAMPLE_LANGUAGES.map((l) => l.key);
/** The languages as the operation pages' tabs name them. */
export const LANGUAGE_NAMES = CODE_SAMPLE_LANGUAGES.map((l) => tabLabel(l.label));

export class DefinitionLookup {
  private readonly file?: string;

  constructor(file?: string) {
    this.file = file;
  }

  private model!: ApiDefinition;

  /** Loads the model on first use (start-up does not wait for it); the model itself is cached per file version. */
  private async load(): Promise<void> {
    const {loadDefinition} = await import('../definition/index.ts');
    this.model = loadDefinition(this.file);
  }

  private catalogue(): Map<string, ErrorCode> {
    return new Map(this.model.errorCodes.map((c) => [c.code, c]));
  }

  private find(q: OperationQuery): Operation | string {
    const ops = this.model.operations;
    if (q.slug !== undefined) {
      const slug = q.slug.replace(/^\/?api\//, '').replace(/\.md$/, '');
      const op = ops.find((o) => o.slug === slug);
      if (op) return op;
      const webhook = this.model.webhooks.find((w) => w.slug === slug);
      if (webhook)
        return `${slug} is a webhook event (${webhook.event}), not an operation: read_page /api/${slug} describes its payload.`;
      return `No operation has the slug "${q.slug}". Closest: ${closest(
        slug,
        ops.map((o) => o.slug),
      ).join(', ')}.`;
    }
    if (q.operationId !== undefined) {
      const op = ops.find((o) => o.operationId === q.operationId);
      if (op) return op;
      return `No operation has the operationId "${q.operationId}". Closest: ${closest(
        q.operationId,
        ops.map((o) => o.operationId),
      ).join(', ')}.`;
    }
    if (q.method !== undefined && q.path !== undefined) {
      const method = q.method.toUpperCase();
      const path = q.path.replace(/^\/v1(?=\/)/, '').split('?')[0]!;
      const op = ops.find((o) => o.method === method && o.path === path);
      if (op) return op;
      const sameShape = (template: string) => new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path);
      const byShape = ops.find((o) => o.method === method && sameShape(o.path));
      if (byShape) return byShape;
      const paths = ops.map((o) => `${o.method} ${o.path}`);
      return `No operation is ${method} ${q.path}. Closest: ${closest(`${method} ${path}`, paths).join(', ')}.`;
    }
    // The example is an operation of the definition, its names read from the model.
    const example = ops.find((o) => o.operationId === EXAMPLE_OPERATION);
    if (!example) throw new Error(`the definition has no operation ${EXAMPLE_OPERATION}`);
    return `Name the operation: slug (${example.slug}), operationId (${example.operationId}), or method and path (${example.method} ${example.path}).`;
  }

  async getOperation(q: OperationQuery): Promise<Answer> {
    await this.load();
    const lang = sampleLanguage(q.language ?? 'curl');
    if (!lang)
      return {
        ok: false,
        error: `language "${q.language}" has no samples; one of: ${LANGUAGE_NAMES.join(', ')} (or its key: ${LANGUAGE_KEYS.join(', ')}).`,
      };
    const op = this.find(q);
    if (typeof op === 'string') return {ok: false, error: op};
    const sample = op.codeSamples.find((s) => s.lang === lang.codeSampleLanguage);
    return {
      ok: true,
      text: describeOperation(
        op,
        this.catalogue(),
        sample && {label: lang.label, highlight: lang.highlight, source: sample.source},
        differencesOf(op),
      ),
    };
  }

  async lookupError(code: string): Promise<Answer> {
    await this.load();
    const wanted = code.trim().toUpperCase();
    const row = this.catalogue().get(wanted);
    if (!row) {
      const codes = [...this.catalogue().keys()];
      return {
        ok: false,
        error: `No error code "${code}" in the catalogue. Closest: ${closest(wanted, codes).join(', ')}.`,
      };
    }
    const ops = row.operations.map((slug) => {
      const op = this.model.operations.find((o) => o.slug === slug)!;
      return `- ${op.method} ${op.path} (${slug})`;
    });
    return {
      ok: true,
      text: `${catalogueRow(row)}\n\nCatalogue row: /api/introduction#error-${row.code} (read_page /api/introduction#error-codes for the table)\n\nOperations that answer it (${ops.length}):\n${ops.join('\n') || '- none document it'}\n`,
    };
  }
}
