/**
 * The height an API section (and each response in one) holds before it is first drawn. A section
 * out of view is neither styled nor laid out (`content-visibility: auto`, src/css/api-reference.css)
 * and holds this height instead. With one height for every section, a long parameter list stood
 * in at 640 px for its 1,705, the responses below it seemed to be on the first screen of a phone,
 * and the browser laid out every response field (26,804 px on /api/get-invoices) while the page
 * loaded, only to skip them again a frame later. Drawn, a section is about one pixel tall per
 * character of its text at every width (0.8 to 1.2 on the operation pages, at 412 and 1,280 px),
 * so its text length is the height it holds.
 */
import type {CSSProperties} from 'react';
import type {ApiBody, ApiField, ApiResponse} from '@site/config/api-page';

/** The length of the text an HTML fragment shows (tags dropped; an entity counts as a few). */
const textLength = (html: string | undefined): number => (html ? html.replace(/<[^>]*>/g, '').length : 0);

export function fieldsTextLength(fields: readonly ApiField[]): number {
  return fields.reduce(
    (sum, field) =>
      sum +
      field.name.length +
      field.type.length +
      field.marks.join(' ').length +
      textLength(field.descriptionHtml) +
      field.facts.reduce((facts, fact) => facts + textLength(fact), 0) +
      fieldsTextLength(field.children),
    0,
  );
}

export function bodyTextLength(body: ApiBody | undefined): number {
  return body ? textLength(body.descriptionHtml) + fieldsTextLength(body.fields) : 0;
}

export function responseTextLength(response: ApiResponse): number {
  return (
    textLength(response.descriptionHtml) +
    response.errorCodes.reduce((codes, {code}) => codes + code.length, 0) +
    fieldsTextLength(response.headers) +
    bodyTextLength(response.body)
  );
}

/** A section's or a response's style: its text length, which the stylesheet turns into the height it holds. */
export function sectionSize(characters: number): CSSProperties {
  return {'--section-characters': characters} as CSSProperties;
}
