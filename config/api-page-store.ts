/**
 * An API page's data as written to `api/{slug}.json` (plugins/api-reference/page-files.ts) and
 * read back by src/components/ApiPage: the page (./api-page.ts) with each response body whose
 * fields repeat an earlier response's written once, and each response header that repeats an
 * earlier response's header of the same name written once. The errors of an operation share one
 * body (code, message, details...), and every answer carries the same `RateLimit-*` and
 * `Kestrel-Version` headers, so they came back once per status: data that the bundler, the server
 * render and the browser each read. The page restored is the page stored, to the byte
 * (storeApiPage checks it), so the HTML is unchanged.
 */
import type {ApiBody, ApiField, ApiOperationPage, ApiPage, ApiResponse, ApiWebhookPage} from './api-page';

/** A body whose fields are those of the response `fieldsOf` (its status), each anchor moved under this response's. */
export interface SharedFieldsBody extends Omit<ApiBody, 'fields'> {
  fieldsOf: string;
}

/** A header that is the earlier response `headerOf`'s header of the same name, its anchor moved under this response's. */
export interface SharedHeader {
  name: string;
  headerOf: string;
}

export interface StoredApiResponse extends Omit<ApiResponse, 'body' | 'headers'> {
  body?: ApiBody | SharedFieldsBody;
  headers: (ApiField | SharedHeader)[];
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

/** The headers of `response`, each one an earlier response carries the same (anchors aside) written as a reference. */
function storeHeaders(response: ApiResponse, earlier: readonly ApiResponse[]): (ApiField | SharedHeader)[] {
  return response.headers.map((header) => {
    const text = JSON.stringify(header);
    const source = earlier.find((other) =>
      other.headers.some(
        (h) => h.name === header.name && JSON.stringify(moveAnchors([h], other.anchor, response.anchor)[0]) === text,
      ),
    );
    return source ? {name: header.name, headerOf: source.status} : header;
  });
}

export function storeApiPage(page: ApiPage): StoredApiPage {
  const responses: StoredApiResponse[] = page.responses.map((full, index) => {
    const response: StoredApiResponse = {...full, headers: storeHeaders(full, page.responses.slice(0, index))};
    const {body} = full;
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

function restoreHeaders(stored: StoredApiPage, response: StoredApiResponse, restored: readonly ApiResponse[]) {
  return response.headers.map((header): ApiField => {
    if (!('headerOf' in header)) return header;
    const source = restored.find((other) => other.status === header.headerOf);
    const found = source?.headers.find((h) => h.name === header.name);
    if (!source || !found) {
      throw new Error(
        `api-page-store: ${stored.slug} ${response.status} takes its ${header.name} header from ${header.headerOf}, which has none`,
      );
    }
    return moveAnchors([found], source.anchor, response.anchor)[0]!;
  });
}

export function restoreApiPage(stored: StoredApiPage): ApiPage {
  const restored: ApiResponse[] = [];
  for (const storedResponse of stored.responses) {
    const response = {...storedResponse, headers: restoreHeaders(stored, storedResponse, restored)};
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
