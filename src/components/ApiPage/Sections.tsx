/** The left column's sections: parameters by location, a body, and the responses per status. */
import React, {type ReactNode} from 'react';
import Heading from '@theme/Heading';
import Link from '@docusaurus/Link';
import type {ApiBody, ApiField, ApiListFilter, ApiParameterGroups, ApiResponse} from '@site/config/api-page';
import {errorCodeHref} from '@site/config/error-catalogue';
import FieldList from './FieldTree';
import Html from './Html';
import {bodyTextLength, fieldsTextLength, responseTextLength, sectionSize} from './sectionSize';

const LOCATIONS = [
  ['path', 'Path parameters'],
  ['query', 'Query parameters'],
  ['header', 'Header parameters'],
] as const;

/** `a`, `b` and `c`: each name as code. */
function codeList(names: readonly string[]): ReactNode[] {
  return names.flatMap((name, i) => [
    i === 0 ? '' : i === names.length - 1 ? ' and ' : ', ',
    <code key={name}>{name}</code>,
  ]);
}

/**
 * The fields a list's `$filter` and `$orderby` may name, from the definition's `x-filterable`:
 * under the operation's description, where a reader (and the search index, which reads a page's
 * text before its first heading) meets what the list is for.
 */
export function ListFilterFields({filterable}: {filterable: ApiListFilter}): ReactNode {
  return (
    <div className="api-filterable" id="filterable">
      <p className="api-filterable__title">
        <strong>Filter and sort on</strong>
      </p>
      <p>
        <code>$filter</code> compares and <code>$orderby</code> sorts on {codeList(filterable.fields)}. A filter on
        another field answers <code>400</code> <code>INVALID_QUERY_OPTION</code>, naming these.
      </p>
      {filterable.any.map(({collection, fields}) => (
        <p key={collection}>
          Inside each item&apos;s <code>{collection}</code>, <code>$filter</code> reaches{' '}
          {codeList(fields.map((field) => `d/${field}`))} with <code>{`${collection}/any(d: ...)`}</code>.
        </p>
      ))}
      {filterable.examples.length > 0 && (
        <ul className="api-filterable__examples">
          {filterable.examples.map(({filter, finds}) => (
            <li key={filter}>
              <code>{`$filter=${filter}`}</code>
              {finds && `: ${finds}`}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function Parameters({groups}: {groups: ApiParameterGroups}): ReactNode {
  const shown = LOCATIONS.filter(([where]) => groups[where].length > 0);
  if (shown.length === 0) return null;
  return (
    <section
      className="api-section api-parameters"
      style={sectionSize(shown.reduce((sum, [where]) => sum + fieldsTextLength(groups[where]), 0))}
    >
      <Heading as="h2" id="parameters">
        Parameters
      </Heading>
      {shown.map(([where, title]) => (
        <div key={where} className={`api-parameters__group api-parameters__group--${where}`}>
          <Heading as="h3">{title}</Heading>
          <FieldList fields={groups[where]} />
        </div>
      ))}
    </section>
  );
}

export function Headers({title, headers}: {title: string; headers: readonly ApiField[]}): ReactNode {
  if (headers.length === 0) return null;
  return (
    <div className="api-headers">
      <Heading as="h4">{title}</Heading>
      <FieldList fields={headers} />
    </div>
  );
}

export function BodyFields({body, title}: {body: ApiBody; title: string}): ReactNode {
  return (
    <div className="api-body">
      <p className="api-body__line">
        <strong>{title}</strong> <code>{body.mediaType}</code>
        {body.required && <span className="api-field__required">required</span>}
      </p>
      <Html html={body.descriptionHtml} />
      <FieldList fields={body.fields} />
    </div>
  );
}

export function RequestBody({body}: {body: ApiBody}): ReactNode {
  return (
    <section className="api-section api-request-body" style={sectionSize(bodyTextLength(body))}>
      <Heading as="h2" id="request">
        Request body
      </Heading>
      <BodyFields body={body} title="Body" />
    </section>
  );
}

function ResponseBlock({response, characters}: {response: ApiResponse; characters: number}): ReactNode {
  return (
    <section className="api-response" aria-labelledby={response.anchor} style={sectionSize(characters)}>
      <Heading as="h3" className="api-response__status" id={response.anchor}>
        {response.status}
      </Heading>
      <Html html={response.descriptionHtml} />
      {response.errorCodes.length > 0 && (
        <div className="api-error-codes">
          <Heading as="h4">Error codes</Heading>
          <ul>
            {response.errorCodes.map(({code, anchor}) => (
              <li key={code}>
                <Link to={errorCodeHref(code)}>
                  <code className="api-error-code" id={anchor} data-error-code={code}>
                    {code}
                  </code>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
      <Headers title="Headers" headers={response.headers} />
      {response.body && <BodyFields body={response.body} title="Body" />}
    </section>
  );
}

export function Responses({
  responses,
  title = 'Responses',
}: {
  responses: readonly ApiResponse[];
  title?: string;
}): ReactNode {
  // Each response's text length once: a response holds its own, the section their sum.
  const sized = responses.map((response) => ({response, characters: responseTextLength(response)}));
  return (
    <section
      className="api-section api-responses"
      style={sectionSize(sized.reduce((sum, {characters}) => sum + characters, 0))}
    >
      <Heading as="h2" id="responses">
        {title}
      </Heading>
      {sized.map(({response, characters}) => (
        <ResponseBlock key={response.status} response={response} characters={characters} />
      ))}
    </section>
  );
}
