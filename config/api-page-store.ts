/**
 * An API page's data as written to `api/{slug}.json` (plugins/api-reference/page-files.ts) and
 * read back by src/components/ApiPage: the page (./api-page.ts) with each response body whose
 * fields repeat an earlier response's written once. The errors of an operation share one body
 * (code, message, details...), so its fields came back once per status, about a third of every
 * page's data: data that the bundler, the server render and the browser each read. The page
 * restored is the page stored, to the byte (storeApiPage checks it), so the HTML is unchanged.
 */
import type {ApiBody, ApiField, ApiOperationPage, ApiPage, ApiResponse, ApiWebhookPage} from './api-page';

/** A body whose fields are those of the response `fieldsOf` (its status), each anchor moved under this response's. */
export interface SharedFieldsBody extends Omit<ApiBody, 'fields'> {
  fieldsOf: string;
}

export interface StoredApiResponse extends Omit<ApiResponse, 'body'> {
  body?: ApiBody | SharedFieldsBody;
}

type Stored<P extends ApiPage> = Omit<P, 'responses'> & {responses: StoredApiResponse[]};
export type StoredApiPage = Stored<ApiOperationPage> | Stored<ApiWebhookPage>;

/** JSON with every object's keys sorted: the same text for the same data, whatever order the keys were set in. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );

/** The fields with every anchor under `from` (a response's anchor) moved under `to`. */
function moveAnchors(fields: readonly ApiField[], from: string, to: string): ApiField[] {
  return fields.map((field) => {
    const anchor =
      field.anchor === from || field.anchor.startsWith(`${from}.`)
        ? to + field.anchor.slice(from.length)
        : field.anchor;
    return {...field, anchor, children: moveAnchors(field.children, from, to)};
  });
}

export function storeApiPage(page: ApiPage): StoredApiPage {
  const responses: StoredApiResponse[] = page.responses.map((response, index) => {
    const {body} = response;
    if (!body) return response;
    const fields = JSON.stringify(body.fields);
    const earlier = page.responses
      .slice(0, index)
      .find(
        (other) =>
          other.body && JSON.stringify(moveAnchors(other.body.fields, other.anchor, response.anchor)) === fields,
      );
    if (!earlier) return response;
    const shared: SharedFieldsBody = {
      mediaType: body.mediaType,
      required: body.required,
      fieldsOf: earlier.status,
      examples: body.examples,
    };
    if (body.descriptionHtml !== undefined) shared.descriptionHtml = body.descriptionHtml;
    return {...response, body: shared};
  });
  const stored = {...page, responses} as StoredApiPage;
  if (canonical(restoreApiPage(stored)) !== canonical(page)) {
    throw new Error(`api-page-store: the page "${page.slug}" does not come back the same once stored`);
  }
  return stored;
}

export function restoreApiPage(stored: StoredApiPage): ApiPage {
  const restored: ApiResponse[] = [];
  for (const response of stored.responses) {
    const body = response.body;
    if (!body || !('fieldsOf' in body)) {
      restored.push(response as ApiResponse);
      continue;
    }
    const source = restored.find((other) => other.status === body.fieldsOf);
    if (!source?.body) {
      throw new Error(
        `api-page-store: ${stored.slug} ${response.status} takes its fields from ${body.fieldsOf}, which has none`,
      );
    }
    const fields = moveAnchors(source.body.fields, source.anchor, response.anchor);
    const full: ApiBody = {mediaType: body.mediaType, required: body.required, fields, examples: body.examples};
    if (body.descriptionHtml !== undefined) full.descriptionHtml = body.descriptionHtml;
    restored.push({...response, body: full});
  }
  return {...stored, responses: restored} as ApiPage;
}
