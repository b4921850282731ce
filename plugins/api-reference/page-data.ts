/**
 * One page's data (config/api-page.ts) from the definition model: descriptions rendered to HTML,
 * types and constraints put in words, an anchor for every parameter, field and status.
 */
import type {
  ApiBody,
  ApiCodeSample,
  ApiField,
  ApiOperationPage,
  ApiResponse,
  ApiWebhookPage,
} from '../../config/api-page.ts';
import {CODE_SAMPLE_LANGUAGES} from '../../config/code-sample-languages.ts';
import {SCHEME_LABELS} from '../../config/security-schemes.ts';
import {
  errorCodeAnchor,
  fieldAnchor,
  PAYLOAD_ANCHOR,
  parameterAnchor,
  REQUEST_BODY_ANCHOR,
  responseAnchor,
  responseHeadersAnchor,
} from '../../definition/index.ts';
import {tryItOperation} from '../../definition/index.ts';
import type {
  ApiDefinition,
  Body,
  Field,
  Header,
  Json,
  Operation,
  Parameter,
  Response,
  Webhook,
} from '../../definition/index.ts';
import {factsInWords, marksOf, typeName} from './field-words.ts';
import {inlineMarkdownToHtml, markdownToHtml} from './markdown-html.ts';
import {highlightCodePacked} from '../highlight-code/highlight.ts';

/** A field and the fields below it; `anchorOf` turns its path into the row's element id. */
function fieldOf(field: Field, anchorOf: (path: string) => string, description = field.description): ApiField {
  const below = field.additionalProperties
    ? [...field.children, {...field.additionalProperties, name: '{key}'}]
    : field.children;
  const view: ApiField = {
    name: field.name,
    anchor: anchorOf(field.path),
    type: typeName(field),
    required: field.required,
    marks: marksOf(field),
    facts: factsInWords(field),
    children: below.map((child) => fieldOf(child, anchorOf)),
    recursive: field.recursive,
  };
  const html = markdownToHtml(description);
  if (html) view.descriptionHtml = html;
  return view;
}

const withExample = (field: Field, example: Json | undefined): Field =>
  example === undefined || field.example !== undefined ? field : {...field, example};

function parameterOf(parameter: Parameter | Header, anchorOf: (path: string) => string): ApiField {
  const schema = withExample(parameter.schema, parameter.example);
  return fieldOf(
    {...schema, name: parameter.name, path: parameter.name, required: parameter.required},
    anchorOf,
    parameter.description ?? schema.description,
  );
}

function bodyOf(body: Body, prefix: string): ApiBody {
  const anchorOf = (path: string) => fieldAnchor(prefix, path);
  const root = body.schema;
  // A body that is one plain value (not an object with fields) shows as one row named by its type.
  const fields =
    root.children.length || root.additionalProperties
      ? fieldOf(root, anchorOf).children
      : [fieldOf({...root, name: typeName(root), required: body.required}, anchorOf)];
  const view: ApiBody = {
    mediaType: body.mediaType,
    required: body.required,
    fields,
    examples: body.examples.map((example) => ({
      label: example.summary ?? example.name,
      packed: highlightCodePacked(JSON.stringify(example.value, null, 2), 'json'),
    })),
  };
  const html = markdownToHtml(body.description);
  if (html) view.descriptionHtml = html;
  return view;
}

/** Success first, then the errors, each in the definition's order. */
const statusRank = (status: string) => (status.startsWith('2') ? 0 : 1);

function responsesOf(responses: Response[]): ApiResponse[] {
  return [...responses]
    .sort((a, b) => statusRank(a.status) - statusRank(b.status))
    .map((response) => {
      const anchor = responseAnchor(response.status);
      const view: ApiResponse = {
        status: response.status,
        anchor,
        descriptionHtml: markdownToHtml(response.description),
        headers: response.headers.map((header) =>
          parameterOf(header, (path) => fieldAnchor(responseHeadersAnchor(response.status), path)),
        ),
        errorCodes: response.errorCodes.map((code) => ({code, anchor: errorCodeAnchor(response.status, code)})),
      };
      if (response.body) view.body = bodyOf(response.body, anchor);
      return view;
    });
}

function samplesOf(operation: Operation): ApiCodeSample[] {
  return CODE_SAMPLE_LANGUAGES.flatMap((language) => {
    const sample = operation.codeSamples.find((s) => s.lang === language.codeSampleLanguage);
    return sample
      ? [
          {
            language: language.key,
            label: sample.label ?? language.label,
            highlight: language.highlight,
            packed: highlightCodePacked(sample.source, language.highlight),
          },
        ]
      : [];
  });
}

/** "Authorization: API key (…) or OAuth 2.0 access token from …. Scope: `x`." as HTML. */
function authOf(operation: Operation): string {
  if (operation.security.length === 0) return '';
  const schemes = operation.security.map(({scheme}) => {
    const label = SCHEME_LABELS[scheme];
    if (!label) throw new Error(`api-reference: no label for the security scheme "${scheme}" (${operation.pointer})`);
    return label;
  });
  const scopes = operation.scopes.map((s) => `\`${s}\``).join(', ');
  return inlineMarkdownToHtml(
    `**Authorization:** ${[...new Set(schemes)].join(' or ')}.${scopes ? ` **Scope:** ${scopes}.` : ''}`,
  );
}

/** `versions`: the releases served (oldest first), which the explorer offers for `Kestrel-Version`. */
export function operationPage(
  model: ApiDefinition,
  operation: Operation,
  versions?: readonly string[],
): ApiOperationPage {
  const {path, query, header} = operation.parameters;
  const page: ApiOperationPage = {
    kind: 'operation',
    slug: operation.slug,
    summary: operation.summary,
    descriptionHtml: markdownToHtml(operation.description),
    method: operation.method,
    path: operation.path,
    serverUrl: model.servers[0]?.url ?? '',
    authHtml: authOf(operation),
    scopes: operation.scopes,
    idempotent: operation.idempotent,
    deprecated: operation.deprecated,
    parameters: {
      path: path.map((p) => parameterOf(p, (at) => parameterAnchor('path', at))),
      query: query.map((p) => parameterOf(p, (at) => parameterAnchor('query', at))),
      header: header.map((p) => parameterOf(p, (at) => parameterAnchor('header', at))),
    },
    responses: responsesOf(operation.responses),
    samples: samplesOf(operation),
    tryIt: tryItOperation(model, operation, versions),
  };
  if (operation.requestBody) page.requestBody = bodyOf(operation.requestBody, REQUEST_BODY_ANCHOR);
  if (operation.filterable) page.filterable = operation.filterable;
  return page;
}

export function webhookPage(webhook: Webhook): ApiWebhookPage {
  const page: ApiWebhookPage = {
    kind: 'webhook',
    slug: webhook.slug,
    summary: webhook.summary,
    descriptionHtml: markdownToHtml(webhook.description),
    event: webhook.event,
    method: webhook.method,
    headers: webhook.headers.map((h) => parameterOf(h, (at) => parameterAnchor('header', at))),
    responses: responsesOf(webhook.responses),
  };
  if (webhook.payload) page.payload = bodyOf(webhook.payload, PAYLOAD_ANCHOR);
  return page;
}
